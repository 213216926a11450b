#!/usr/bin/env bash
# Wrap Cardtable.app in a disk image, packaging/dist/Cardtable-<version>.dmg, with a link to
# /Applications beside the app, so that installing is one drag. Runs on macOS (hdiutil);
# .github/workflows/build-macos.yml runs it after PyInstaller has built the app.
#
#   packaging/macos/make_dmg.sh [DIST]      # DIST holds Cardtable.app (packaging/dist)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dist=${1:-$(dirname "$here")/dist}
app="$dist/Cardtable.app"
plist="$app/Contents/Info.plist"
buddy=/usr/libexec/PlistBuddy

if [[ ! -f "$plist" ]]; then
    echo "no app in $app: build it with PyInstaller first (see packaging/README.md)" >&2
    exit 2
fi
version=$("$buddy" -c "Print :CFBundleShortVersionString" "$plist")
# Finder offers Cardtable for .cardtable files only if the app declares the document type.
if [[ $("$buddy" -c "Print :CFBundleDocumentTypes:0:LSItemContentTypes:0" "$plist") \
    != org.cardtable.session ]]; then
    echo "$plist declares no Cardtable session document type" >&2
    exit 1
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
dmg="$dist/Cardtable-$version.dmg"
rm -f "$dmg"
hdiutil create -volname "Cardtable $version" -srcfolder "$stage" -fs HFS+ -format UDZO "$dmg"
echo "built $dmg: $(du -h "$dmg" | cut -f1)"
