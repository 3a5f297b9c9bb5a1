#!/bin/sh
# Runs a nudge binary's every command once and fails when one dies of a signal (a crash: exit
# 128 and over). The release build (build-release.sh) is optimized differently from the debug
# build the tests run, and only it crashed in `nudge doctor` (Swift's optimizer, see
# LockWait.Listener); the suites can be pointed at it too (NUDGE_BINARY), this is the quick look.
#
#   contrib/scripts/release-smoke.sh [BINARY]
#
# BINARY: default .build-static/release/nudge. Every command and subcommand `nudge --help` lists
# prints its --help; the commands that only read run against a new store in a temporary folder,
# and so do backup, backups and restore --latest (they take the store's lock as a person does)
# once a setting made the store.
# No daemon, no bus: doctor says what is missing. 79 runs, 10 to 20 s here (2 busy cores).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
binary=${1:-$root/.build-static/release/nudge}
[ -x "$binary" ] || { echo "release-smoke: no binary at $binary; run contrib/scripts/build-release.sh" >&2; exit 66; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -m 700 "$work/home"
store="$work/home/nudge.sqlite"
crashes=0
runs=0

# One run, as a person's shell would run it: its exit status, and a crash counted.
run() {
    runs=$((runs + 1))
    status=0
    env -i PATH=/usr/bin:/bin HOME="$work/home" TZ=Europe/Berlin LANG=C.UTF-8 "$binary" "$@" \
        > "$work/out" 2> "$work/err" < /dev/null || status=$?
    if [ "$status" -ge 128 ]; then
        crashes=$((crashes + 1))
        echo "release-smoke: CRASH (exit $status): nudge $*" >&2
        sed 's/^/    /' "$work/err" >&2
    elif [ "$status" -ne 0 ]; then
        echo "release-smoke: exit $status (no crash): nudge $*: $(head -1 "$work/err")"
    fi
}

started=$(date +%s)
run --help
run --version
commands=$("$binary" --help | awk '/^  [a-z]/ { print $1 }')
for command in $commands; do
    run "$command" --help
    subcommands=$("$binary" "$command" --help | awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^  [a-z0-9]/ { print $1 }')
    for subcommand in $subcommands; do run "$command" "$subcommand" --help; done
done

# A store with a row, made as a person makes one: backup, backups and restore then go through.
run settings set dose.snooze_duration_minutes 10 --store "$store"
for command in "settings list" "settings get dose.snooze_duration_minutes" "dose status" \
    "call reminders" "call history" "contacts list" "symptoms list" "symptoms export" \
    "meditate status" "meditations list" "journal list" "journal export" "upcoming" \
    "upcoming --json" "history" "history --json" "doctor" "backup" "backups" "backups --json" \
    "restore --latest --yes"; do
    # Word splitting wanted: each entry is a command and its arguments.
    # shellcheck disable=SC2086
    run $command --store "$store"
done

# The same miscompile where no run above reaches: the optimizer asked for a type's metadata by a
# name the runtime cannot read (a lowered closure type: `@callee_guaranteed`), which is null.
unreadable=$(nm "$binary" 2>/dev/null | awk '$3 ~ /MD$/ { print $3 }' | swift demangle | grep -c '@callee_guaranteed' || true)
if [ "$unreadable" -gt 0 ]; then
    crashes=$((crashes + unreadable))
    echo "release-smoke: CRASH to come: $unreadable type names the runtime cannot read (nm $binary | grep MD\$ | swift demangle)" >&2
fi

echo "release-smoke: $runs runs of $binary in $(($(date +%s) - started)) s, $crashes crashed"
[ "$crashes" -eq 0 ]
