#!/bin/sh
# Builds the Debian package from this checkout and proves it on this machine (as root): lintian
# finds no error or warning; apt installs it; the unit verifies and is enabled for every user;
# nudge doctor finds the unit and the completions; a newer package installed over an older one
# while a daemon runs leaves that daemon running its old binary and the store readable by the
# new one; remove and purge take away nudge and leave the person's store.
#
#   contrib/scripts/test-deb.sh [OLDER.deb]
#
# OLDER.deb: a package of an earlier build to upgrade from (default: the same package again).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
older=${1:-}
started=$(date +%s)
fail() { echo "test-deb: $*" >&2; exit 1; }

package=$("$root/contrib/package/build-deb.sh")
echo "built $package in $(($(date +%s) - started)) s"
lintian --pedantic --show-overrides "$package" > /tmp/test-deb.lintian 2>&1 || true
if grep -E '^[EW]:' /tmp/test-deb.lintian; then fail "lintian has errors or warnings"; fi
echo "lintian --pedantic: no errors, no warnings; overridden, each with its reason in the package:"
grep '^O:' /tmp/test-deb.lintian | sed 's/^/    /'

work=$(mktemp -d)
home="$work/home"
mkdir -p "$home"
bus_pid=""
daemon_pid=""
cleanup() {
    [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null || true
    [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
as_person() { env -i PATH=/usr/bin:/bin HOME="$home" TZ=UTC DBUS_SESSION_BUS_ADDRESS="${bus:-}" "$@"; }

export DEBIAN_FRONTEND=noninteractive
# From no nudge package: one left by an earlier run would turn the first install into a no-op.
if dpkg -s nudge > /dev/null 2>&1; then apt-get purge -y nudge > "$work/apt.log" 2>&1; fi
apt-get install -y "${older:-$package}" > "$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt-get install failed"; }
[ "$(systemctl --global is-enabled nudge.service)" = enabled ] || fail "the user unit is not enabled for every user"
XDG_RUNTIME_DIR="$work" systemd-analyze --user verify /usr/lib/systemd/user/nudge.service || fail "the unit does not verify"
desktop-file-validate /usr/share/applications/nudge.desktop /etc/xdg/autostart/nudge.desktop || fail "a desktop entry does not validate"

# A person's store and a running daemon on the package installed first.
as_person nudge log symptom Headache --severity 2 > /dev/null
store="$home/.local/share/nudge/nudge.sqlite"
[ -f "$store" ] || fail "no store at $store"
started_bus=$(dbus-daemon --session --address="unix:dir=$work" --fork --print-address=1 --print-pid=1 --nopidfile)
bus=$(echo "$started_bus" | sed -n 1p)
bus_pid=$(echo "$started_bus" | sed -n 2p)
# Not through as_person: $! must be the daemon's pid (env execs it), not a subshell's.
env -i PATH=/usr/bin:/bin HOME="$home" TZ=UTC DBUS_SESSION_BUS_ADDRESS="$bus" nudge daemon --log-level debug \
    > "$work/daemon.log" 2>&1 &
daemon_pid=$!
# Polled: a shell has no inotify; at most 10 s.
for _ in $(seq 20); do grep -q "rescheduled (start)" "$work/daemon.log" && break; sleep 0.5; done
grep -q "rescheduled (start)" "$work/daemon.log" || { cat "$work/daemon.log"; fail "the daemon did not start"; }

apt-get install -y "$package" > "$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "the upgrade failed"; }
kill -0 "$daemon_pid" || fail "the running daemon ended when the package was upgraded"
case "$(readlink "/proc/$daemon_pid/exe")" in
    *"(deleted)") echo "upgrade: the running daemon keeps its old binary until restarted" ;;
    *) echo "upgrade: the running daemon's binary was the same file" ;;
esac
migrations() { sqlite3 "$store" 'SELECT count(*) FROM grdb_migrations'; }
before=$(migrations)
as_person nudge log symptom Nausea --severity 1 > /dev/null || fail "the new binary cannot write the store"
as_person nudge symptoms --date today | grep -q Headache || fail "the new binary cannot read the store"
echo "upgrade: the new binary's first write took the store from $before to $(migrations) migrations"
sleep 2
if kill -0 "$daemon_pid" 2>/dev/null; then
    echo "upgrade: the old daemon still runs on the store the new binary migrated"
else
    echo "upgrade: the old daemon stopped on the store the new binary migrated: $(grep -E 'error|newer' "$work/daemon.log" | tail -1)"
    daemon_pid=""
fi
doctor=$(as_person nudge doctor 2>&1 || true)
echo "$doctor" | grep -q "ok      user unit: /usr/lib/systemd/user/nudge.service, enabled for every user" || { echo "$doctor"; fail "doctor does not find the unit"; }
echo "$doctor" | grep -q "ok      completions: bash /usr/share/bash-completion/completions/nudge, zsh /usr/share/zsh/vendor-completions/_nudge, fish /usr/share/fish/vendor_completions.d/nudge.fish" || { echo "$doctor"; fail "doctor does not find the completions"; }
if [ -n "$daemon_pid" ]; then
    echo "$doctor" | grep -q "daemon: running on this store (pid $daemon_pid)" || { echo "$doctor"; fail "doctor does not see the running daemon"; }
fi
echo "nudge doctor after the install:"
echo "$doctor" | sed 's/^/    /'
if [ -n "$daemon_pid" ]; then kill "$daemon_pid"; wait "$daemon_pid" 2>/dev/null || true; fi
daemon_pid=""

apt-get remove -y nudge > "$work/apt.log" 2>&1 || fail "apt-get remove failed"
[ ! -e /usr/bin/nudge ] && [ ! -e /usr/lib/systemd/user/nudge.service ] || fail "remove left nudge's files"
left=$(dpkg -L nudge 2>/dev/null | while read -r path; do [ -f "$path" ] && echo "$path"; done || true)
echo "after remove, left by dpkg's rules for conffiles: ${left:-nothing}"
[ -f "$store" ] || fail "remove took the person's store"
apt-get purge -y nudge > "$work/apt.log" 2>&1 || fail "apt-get purge failed"
[ ! -e /etc/xdg/autostart/nudge.desktop ] && [ ! -e /etc/systemd/user/graphical-session.target.wants/nudge.service ] || fail "purge left nudge's files"
[ -f "$store" ] || fail "purge took the person's store"
echo "purge: nothing of nudge is left; the person's store has its $(sqlite3 "$store" 'SELECT count(*) FROM symptom_entries') entries"
echo "test-deb: all passed in $(($(date +%s) - started)) s"
