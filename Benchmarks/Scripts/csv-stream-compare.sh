#!/usr/bin/env bash
# CSV → CSV and CSV → JSON side by side in one run: serialize convert (release build, streaming),
# Python's csv module (reader + writer; reader + json.dump of dicts) and polars (read_csv +
# write_csv / write_json, POLARS_MAX_THREADS=2), on a ~40 MB CSV of quoted unicode fields; then
# serialize's peak resident memory on a ~500 MB one. Wall time and peak RSS from GNU time, the
# fastest of RUNS runs (default 3). Run from the repository root:
#
#     bash Benchmarks/Scripts/csv-stream-compare.sh            # WORK=/tmp/dir keeps the inputs
#     SIZES="40" bash Benchmarks/Scripts/csv-stream-compare.sh # skip the 500 MB file
#
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${WORK:-$(mktemp -d)}
runs=${RUNS:-3}
sizes=${SIZES:-"40 500"}
swift build -c release --product serialize >/dev/null
serialize=${SERIALIZE:-$(swift build -c release --show-bin-path)/serialize}
export POLARS_MAX_THREADS=2

source Benchmarks/Scripts/measure.sh

py_csv='import csv, sys; w = csv.writer(open(sys.argv[2], "w", newline="", encoding="utf-8")); w.writerows(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))'
py_json='import csv, json, sys; json.dump(list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8"))), open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False, indent=2)'
pl_csv='import polars as pl, sys; pl.read_csv(sys.argv[1], infer_schema=False).write_csv(sys.argv[2])'
pl_json='import polars as pl, sys; pl.read_csv(sys.argv[1], infer_schema=False).write_json(sys.argv[2])'

for size in $sizes; do
    input=$work/unicode-$size.csv
    [ -f "$input" ] || python3 Benchmarks/Scripts/generate-unicode-csv.py "$input" "$size"
    echo
    echo "input: $(stat -c %s "$input") bytes ($size MB), $(wc -l <"$input") lines; $runs runs; load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "| conversion | wall (fastest) | CPU of that run | peak RSS | runs |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    measure "serialize convert CSV → CSV" "$runs" "$serialize" convert "$input" "$work/s.csv"
    measure "serialize convert CSV → JSON" "$runs" "$serialize" convert "$input" "$work/s.json"
    measure "serialize convert CSV → JSON --compact" "$runs" "$serialize" convert "$input" "$work/s.compact.json" --compact
    [ "$size" -gt 100 ] && continue  # RSS only for the large file
    measure "serialize convert JSON → CSV (two passes)" "$runs" "$serialize" convert "$work/s.json" "$work/s.back.csv"
    cmp -s "$work/s.back.csv" "$work/s.csv" && echo "(JSON → CSV gives back serialize's CSV byte for byte)"
    measure "python csv reader + writer" "$runs" python3 -c "$py_csv" "$input" "$work/p.csv"
    cmp -s "$work/s.csv" "$work/p.csv" && echo "(serialize's CSV output is byte-identical to Python's csv.writer output)"
    measure "python csv DictReader + json.dump" "$runs" python3 -c "$py_json" "$input" "$work/p.json"
    measure "polars read_csv + write_csv (2 threads)" "$runs" python3 -c "$pl_csv" "$input" "$work/pl.csv"
    measure "polars read_csv + write_json (2 threads)" "$runs" python3 -c "$pl_json" "$input" "$work/pl.json"
    cmp -s "$work/s.compact.json" "$work/pl.json" && echo "(serialize's --compact JSON is byte-identical to polars' write_json output)"
done
