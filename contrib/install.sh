#!/bin/sh
# Installs nudge for this user: a release build, the binary in PREFIX/bin, the man pages and
# completions under PREFIX/share, the desktop entry the notifications name, and a way to run
# at login: the systemd user unit, enabled and started where a user manager runs, else the
# XDG autostart entry. Running it again changes only what changed. contrib/uninstall.sh undoes it.
set -eu

usage() {
    echo "usage: contrib/install.sh [--prefix DIR] [--binary PATH]"
    echo "  --prefix DIR   where bin/ and share/ go (default: ~/.local)"
    echo "  --binary PATH  install this nudge instead of building one"
}

prefix="$HOME/.local"
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#*=}"; shift ;;
        --binary) binary="$2"; shift 2 ;;
        --binary=*) binary="${1#*=}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option '$1'; see --help" >&2; exit 64 ;;
    esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
config="${XDG_CONFIG_HOME:-$HOME/.config}"
share="$prefix/share"

# Copies $1 to $2 with mode $3, saying whether it was new, changed or already so.
place() {
    if [ -f "$2" ] && cmp -s "$1" "$2"; then
        echo "unchanged $2"
    else
        verb=installed
        [ -f "$2" ] && verb=updated
        mkdir -p "$(dirname "$2")"
        install -m "$3" "$1" "$2"
        echo "$verb $2"
    fi
}

if [ -z "$binary" ]; then
    # A first release build takes minutes: its progress shows, on stderr, so that what this
    # script installed is still the only thing on stdout.
    echo "building nudge (release; a first build takes a few minutes)" >&2
    "$root/contrib/scripts/build-release.sh" >&2
    binary="$root/.build-static/release/nudge"
fi
place "$binary" "$prefix/bin/nudge" 755

for page in "$root"/man/*.1; do place "$page" "$share/man/man1/$(basename "$page")" 644; done
place "$root/man/nudge.5" "$share/man/man5/nudge.5" 644
place "$root/contrib/completions/nudge.bash" "$share/bash-completion/completions/nudge" 644
place "$root/contrib/completions/_nudge" "$share/zsh/site-functions/_nudge" 644
place "$root/contrib/completions/nudge.fish" "$share/fish/vendor_completions.d/nudge.fish" 644

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The notifications say desktop-entry "nudge": the server finds this file by that name.
sed "s|^Exec=nudge |Exec=$prefix/bin/nudge |" "$root/contrib/autostart/nudge.desktop" > "$work/nudge.desktop"
place "$work/nudge.desktop" "$share/applications/nudge.desktop" 644

if systemctl --user show-environment >/dev/null 2>&1; then
    sed "s|^ExecStart=%h/.local/bin/nudge |ExecStart=$prefix/bin/nudge |" "$root/contrib/systemd/nudge.service" > "$work/nudge.service"
    place "$work/nudge.service" "$config/systemd/user/nudge.service" 644
    manager=$(pgrep -u "$(id -u)" -xo systemd || true)
    "$root/contrib/scripts/wake-dropin.sh" "/proc/${manager:-self}/status" "$config/systemd/user"
    systemctl --user daemon-reload
    systemctl --user enable --now nudge.service >/dev/null 2>&1
    systemctl --user try-reload-or-restart nudge.service
    echo "enabled and started nudge.service (systemctl --user status nudge)"
else
    place "$work/nudge.desktop" "$config/autostart/nudge.desktop" 644
    echo "no systemd user manager here: the autostart entry starts nudge at the next login"
fi
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not on PATH" ;; esac
