#!/usr/bin/env bash
# Install Cardtable for the current user: the bundle, a menu entry, icons and the
# .cardtable file type, so that double-clicking a session opens it.
#
#   packaging/install_linux.sh              # the bundle in packaging/dist/cardtable
#   packaging/install_linux.sh --no-bundle  # only the desktop entry, icons and file type,
#                                           # for a ``cardtable`` command already on PATH
#   packaging/install_linux.sh --uninstall
#
# PREFIX (default ~/.local) says where: PREFIX/lib/cardtable holds the bundle, PREFIX/bin
# the ``cardtable`` link, PREFIX/share the desktop integration.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
prefix=${PREFIX:-$HOME/.local}
share="$prefix/share"
bundle="$here/dist/cardtable"
mode=${1:-install}

refresh() {
    # Each tool is optional: without it the desktop picks the change up at next login.
    if command -v update-mime-database >/dev/null; then
        update-mime-database "$share/mime"
    fi
    if command -v update-desktop-database >/dev/null; then
        update-desktop-database "$share/applications"
    fi
    if command -v gtk-update-icon-cache >/dev/null && [[ -f "$share/icons/hicolor/index.theme" ]]; then
        gtk-update-icon-cache --quiet "$share/icons/hicolor" || true
    fi
}

case "$mode" in
    --uninstall)
        rm -rf "$prefix/lib/cardtable"
        if [[ -L "$prefix/bin/cardtable" ]]; then rm -f "$prefix/bin/cardtable"; fi
        rm -f "$share/applications/cardtable.desktop" "$share/mime/packages/cardtable.xml"
        rm -f "$share/icons/hicolor/scalable/apps/cardtable.svg"
        rm -f "$share/icons/hicolor/"*/apps/cardtable.png
        mkdir -p "$share/mime/packages" "$share/applications"
        refresh
        echo "Cardtable removed from $prefix"
        exit 0
        ;;
    install)
        if [[ ! -x "$bundle/cardtable" ]]; then
            echo "no bundle in $bundle: run packaging/build_linux.sh first (or use --no-bundle)" >&2
            exit 2
        fi
        mkdir -p "$prefix/lib" "$prefix/bin"
        rm -rf "$prefix/lib/cardtable"
        cp -a "$bundle" "$prefix/lib/cardtable"
        ln -sfn "$prefix/lib/cardtable/cardtable" "$prefix/bin/cardtable"
        command="$prefix/bin/cardtable"
        ;;
    --no-bundle)
        command=$(command -v cardtable || true)
        if [[ -z "$command" ]]; then
            echo "no cardtable command on PATH; install Cardtable first (pip install .)" >&2
            exit 2
        fi
        ;;
    *)
        echo "usage: $0 [--no-bundle | --uninstall]" >&2
        exit 2
        ;;
esac

mkdir -p "$share/applications" "$share/mime/packages" "$share/icons/hicolor/scalable/apps"
# The menu entry runs the command by its full path: a desktop session's PATH often lacks
# ~/.local/bin.
sed -e "s|^Exec=cardtable |Exec=$command |" -e "s|^TryExec=cardtable\$|TryExec=$command|" \
    "$here/linux/cardtable.desktop" >"$share/applications/cardtable.desktop"
cp "$here/linux/cardtable-mime.xml" "$share/mime/packages/cardtable.xml"
cp "$root/assets/icons/cardtable.svg" "$share/icons/hicolor/scalable/apps/cardtable.svg"
for png in "$root"/assets/icons/cardtable-*.png; do
    size=$(basename "$png" .png)
    size=${size#cardtable-}
    mkdir -p "$share/icons/hicolor/${size}x${size}/apps"
    cp "$png" "$share/icons/hicolor/${size}x${size}/apps/cardtable.png"
done
refresh
echo "Cardtable installed in $prefix (command: $command)"
