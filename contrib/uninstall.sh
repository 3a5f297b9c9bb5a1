#!/bin/sh
# Undoes contrib/install.sh: stops and removes the user unit or the autostart entry, the binary,
# the man pages, the completions and the desktop entry. The store, with everything recorded in
# it, stays where it is.
set -eu
prefix="$HOME/.local"
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#*=}"; shift ;;
        -h|--help) echo "usage: contrib/uninstall.sh [--prefix DIR]"; exit 0 ;;
        *) echo "uninstall.sh: unknown option '$1'; see --help" >&2; exit 64 ;;
    esac
done
config="${XDG_CONFIG_HOME:-$HOME/.config}"
share="$prefix/share"

remove() {
    if [ -e "$1" ]; then rm -f "$1"; echo "removed $1"; fi
}

if [ -f "$config/systemd/user/nudge.service" ] && systemctl --user show-environment >/dev/null 2>&1; then
    systemctl --user disable --now nudge.service >/dev/null 2>&1 || true
    echo "stopped and disabled nudge.service"
fi
remove "$config/systemd/user/nudge.service"
remove "$config/systemd/user/nudge.service.d/wake.conf"
rmdir "$config/systemd/user/nudge.service.d" 2>/dev/null || true
remove "$config/autostart/nudge.desktop"
remove "$share/applications/nudge.desktop"
remove "$prefix/bin/nudge"
# nudge.*.1: the pages an install before they were named nudge-*.1 placed.
for page in "$share"/man/man1/nudge.*1 "$share"/man/man1/nudge-*.1 "$share"/man/man1/nudge.1 "$share/man/man5/nudge.5"; do remove "$page"; done
remove "$share/bash-completion/completions/nudge"
remove "$share/zsh/site-functions/_nudge"
remove "$share/fish/vendor_completions.d/nudge.fish"
echo "the store was left in place (nudge doctor shows where)"
