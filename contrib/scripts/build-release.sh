#!/bin/sh
# The build contrib/install.sh installs and the benchmarks measure, into .build-static:
# release, with the Swift runtime linked in (the binary does not depend on where the toolchain
# lives, and is 6-7 MB smaller resident), linked by lld with packed relative relocations
# (DT_RELR: 2 MB of relocations become 16 KB, and the loader no longer makes all of them
# resident at start). From a git checkout, `nudge --version` names the commit it was built from
# (with -dirty for uncommitted changes to tracked files). Extra arguments go to `swift build`.
set -eu
cd "$(dirname "$0")/../.."
commit=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    commit=$(git rev-parse --short=12 HEAD)
    git diff --quiet HEAD -- || commit="$commit-dirty"
fi
exec swift build -c release --product nudge --static-swift-stdlib --scratch-path .build-static \
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xcc "-DNUDGE_COMMIT=\"$commit\"" "$@"
