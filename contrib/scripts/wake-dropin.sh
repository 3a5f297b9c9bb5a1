#!/bin/sh
# Gives the nudge user unit CAP_WAKE_ALARM where the user manager can grant it, so that the
# daemon's alarm timer resumes a suspended computer (systemd 254 and later hold it for local
# users). Where the manager lacks it, AmbientCapabilities= would stop the unit from starting:
# then no drop-in, and the daemon keeps the computer from idle sleep only.
#
#   contrib/scripts/wake-dropin.sh MANAGER_STATUS UNIT_DIR
#
# MANAGER_STATUS: the user manager's /proc/PID/status (its CapPrm line is read).
# UNIT_DIR: where nudge.service is installed; the drop-in is UNIT_DIR/nudge.service.d/wake.conf.
# Prints what it did.
set -eu
[ $# -eq 2 ] || { echo "usage: wake-dropin.sh MANAGER_STATUS UNIT_DIR" >&2; exit 64; }
status=$1
dropin="$2/nudge.service.d/wake.conf"
# CAP_WAKE_ALARM is capability 35.
permitted=$(sed -n 's/^CapPrm:[[:space:]]*//p' "$status" 2>/dev/null || true)
if [ -n "$permitted" ] && [ $(( (0x$permitted >> 35) & 1 )) -eq 1 ]; then
    mkdir -p "$(dirname "$dropin")"
    printf '[Service]\n# The alarm timer (CLOCK_REALTIME_ALARM) resumes a suspended computer for the dose-2 alarm.\nAmbientCapabilities=CAP_WAKE_ALARM\n' > "$dropin"
    echo "installed $dropin: the daemon can wake a suspended computer for the alarm"
else
    rm -f "$dropin"
    rmdir "$(dirname "$dropin")" 2>/dev/null || true
    echo "no CAP_WAKE_ALARM in the user manager (systemd 254 or later grants it): the computer is kept from idle sleep, not woken"
fi
