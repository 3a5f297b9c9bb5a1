#!/usr/bin/env bash
# Builds nudge as CI does, debug with its tests (the build `swift test` then uses), and with
# --release the quick start's release build too, and fails when one says anything but its
# progress: one `warning:` from the compiler or from SwiftPM fails it, and is shown. CI builds
# debug only: the same sources and flags warn the same, and a release build would add about
# five minutes on two cores to every run.
# A warning is printed when its file is compiled: a build that compiled nothing new since the
# last one cannot see it (CI builds from a fresh clone).
set -euo pipefail
cd "$(dirname "$0")/../.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
configurations=(debug)
if [ "${1:-}" = --release ]; then configurations+=(release); fi
for configuration in "${configurations[@]}"; do
    arguments=(-c "$configuration")
    if [ "$configuration" = debug ]; then arguments+=(--build-tests); fi
    swift build "${arguments[@]}" 2>&1 | tee "$log"
    if grep -q 'warning:' "$log"; then
        echo "build-without-warnings: the $configuration build warned; the build must say nothing but its progress:" >&2
        grep 'warning:' "$log" | sort | uniq -c >&2
        exit 1
    fi
done
