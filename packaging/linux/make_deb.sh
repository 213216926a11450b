#!/usr/bin/env bash
# Turn the one-folder bundle into a Debian package, packaging/dist/cardtable_<version>_<arch>.deb.
#
#   packaging/build_linux.sh --deb             # builds the bundle, then runs this
#   packaging/linux/make_deb.sh [BUNDLE] [OUT]  # an existing bundle (packaging/dist/cardtable)
#
# The package installs:
#   /opt/cardtable/                                   the bundle
#   /usr/bin/cardtable                                a link to its executable
#   /usr/share/applications/cardtable.desktop        the menu entry (opens .cardtable files)
#   /usr/share/metainfo/org.cardtable.Cardtable.metainfo.xml   what software centres show
#   /usr/share/mime/packages/cardtable.xml            the application/x-cardtable file type
#   /usr/share/icons/hicolor/*/{apps,mimetypes}/      the icon at every size, for the app and
#                                                     for its files
#   /usr/share/doc/cardtable/                         copyright and changelog
# Depends names the packages of the system libraries the bundle links to but does not carry
# (found with readelf, from binutils). The maintainer scripts (linux/deb/) refresh the desktop's
# caches; dpkg removes every file again on `apt remove`. DEB_MAINTAINER names the maintainer.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
packaging=$(dirname "$here")
root=$(dirname "$packaging")
bundle=${1:-$packaging/dist/cardtable}
out=${2:-$packaging/dist}
# Who answers for the package; a release build sets its own.
maintainer=${DEB_MAINTAINER:-The Cardtable developers <cardtable@example.org>}

for tool in dpkg-deb readelf; do
    if ! command -v "$tool" >/dev/null; then
        echo "$tool is missing: apt-get install dpkg binutils" >&2
        exit 2
    fi
done
if [[ ! -x "$bundle/cardtable" ]]; then
    echo "no bundle in $bundle: run packaging/build_linux.sh first" >&2
    exit 2
fi

# The version the bundle itself reports ("cardtable 0.1.0"); a Python pre-release such as
# 0.2.0.dev1 or 0.2.0rc1 becomes 0.2.0~dev1 / 0.2.0~rc1, which Debian sorts before 0.2.0.
version=$("$bundle/cardtable" --version | awk '{print $2}')
version=$(sed -E 's/\.?(dev|a|b|rc)([0-9]*)$/~\1\2/' <<<"$version")
arch=$(dpkg --print-architecture)
deb="$out/cardtable_${version}_${arch}.deb"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
tree="$stage/tree"
share="$tree/usr/share"
mkdir -p "$tree/opt" "$tree/usr/bin" "$tree/DEBIAN" "$share/applications" "$share/metainfo" \
    "$share/mime/packages" "$share/doc/cardtable"

echo "putting the bundle in /opt/cardtable"
cp -a "$bundle" "$tree/opt/cardtable"
ln -s /opt/cardtable/cardtable "$tree/usr/bin/cardtable"

