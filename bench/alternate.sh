#!/usr/bin/env bash
# `npm run bench` of two work trees in turn, N times each, for a before/after comparison on a shared machine (decision
# 0306): never trust one run, compare medians. Usage: bench/alternate.sh BEFORE_TREE AFTER_TREE N [BENCH_ONLY words]
# (default: save; ',' runs every scenario). Prints each run's rows with the load average before/after it; the full
# logs go to $OUT (default: a new folder under /tmp). BENCH_PATIENTS defaults to 5000.
set -u
before=$1
after=$2
n=$3
only=${4:-save}
out=${OUT:-$(mktemp -d -t bench-alternate-XXXXXX)}
mkdir -p "$out"
for i in $(seq 1 "$n"); do
  for side in before after; do
    dir=$before
    [ "$side" = after ] && dir=$after
    log="$out/$side-$i.log"
    load=$(cut -d' ' -f1 /proc/loadavg)
    (cd "$dir" && BENCH_PATIENTS=${BENCH_PATIENTS:-5000} BENCH_ONLY=$only npm run bench >"$log" 2>&1)
    load_after=$(cut -d' ' -f1 /proc/loadavg)
    grep -E '^(bare|save|read|  limit)' "$log" | sed "s|^|$side $i load $load/$load_after  |"
  done
done
echo "logs: $out"
