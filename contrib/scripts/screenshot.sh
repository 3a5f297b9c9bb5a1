#!/bin/sh
# Shows one of nudge's real notifications through a real notification server (dunst, under
# Xvfb) and saves a screenshot of what a person would see.
# Usage: contrib/scripts/screenshot.sh [OUTPUT.png]   (default: contrib/screenshots/symptom-check.png)
# Needs: xvfb, dunst, imagemagick (import), dbus-daemon, gdbus. NUDGE_BINARY picks the binary.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/contrib/screenshots/symptom-check.png}
binary=${NUDGE_BINARY:-$(cd "$root" && swift build --product nudge >/dev/null && swift build --show-bin-path)/nudge}
work=$(mktemp -d)
pids=""
# SIGKILL: a caller may have started this script with SIGTERM blocked, and the children inherit that.
cleanup() { for pid in $pids; do kill -KILL "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

# Waits, at most 10 s, until the file $1 contains $2.
await() {
    tries=0
    until grep -q "$2" "$1" 2>/dev/null; do
        tries=$((tries + 1))
        [ $tries -lt 200 ] || { echo "screenshot.sh: gave up waiting for '$2' in $1" >&2; exit 1; }
        sleep 0.05
    done
}

Xvfb -displayfd 1 -screen 0 620x120x24 -nolisten tcp > "$work/display" 2>"$work/xvfb.log" &
pids="$pids $!"
await "$work/display" "[0-9]"
export DISPLAY=":$(cat "$work/display")"
# Listening in $work, removed with it (the session config would leave a socket in /tmp).
dbus-daemon --session --address="unix:dir=$work" --nofork --nopidfile --print-address=1 > "$work/bus" 2>/dev/null &
pids="$pids $!"
await "$work/bus" "unix:"
export DBUS_SESSION_BUS_ADDRESS="$(head -n 1 "$work/bus")"

cat > "$work/dunstrc" <<'DUNSTRC'
[global]
    font = DejaVu Sans 11
    width = (200, 560)
    height = 150
    origin = top-left
    offset = 20x20
    frame_width = 2
    frame_color = "#5e81ac"
    padding = 12
    horizontal_padding = 14
    markup = full
    format = "<b>%s</b>\n%b"
    show_indicators = yes
[urgency_normal]
    background = "#2e3440"
    foreground = "#eceff4"
    timeout = 0
DUNSTRC
dunst -conf "$work/dunstrc" > "$work/dunst.log" 2>&1 &
pids="$pids $!"
gdbus wait --session --timeout 10 org.freedesktop.Notifications > /dev/null

export NUDGE_STORE="$work/nudge.sqlite" TZ=Europe/London NUDGE_FAKE_NOW=2026-11-21T19:59:58Z
"$binary" log symptom Headache --severity 3 --at 13:10 --notes "after the long meeting" >/dev/null
"$binary" log symptom Nausea --severity 2 --at 18:40 >/dev/null
"$binary" daemon --log-level info > /dev/null 2> "$work/daemon.log" &
pids="$pids $!"
await "$work/daemon.log" "shown symptom:2026-11-21"
# dunst draws on its own schedule; give it a moment to paint.
sleep 1
mkdir -p "$(dirname "$out")"
import -window root "$out"
echo "saved $out"