install -m 644 "$here/cardtable.desktop" "$share/applications/cardtable.desktop"
install -m 644 "$here/org.cardtable.Cardtable.metainfo.xml" "$share/metainfo/"
install -m 644 "$here/cardtable-mime.xml" "$share/mime/packages/cardtable.xml"
icons="$share/icons/hicolor"
for context in apps mimetypes; do
    name=cardtable
    if [[ $context == mimetypes ]]; then name=application-x-cardtable; fi
    install -D -m 644 "$root/assets/icons/cardtable.svg" "$icons/scalable/$context/$name.svg"
    for png in "$root"/assets/icons/cardtable-*.png; do
        size=$(basename "$png" .png)
        size=${size#cardtable-}
        install -D -m 644 "$png" "$icons/${size}x${size}/$context/$name.png"
    done
done
install -m 644 "$here/deb/copyright" "$share/doc/cardtable/copyright"
printf 'cardtable (%s) stable; urgency=medium\n\n  * Cardtable %s, built from %s.\n\n -- %s  %s\n' \
    "$version" "$version" "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo source)" \
    "$maintainer" "$(date -R)" \
    | gzip -9n >"$share/doc/cardtable/changelog.gz"
chmod 644 "$share/doc/cardtable/changelog.gz"
install -m 755 "$here/deb/postinst" "$here/deb/postrm" "$tree/DEBIAN/"
# Read and search for all, written by root alone (dpkg-deb makes root the owner); shared
# libraries are loaded, never run.
chmod -R u+rwX,go+rX,go-w "$tree"
find "$tree/opt/cardtable" -type f -name '*.so*' -exec chmod 644 {} +

echo "working out the system libraries it needs"
elves=()
while IFS= read -r -d '' file; do
    if cmp -s -n 4 "$file" <(printf '\177ELF'); then elves+=("$file"); fi
done < <(find "$tree/opt/cardtable" -type f -print0)
# The libraries the bundle links to but does not carry (PyInstaller leaves out glibc, the
# GL/EGL drivers' front ends, libxcb and Wayland's, which belong to the machine) come from
# the system: the package depends on the Debian packages that hold them here.
carried=$(find "$tree/opt/cardtable" -name '*.so*' -printf '%f\n' | sort -u)
needed=$(readelf -d "${elves[@]}" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u)
known=$("$(command -v ldconfig || echo /sbin/ldconfig)" -p | awk -v m="$(uname -m)" \
    'NR > 1 && !($1 in seen) && index($NF, m) {seen[$1]; print $1, $NF}')
owner() {  # the package that holds a file (usrmerge: dpkg may know it by its other path)
    local candidate
    for candidate in "$1" "$(readlink -f "$1")" "/usr$1" "${1#/usr}"; do
        dpkg-query -S "$candidate" 2>/dev/null | sed -n '1s/:.*//p' | grep . && return 0
    done
    return 1
}
packages=()
missing=()
for lib in $(comm -23 <(echo "$needed") <(echo "$carried")); do
    path=$(awk -v lib="$lib" '$1 == lib {print $2; exit}' <<<"$known")
    if [[ -z "$path" ]] || ! package=$(owner "$path"); then
        missing+=("$lib")
        continue
    fi
    if [[ $package == libc6 ]]; then  # built against this glibc: needs it or a later one
        package="libc6 (>= $(ldd --version | awk 'NR == 1 {print $NF}'))"
    fi
    packages+=("$package")
done
if [[ ${#missing[@]} -gt 0 ]]; then
    echo "the bundle needs libraries that it does not carry and no package here holds:" >&2
    printf '    %s\n' "${missing[@]}" >&2
    echo "install their packages (libwayland-cursor.so.0 comes in libwayland-cursor0, ...)" >&2
    exit 2
fi
depends=$(printf '%s\n' "${packages[@]}" | sort -u | paste -sd, | sed 's/,/, /g')

installed=$(du -sk --apparent-size "$tree" | cut -f1)
cat >"$tree/DEBIAN/control" <<EOF
Package: cardtable
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed
Depends: $depends
Recommends: shared-mime-info, desktop-file-utils
Section: games
Priority: optional
Description: card-and-dice table for narrative tabletop role-playing games
 A group sits around one computer and passes it from hand to hand: a felt
 table where tarot cards and playing cards are dragged, flipped and turned, a
 dice tray with exact odds, character sheets that print to PDF, and each
 player's Author tokens. Rules resolvers for five systems (the tarot
 Challenge, crisis dice, the pool Challenge, Fantastical Adventure and Banzai)
 do the arithmetic so that players narrate instead of counting.
 .
 Double-clicking a .cardtable session opens it in Cardtable, in the window
 already open if there is one.
EOF
(cd "$tree" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z \
    | xargs -0 md5sum >DEBIAN/md5sums)
chmod 644 "$tree/DEBIAN/control" "$tree/DEBIAN/md5sums"

mkdir -p "$out"
rm -f "$out"/cardtable_*_"$arch".deb
echo "packing $deb"
dpkg-deb --root-owner-group -Zxz --build "$tree" "$deb" >/dev/null
echo "built $deb: $(du -h "$deb" | cut -f1), $(( installed / 1024 )) MB installed"
echo "depends: $depends"
