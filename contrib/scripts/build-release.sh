#!/bin/sh
# The build contrib/install.sh installs and the benchmarks measure, into .build-static:
# release, with the Swift runtime linked in (the binary does not depend on where the toolchain
# lives, and is 6-7 MB smaller resident), linked by lld with packed relative relocations
# (DT_RELR: 2 MB of relocations become 16 KB, and the loader no longer makes all of them
# resident at start). Its symbols are not exported (the Swift runtime's link arguments ask for
# -export-dynamic: 10,000 names, which every library's symbol lookups searched first, 2 MB
# resident; nothing looks a name up in the executable), and the functions a daemon runs from start to rest and through
# its first sound come first in .text, side by side (hot-code.txt, made by
# contrib/bench/hot-code.py): the kernel maps the 64 KB around each page of code touched, so
# scattered, they kept 5 MB more resident. Every Swift function gets a section of its own
# (swiftc gives one to public functions only), so that the linker can move it alone. From a git checkout, `nudge --version` names the
# commit it was built from (with -dirty for uncommitted changes to tracked files). Extra
# arguments go to `swift build`.
set -eu
cd "$(dirname "$0")/../.."
commit=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    commit=$(git rev-parse --short=12 HEAD)
    git diff --quiet HEAD -- || commit="$commit-dirty"
fi
exec swift build -c release --product nudge --static-swift-stdlib --scratch-path .build-static \
    -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
    -Xlinker --symbol-ordering-file="$(pwd)/contrib/scripts/hot-code.txt" -Xlinker --no-warn-symbol-ordering \
    -Xcc "-DNUDGE_COMMIT=\"$commit\"" "$@"
