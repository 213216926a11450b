#!/usr/bin/env bash
# Check a built Cardtable bundle without rebuilding it: it starts, paints its main window
# (with and without a session file), exits cleanly, writes its log file, and answers
# --version. Prints the bundle's size and its start time (launch to first paint).
#
#   packaging/smoke_test.sh [path/to/cardtable/executable] [runs]
#
# Without a display it re-runs itself under ``xvfb-run -a`` (one X server for every start).
# Settings and logs go to a temporary folder, never the user's own.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
app=${1:-$here/dist/cardtable/cardtable}
runs=${2:-5}
shipped_demo="$here/../assets/samples/demo.cardtable"

if [[ ! -x "$app" ]]; then
    echo "no bundle at $app (build it with packaging/build_linux.sh)" >&2
    exit 2
fi
if [[ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
    if ! command -v xvfb-run >/dev/null; then
        echo "no display and no xvfb-run (apt-get install xvfb)" >&2
        exit 2
    fi
    exec xvfb-run -a "$0" "$app" "$runs"
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_CONFIG_HOME="$scratch/config" XDG_STATE_HOME="$scratch/state" XDG_DATA_HOME="$scratch/data"
export CARDTABLE_SMOKE_EXIT=1
# A copy of the demo: the shipped file opens as an untitled session (never saved over), and
# the check below wants the window to name the file it opened.
demo="$scratch/evening.cardtable"
cp "$shipped_demo" "$demo"

# Seconds from launch to the end of the first paint. Fails unless the app painted, got
# ready (its session in place: with a file, the window title names it) and exited 0.
start_once() {
    local launched out status
    launched=$(date +%s.%N)
    status=0
    out=$("$app" "$@" 2>"$scratch/stderr") || status=$?
    if [[ $status -ne 0 ]] || ! grep -q '^cardtable: painted at ' <<<"$out" \
        || ! grep -q '^cardtable: ready: ' <<<"$out"; then
        echo "FAILED: '$app $*' exited $status without painting and getting ready" >&2
        cat "$scratch/stderr" >&2
        return 1
    fi
    if [[ $# -gt 0 ]] && ! grep -q "^cardtable: ready: .*$(basename "$1")" <<<"$out"; then
        echo "FAILED: '$app $*' did not open $1 ($(grep '^cardtable: ready: ' <<<"$out"))" >&2
        return 1
    fi
    awk -v launched="$launched" '/^cardtable: painted at /{printf "%.3f\n", $4 - launched}' <<<"$out"
}

version=$("$app" --version)
echo "version: $version"
echo "without a file: painted in $(start_once) s"
echo "with $(basename "$demo"): painted in $(start_once "$demo") s"
if ! grep -q "starting" "$XDG_STATE_HOME/cardtable/log/cardtable.log" 2>/dev/null; then
    echo "FAILED: no log file in $XDG_STATE_HOME/cardtable/log" >&2
    exit 1
fi
echo "log file: written"

times=()
for _ in $(seq "$runs"); do
    times+=("$(start_once)")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
echo "start to first paint: median $median s over $runs runs (${times[*]})"
echo "bundle size: $(du -sh "$(dirname "$app")" | cut -f1)"
echo "smoke test passed"
