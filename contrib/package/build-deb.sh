#!/bin/sh
# Builds nudge_VERSION_ARCH.deb from the release build contrib/install.sh installs, with the
# files contrib/package/manifest lists. The version is what `nudge --version` says; a build
# from git adds the commit's date and hash (0.1.0+git20261124225600.0b6058f33aad-1), so a later
# commit's package upgrades an earlier one; -1 is the packaging's revision (not a native
# package: its changelog is changelog.Debian.gz). Depends come from dpkg-shlibdeps.
#
#   contrib/package/build-deb.sh [--output DIR] [--binary PATH]
#
# --output: where the .deb goes (default: .build-deb); --binary: package this nudge instead of
# building one. Prints the path of the package.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
output="$root/.build-deb"
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-deb.sh: unknown option '$1'; see --help" >&2; exit 64 ;;
    esac
done
for tool in dpkg-deb dpkg-shlibdeps strip gzip; do
    command -v "$tool" >/dev/null || { echo "build-deb.sh: $tool is missing; install dpkg-dev and binutils" >&2; exit 69; }
done

cd "$root"
if [ -z "$binary" ]; then
    sh contrib/scripts/build-release.sh >/dev/null
    binary=.build-static/release/nudge
fi
sh contrib/scripts/release-smoke.sh "$binary" >&2 || { echo "build-deb.sh: $binary crashes (above); not packaged" >&2; exit 1; }
shown=$("$binary" --version)
version=${shown%% *}
case "$shown" in
    *"(git "*)
        commit=${shown##*(git }
        commit=${commit%)}
        stamp=$(git log -1 --format=%cd --date=format:%Y%m%d%H%M%S)
        version="$version+git$stamp.$(echo "$commit" | tr -- - .)" ;;
esac
version="$version-1"
arch=$(dpkg --print-architecture)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/nudge"
mkdir -p "$stage/DEBIAN"

# Places one file: $1 mode, $2 source, $3 destination, $4 how.
place() {
    mkdir -p "$(dirname "$stage/$3")"
    case "$4" in
        strip) install -m "$1" "$2" "$stage/$3"
            strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/$3" ;;
        gzip) gzip -9nc "$2" > "$stage/$3"; chmod "$1" "$stage/$3" ;;
        unit) sed 's|^ExecStart=%h/.local/bin/nudge |ExecStart=/usr/bin/nudge |' "$2" > "$stage/$3"; chmod "$1" "$stage/$3" ;;
        completion) sed '1{/^#!/d}' "$2" > "$stage/$3"; chmod "$1" "$stage/$3" ;;
        changelog) sed "s|@VERSION@|$version|" "$2" | gzip -9n > "$stage/$3"; chmod "$1" "$stage/$3" ;;
        autostart) sed 's|^Exec=nudge |TryExec=nudge\nExec=nudge |; $ a X-systemd-skip=true' "$2" > "$stage/$3"; chmod "$1" "$stage/$3" ;;
        "") install -m "$1" "$2" "$stage/$3" ;;
        *) echo "build-deb.sh: unknown HOW '$4' in the manifest" >&2; exit 65 ;;
    esac
}

grep -v '^#' contrib/package/manifest | while read -r mode source destination how; do
    [ -n "$mode" ] || continue
    [ "$source" = .build-static/release/nudge ] && source=$binary
    case "$destination" in
        */) for file in $source; do
                name=$(basename "$file")
                [ "$how" = gzip ] && name="$name.gz"
                place "$mode" "$file" "$destination$name" "$how"
            done ;;
        *) place "$mode" "$source" "$destination" "${how:-}" ;;
    esac
done

# dpkg-shlibdeps reads a source package's control file; one that names the binary is enough.
mkdir -p "$work/shlibs/debian"
printf 'Source: nudge\n\nPackage: nudge\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$stage/usr/bin/nudge" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
size=$(du -k -s --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" \
    contrib/package/control > "$stage/DEBIAN/control"
install -m 755 contrib/package/postinst contrib/package/postrm "$stage/DEBIAN/"
(cd "$stage" && find etc -type f | sed 's|^|/|' | sort > DEBIAN/conffiles)
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\n' | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums)
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/conffiles" "$stage/DEBIAN/md5sums"

mkdir -p "$output"
package="$output/nudge_${version}_$arch.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "$package"
