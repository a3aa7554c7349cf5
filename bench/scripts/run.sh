#!/usr/bin/env bash
# Reproduces the measurements of docs/BENCHMARKS.md: generates the datasets
# it needs, builds the CLI, runs each measurement and prints raw results as
# tab-separated lines. Run from anywhere inside the repository:
#
#   bash bench/scripts/run.sh                 # every section
#   bash bench/scripts/run.sh gogen gmm       # some sections
#
# Sections: machine gogen gmm workloads gradbench ad complexity rad
# (machine runs again at the end, for the load average).
# Environment: OUT (scratch directory, default /tmp/fluxion-bench),
# RUNS (timed runs per measurement, default 5), BIGRUNS (timed runs for
# the GMM D64_K200_N1000 objective, default 2), HTRUNS (timed runs of ht,
# whose jacobian takes seconds, default 2), BIG=1 (also time the GMM
# D64_K200_N1000 gradient, one run: tens of seconds each).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
OUT=${OUT:-/tmp/fluxion-bench}
RUNS=${RUNS:-5}
BIGRUNS=${BIGRUNS:-2}
HTRUNS=${HTRUNS:-2}
mkdir -p "$OUT"
FLUX=$OUT/fluxion

sections=("$@")
[ ${#sections[@]} -eq 0 ] && sections=(machine gogen gmm workloads gradbench ad complexity rad machine)

setup() {
	go build -o "$FLUX" ./cmd/fluxion
	go build -o "$OUT/gobase" ./bench/scripts/gobase
	go build -o "$OUT/gbsession" ./bench/scripts/gbsession
	go run ./bench/cmd/gendata -only gmm,kmeans,lstm,lse,llsq,det,ode -max-size 1500000
	go run ./bench/cmd/gendata -only ba -max-size 200000
	go run ./bench/cmd/gendata -only ht -max-size 221000
}

# median and minimum of the numbers in a file, one per line
median() { sort -n "$1" | awk '{a[NR]=$1} END {printf "median_us=%s\tmin_us=%s", a[int((NR+1)/2)], a[1]}'; }

# flux PROCS RUNS WORKLOAD ENTRY DATASET: compiled Go backend, one warm-up
# run and RUNS timed runs (fluxion run -r), median microseconds. DATASET is
# a file under bench/WORKLOAD/data/ or, with a leading '=', a literal input.
flux() {
	local procs=$1 runs=$2 w=$3 entry=$4 ds=$5 tf
	tf=$OUT/t.$w.$entry.$procs
	if [[ $ds == =* ]]; then
		echo "${ds#=}" | GOMAXPROCS=$procs "$FLUX" run -r "$runs" -t "$tf" -e "$entry" "bench/$w/$w.fut" >/dev/null
	else
		GOMAXPROCS=$procs "$FLUX" run -r "$runs" -t "$tf" -e "$entry" "bench/$w/$w.fut" <"bench/$w/data/$ds.in" >/dev/null
	fi
	printf 'fluxion\t%s\t%s\t%s\tprocs=%s\truns=%s\t%s\n' "$w" "$ds" "$entry" "$procs" "$runs" "$(median "$tf")"
}

sec_machine() {
	echo "== machine"
	date -u
	uptime
	echo "nproc: $(nproc)"
	grep -m1 'model name' /proc/cpuinfo
	go version
	git log -1 --format='commit %H %s'
}

# Generated dot product (10^7) and 512x512 matmul against hand-written
# sequential Go, -cpu 1,2 -benchtime 10x -count 3 (internal/gogen).
sec_gogen() {
	echo "== gogen: go test -bench at -cpu 1,2"
	FLUXION_GOGEN_BENCH=1 go test -count=1 -run 'TestBenchmarks$' -v ./internal/gogen | grep -E '^\s*Benchmark'
}

# GMM objective and gradient: Fluxion (compiled) against the hand-written
# oracle, same data (gendata writes oracle.GenGMM's data).
sec_gmm() {
	echo "== gmm: fluxion (go backend) vs hand-written Go (bench/oracle)"
	for ds in D2_K5_N1000 D2_K5_N10000 D10_K25_N1000 D64_K200_N1000; do
		local r=$RUNS
		[ $ds = D64_K200_N1000 ] && r=$BIGRUNS
		local d k n
		d=${ds#D}; d=${d%%_*}; k=${ds#*_K}; k=${k%%_*}; n=${ds##*_N}
		for p in 1 2; do
			flux $p $r gmm objective $ds
			if [ $ds != D64_K200_N1000 ]; then flux $p $r gmm jacobian $ds; fi
			local only=""
			[ $ds = D64_K200_N1000 ] && only=objective
			GOMAXPROCS=$p "$OUT/gobase" -w gmm -d "$d" -k "$k" -n "$n" -r "$r" -f "$only" | sed "s/^/hand\tprocs=$p\t/"
		done
	done
	# the D64_K200_N1000 gradient takes tens of seconds a run: only with BIG=1
	if [ "${BIG:-0}" = 1 ]; then
		for p in 1 2; do flux $p 1 gmm jacobian D64_K200_N1000; done
	fi
}

# Objective and derivative of every workload at a moderate size, 1 and 2 cores.
sec_workloads() {
	echo "== workloads: objective and derivative, go backend"
	local spec=(
		"lstm objective jacobian l2_c1024"
		"kmeans cost dir k100_n1000_d16"
		"ba objective jacobian ba1_n49_m7776_p31843"
		"lse primal gradient n40000"
		"llsq primal gradient n1024_m128"
		"ode primal gradient n1000_s10"
		"det primal gradient ell8"
		"particle objective dobj_ff =0.0"
		"particle objective dobj_fr =0.0"
		"particle objective dobj_rf =0.0"
		"particle objective dobj_rr =0.0"
	)
	for line in "${spec[@]}"; do
		read -r w f g ds <<<"$line"
		for p in 1 2; do
			flux $p "$RUNS" "$w" "$f" "$ds"
			flux $p "$RUNS" "$w" "$g" "$ds"
		done
	done
	# the ht jacobian takes seconds a run: HTRUNS timed runs
	for p in 1 2; do
		flux $p "$HTRUNS" ht objective simple_big_hand1_c100
		flux $p "$HTRUNS" ht jacobian simple_big_hand1_c100
	done
	for p in 1 2; do
		GOMAXPROCS=$p "$OUT/gobase" -w lstm -l 2 -c 1024 -r "$RUNS" | sed "s/^/hand\tprocs=$p\t/"
		GOMAXPROCS=$p "$OUT/gobase" -w kmeans -k 100 -n 1000 -d 16 -r "$RUNS" | sed "s/^/hand\tprocs=$p\t/"
	done
	# saddle exports no plain objective: time the four whole optimisations
	for p in 1 2; do
		for e in ff fr rf rr; do flux $p "$RUNS" saddle $e "=[1.0, 1.0]"; done
		for e in ff fr rf rr; do flux $p "$RUNS" particle $e "=0.0"; done
	done
}

# Interpreter AD overheads: jvp/primal (internal/ad), vjp and primal
# (internal/ad/rev).
sec_ad() {
	echo "== ad: interpreter"
	go test -count=1 -run XXX -bench 'JVPOverhead' -benchtime 20x ./internal/ad/ | grep -E '^Benchmark'
	go test -count=1 -run XXX -bench 'VJP' -benchtime 20x ./internal/ad/rev/ | grep -E '^Benchmark'
}

# Reverse mode per construct family on the Go backend, GOMAXPROCS=1:
# vjp/primal at n and 8n (bench/complexity), and its growth with n.
sec_complexity() {
	echo "== complexity: vjp/primal, Go backend, GOMAXPROCS=1, $RUNS runs"
	GOMAXPROCS=1 "$FLUX" bench --runs "$RUNS" --json "$OUT/complexity.json" bench/complexity/complexity.fut >/dev/null
	go run ./bench/scripts/adratio "$OUT/complexity.json"
}

# rad: the command of rad/README.md with fewer repetitions.
sec_rad() {
	echo "== rad"
	go test -count=3 -run XXX -bench . -cpu 1,2 -benchtime 0.3s ./rad/ | grep -E '^Benchmark'
}

# GradBench sessions, one per eval, GOMAXPROCS=1, median of RUNS evaluate timings.
sec_gradbench() {
	echo "== gradbench: fluxion gradbench, GOMAXPROCS=1, min_runs=$RUNS (ht: $HTRUNS)"
	for e in gmm ba ht lstm kmeans lse llsq ode det particle saddle; do
		local r=$RUNS
		[ $e = ht ] && r=$HTRUNS
		"$OUT/gbsession" -runs "$r" -only $e -map "$OUT/gb.$e.ids" >"$OUT/gb.$e.in"
		GOMAXPROCS=1 "$FLUX" gradbench --root "$ROOT" <"$OUT/gb.$e.in" 2>"$OUT/gb.$e.err" >"$OUT/gb.$e.out"
		"$OUT/gbsession" -report "$OUT/gb.$e.ids" <"$OUT/gb.$e.out"
	done
}

setup >&2
for s in "${sections[@]}"; do
	"sec_$s"
done
