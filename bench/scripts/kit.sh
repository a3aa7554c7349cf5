#!/usr/bin/env bash
# Runs the GradBench kit's compare.sh (GradBench's evals and its hand-written
# C++ tool, set up beside the repository) against `fluxion gradbench` on the
# smallest and largest workload of every eval, and prints one table of
# medians and ratios (Fluxion / C++) per workload. See docs/BENCHMARKS.md.
#
#   bash bench/scripts/kit.sh               # every eval, both sizes
#   bash bench/scripts/kit.sh gmm-big det   # some rows (eval or eval-size)
#
# With TUNED=1, each row is also timed interleaved against the tuned Go
# kernels of bench/tuned (bench/cmd/gbtuned): bench/scripts/gbab replays
# the C++ tool's recorded session to gbtuned (A) and Fluxion (B), ROUNDS
# rounds of RUNS runs each, and prints the median ratio Fluxion / tuned Go.
#
# Environment: KIT (the kit directory, default ../shared/gradbench-kit beside
# the repository), GB_WORK (the kit's work directory, default
# ~/.cache/gradbench-kit), OUT (scratch directory, default /tmp/fluxion-kit),
# GOMAXPROCS (default 1: both tools single-threaded), MINSEC (the evals'
# --min-seconds, default 1), TUNED, ROUNDS (default 5), RUNS (default 3).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
KIT=${KIT:-$ROOT/../shared/gradbench-kit}
OUT=${OUT:-/tmp/fluxion-kit}
MINSEC=${MINSEC:-1}
export GOMAXPROCS=${GOMAXPROCS:-1}
[ -x "$KIT/compare.sh" ] || { echo "kit.sh: no compare.sh in $KIT (set KIT)" >&2; exit 2; }
WORK=${GB_WORK:-$HOME/.cache/gradbench-kit}
mkdir -p "$OUT"
(cd "$ROOT" && go build -o "$OUT/fluxion" ./cmd/fluxion)
if [ "${TUNED:-}" = 1 ]; then
	(cd "$ROOT" && go build -o "$OUT/gbtuned" ./bench/cmd/gbtuned && go build -o "$OUT/gbab" ./bench/scripts/gbab)
fi

# name, eval, flags: the smallest and largest workload of each eval.
rows=(
	"gmm-small gmm -n 1000 -d 2 -k 5"
	"gmm-big gmm -n 1000 -d 64 -k 100"
	"ba-small ba --min 1 --max 1"
	"ba-big ba --min 14 --max 14"
	"ht-small ht --min 1 --max 1 --model small --variant simple"
	"ht-big ht --min 11 --max 11 --model big --variant complicated"
	"lstm-small lstm -l 2 -c 1024"
	"lstm-big lstm -l 6 -c 8192"
	"kmeans-small kmeans -k 10 -n 1000 -d 8"
	"kmeans-big kmeans -k 1000 -n 10000 -d 16"
	"lse-small lse -n 2500"
	"lse-big lse -n 1280000"
	"llsq-small llsq -n 16 -m 128"
	"llsq-big llsq -n 16392 -m 128"
	"ode-small ode -n 1000 -s 1"
	"ode-big ode -n 100000 -s 100"
	"det-small det -l 5"
	"det-big det -l 11"
)

want=("$@")
selected() { # NAME EVAL
	[ ${#want[@]} -eq 0 ] && return 0
	for w in "${want[@]}"; do [ "$w" = "$1" ] || [ "$w" = "$2" ] && return 0; done
	return 1
}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(cd "$ROOT" && git rev-parse --short HEAD), GOMAXPROCS=$GOMAXPROCS, load: $(cut -d' ' -f1-3 /proc/loadavg)"
for row in "${rows[@]}"; do
	set -- $row
	name=$1 ev=$2
	shift 2
	selected "$name" "$ev" || continue
	echo "## $name: compare.sh $ev $*"
	GB_LOGS="$OUT/logs/$name" bash "$KIT/compare.sh" "$ev" "$OUT/fluxion gradbench --root $ROOT" "$@" --min-seconds "$MINSEC" | grep -v '^=='
	if [ "${TUNED:-}" = 1 ]; then
		echo "## $name: interleaved, A = tuned Go (gbtuned), B = Fluxion"
		"$OUT/gbab" -log "$OUT/logs/$name/$ev-manual.jsonl" -dir "$WORK" -runs "${RUNS:-3}" -rounds "${ROUNDS:-5}" \
			-a "$OUT/gbtuned --root $ROOT" -b "$OUT/fluxion gradbench --root $ROOT" 2>"$OUT/logs/$name/gbab.err" || echo "(gbab failed: $OUT/logs/$name/gbab.err)"
	fi
done
echo "# end $(date -u '+%H:%M UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
