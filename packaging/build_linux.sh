#!/usr/bin/env bash
# Build Cardtable's one-folder Linux app: packaging/dist/cardtable/cardtable.
#
#   packaging/build_linux.sh                  # in a build venv of its own (packaging/build/venv)
#   PYTHON=.venv/bin/python packaging/build_linux.sh   # in that Python's environment instead
#   packaging/build_linux.sh --deb            # and then the Debian package,
#                                             # packaging/dist/cardtable_<version>_<arch>.deb
#
# Cardtable is installed into the environment normally (not editable: PyInstaller cannot
# follow an editable install's path mapping), with the ``package`` extra (PyInstaller).
# Then packaging/smoke_test.sh checks the result and packaging/install_linux.sh installs it.
set -euo pipefail

deb=0
for argument in "$@"; do
    case "$argument" in
        --deb) deb=1 ;;
        *)
            echo "usage: $0 [--deb]" >&2
            exit 2
            ;;
    esac
done

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
build="$here/build"
dist="$here/dist"

if [[ -n "${PYTHON:-}" ]]; then
    python=$PYTHON
else
    venv="$build/venv"
    if [[ ! -x "$venv/bin/python" ]]; then
        echo "creating the build venv in $venv"
        "${BASE_PYTHON:-python3}" -m venv "$venv"
    fi
    python="$venv/bin/python"
fi

if "$python" -c 'import sys; sys.exit(sys.prefix == sys.base_prefix)'; then :; else
    echo "refusing to pip install into a system Python ($python); set PYTHON to a venv's" >&2
    exit 2
fi

echo "installing Cardtable and PyInstaller into $("$python" -c 'import sys; print(sys.prefix)')"
"$python" -m pip install --quiet --disable-pip-version-check "$root[package]"
# Always this source tree as it is now, even when the version number has not changed.
"$python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$root"

echo "running PyInstaller"
start=$(date +%s)
# From the build folder: in the repository's root, ``import cardtable`` would find the
# source tree (which has no cardtable.ui or cardtable.assets) instead of the installed one.
mkdir -p "$build"
cd "$build"
"$python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$dist" --workpath "$build/pyinstaller" "$here/cardtable.spec"
echo "built $dist/cardtable in $(( $(date +%s) - start )) s: $(du -sh "$dist/cardtable" | cut -f1)"
if [[ $deb == 1 ]]; then
    "$here/linux/make_deb.sh" "$dist/cardtable" "$dist"
fi
