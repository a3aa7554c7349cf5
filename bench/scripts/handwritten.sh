#!/usr/bin/env bash
# Times four workloads' objective and gradient compiled by Fluxion and their
# hand-written Go oracles (bench/oracle) on one core, on the same data, and
# prints the medians in microseconds. Run from anywhere; needs the datasets
# of bench/cmd/gendata (run.sh generates them).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/fluxion-bench}
RUNS=${RUNS:-9}
mkdir -p "$OUT"
go build -o "$OUT/fluxion" ./cmd/fluxion
go build -o "$OUT/gobase" ./bench/scripts/gobase
go run ./bench/cmd/gendata -only lse,llsq,ode,det >/dev/null
median() { sort -n "$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
fluxion_us() { # workload entry dataset
	GOMAXPROCS=1 "$OUT/fluxion" run -n -r "$RUNS" -t "$OUT/t.txt" -e "$2" "bench/$1/$1.fut" <"bench/$1/data/$3.in"
	median "$OUT/t.txt"
}
uptime
for spec in "lse n40000 -n 40000" "llsq n1024_m128 -n 1024 -m 128" "ode n1000_s10 -n 1000 -s 10" "det ell8 -e 8"; do
	set -- $spec
	w=$1 ds=$2
	shift 2
	fp=$(fluxion_us "$w" primal "$ds")
	fg=$(fluxion_us "$w" gradient "$ds")
	GOMAXPROCS=1 "$OUT/gobase" -w "$w" "$@" -r "$RUNS" >"$OUT/gb.txt"
	hp=$(grep primal "$OUT/gb.txt" | sed 's/.*median_us=\([0-9.]*\).*/\1/')
	hg=$(grep gradient "$OUT/gb.txt" | sed 's/.*median_us=\([0-9.]*\).*/\1/')
	printf '%s\t%s\tfluxion_primal_us=%s\tfluxion_gradient_us=%s\thand_primal_us=%s\thand_gradient_us=%s\n' "$w" "$ds" "$fp" "$fg" "$hp" "$hg"
done
uptime
