#!/usr/bin/env bash
# Runs every fuzz target of the repository for a bounded time, one target at
# a time:
#
#   scripts/fuzz.sh [DURATION] [GO TEST FLAGS...]
#
# DURATION is per target, as go test's -fuzztime takes it (default 1m; 5m
# before a release). Extra flags go to every go test, e.g. -parallel 1 on a
# shared machine. A failing input is written by go test to the package's
# testdata/fuzz/<Target>/ directory: commit it with the fix, it stays a seed
# of the target. Exits non-zero if any target failed, after running all.
set -uo pipefail
cd "$(dirname "$0")/.."
duration=${1:-1m}
shift || true

targets=$(grep -rl --include='*_test.go' '^func Fuzz' . | sort | while read -r file; do
	for name in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$file"); do
		echo "$(dirname "$file") $name"
	done
done)
if [ -z "$targets" ]; then
	echo "no fuzz targets found" >&2
	exit 2
fi

failed=()
while read -r pkg name; do
	echo "== $name in $pkg for $duration"
	if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "$duration" "$@" "$pkg"; then
		failed+=("$name in $pkg")
	fi
done <<<"$targets"

echo
echo "$(wc -l <<<"$targets") fuzz targets, ${#failed[@]} failed"
for f in "${failed[@]}"; do
	echo "FAILED: $f"
done
[ ${#failed[@]} -eq 0 ]
