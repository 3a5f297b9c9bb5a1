#!/usr/bin/env bash
# Runs the whole suite once for each instant or time zone given, to show that no test depends
# on the day or the zone it runs in.
#
#   contrib/scripts/test-any-day.sh [INSTANT|ZONE ...]
#
# An INSTANT (2027-03-28T00:59:30Z) runs the suite as if it started then (NUDGE_TEST_NOW, which
# the tests' clock and every nudge they start follow); a ZONE (Pacific/Kiritimati) runs it with
# TZ set to it. With no arguments: the night Europe springs forward, a leap day's last minute,
# the year's last minute, and the zones at UTC+14 and UTC-3:30.
# Prints which runs failed; exits 1 if any did. Each run's output: $NUDGE_ANY_DAY_LOGS (default
# a new directory under /tmp, named at the end).
set -uo pipefail
cd "$(dirname "$0")/../.."

if [ $# -eq 0 ]; then
    set -- 2027-03-28T00:59:30Z 2028-02-29T23:59:30Z 2026-12-31T23:59:30Z Pacific/Kiritimati America/St_Johns
fi
for run in "$@"; do
    case "$run" in
        [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*) ;;
        *) [ -f "/usr/share/zoneinfo/$run" ] || { echo "test-any-day: '$run' is neither an instant (2027-03-28T00:59:30Z) nor a zone in /usr/share/zoneinfo" >&2; exit 64; } ;;
    esac
done

logs=${NUDGE_ANY_DAY_LOGS:-$(mktemp -d /tmp/nudge-any-day.XXXXXX)}
mkdir -p "$logs"
swift build --build-tests >"$logs/build.log" 2>&1 || { echo "test-any-day: the build failed, see $logs/build.log" >&2; exit 1; }

failed=()
for run in "$@"; do
    log="$logs/$(echo "$run" | tr '/:' '__').log"
    case "$run" in
        [0-9]*) variables=(NUDGE_TEST_NOW="$run") ;;
        *) variables=(TZ="$run") ;;
    esac
    started=$(date +%s)
    if env "${variables[@]}" swift test --skip-build >"$log" 2>&1; then
        verdict=passed
    else
        verdict=FAILED
        failed+=("$run")
    fi
    summary=$(grep -E '^✔ Test run with|^✘ Test run with' "$log" | tail -n 1)
    echo "$verdict ${variables[*]} in $(($(date +%s) - started)) s: ${summary:-no summary line} ($log)"
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]}"
    for run in "${failed[@]}"; do
        grep -E '^✘ Test .* (failed|recorded an issue)' "$logs/$(echo "$run" | tr '/:' '__').log" | sed "s|^|  $run: |" | head -n 20
    done
    exit 1
fi
echo "all ${#@} runs passed"
