#!/bin/sh
# The build contrib/install.sh installs and the benchmarks measure, into .build-static:
# release, with the Swift runtime linked in (the binary does not depend on where the toolchain
# lives, and is 6-7 MB smaller resident), linked by lld with packed relative relocations
# (DT_RELR: 2 MB of relocations become 16 KB, and the loader no longer makes all of them
# resident at start). What a daemon keeps resident (contrib/bench/results/README.md):
# - no symbols exported: the Swift runtime's link arguments ask for -export-dynamic, 10,000
#   names every library's symbol lookups searched first (0.4 to 1.3 MB); nothing looks a name
#   up in the executable;
# - the functions a daemon runs from start to rest and through its first sound first in
#   .text, side by side (hot-code.txt, listed by contrib/bench/hot-code.py): the kernel maps
#   the 64 KB around each page of code touched, so scattered they kept 4 MB more; every Swift
#   function in a section of its own (swiftc gives one to public functions only), so that the
#   linker can move it alone;
# - libstdc++ (the Swift runtime's C++) linked in, among the other hot functions: the shared
#   library kept 1.4 MB, mostly its relocations and start-up. The runtime's link arguments name
#   -lstdc++, so a directory searched first offers the archive under the shared library's name.
# From a git checkout, `nudge --version` names the commit it was built from (with -dirty for
# uncommitted changes to tracked files). Extra arguments go to `swift build`.
set -eu
cd "$(dirname "$0")/../.."
commit=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    commit=$(git rev-parse --short=12 HEAD)
    git diff --quiet HEAD -- || commit="$commit-dirty"
fi
archive=$(clang -print-file-name=libstdc++.a)
[ -f "$archive" ] || { echo "build-release.sh: libstdc++.a is missing; install libstdc++-12-dev" >&2; exit 69; }
mkdir -p .build-static/libstdc++
ln -sf "$archive" .build-static/libstdc++/libstdc++.so
exec swift build -c release --product nudge --static-swift-stdlib --scratch-path .build-static \
    -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
    -Xswiftc -L -Xswiftc "$(pwd)/.build-static/libstdc++" \
    -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
    -Xlinker --symbol-ordering-file="$(pwd)/contrib/scripts/hot-code.txt" -Xlinker --no-warn-symbol-ordering \
    -Xcc "-DNUDGE_COMMIT=\"$commit\"" "$@"
