#!/usr/bin/env bash
# Converts one generated ~30 MB JSON document to XML and binary property lists and back with
# serialize (release build), plutil and Python (json.load + plistlib.dump), one after the other,
# and prints wall time, CPU time and peak resident memory for each (GNU time): the fastest of 3 runs for
# serialize and Python, one run for plutil (it takes half a minute). Run from the repository root:
#
#     bash Benchmarks/Scripts/convert-compare.sh            # the standard table
#     bash Benchmarks/Scripts/convert-compare.sh --mixed    # issue 13: serialize against orjson
#
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${WORK:-$(mktemp -d)}
mode=${1:-}
if [ -z "${SERIALIZE:-}" ]; then
    swift build -c release --product serialize >/dev/null
    serialize=$(swift build -c release --show-bin-path)/serialize
else
    serialize=$SERIALIZE
fi

source Benchmarks/Scripts/measure.sh

standard() {
input=$work/input.json
[ -f "$input" ] || python3 Benchmarks/Scripts/generate-convert-input.py "$input"
echo "input: $(du -m "$input" | cut -f1) MB ($(stat -c %s "$input") bytes), $work"
py_dump='import json, plistlib, sys; plistlib.dump(json.load(open(sys.argv[1], encoding="utf-8")), open(sys.argv[2], "wb"), fmt=getattr(plistlib, sys.argv[3]))'
py_load='import json, plistlib, sys; json.dump(plistlib.load(open(sys.argv[1], "rb")), open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)'

echo "| conversion | wall (fastest run) | CPU (user+sys) | peak RSS | runs |"
echo "| --- | ---: | ---: | ---: | ---: |"
measure "serialize JSON → XML plist" 3            "$serialize" convert "$input" "$work/s.xml.plist"
measure "plutil -convert xml1" 1                   plutil -convert xml1 -o "$work/p.xml.plist" "$input"
measure "python json.load + plistlib.dump (XML)" 3 python3 -c "$py_dump" "$input" "$work/y.xml.plist" FMT_XML
measure "serialize JSON → binary plist" 3         "$serialize" convert "$input" "$work/s.bin.plist" --to binary
measure "plutil -convert binary1" 1                plutil -convert binary1 -o "$work/p.bin.plist" "$input"
measure "python json.load + plistlib.dump (bin)" 3 python3 -c "$py_dump" "$input" "$work/y.bin.plist" FMT_BINARY
measure "serialize binary plist → JSON" 3         "$serialize" convert "$work/s.bin.plist" "$work/s.back.json"
measure "plutil -convert json (binary)" 1          plutil -convert json -o "$work/p.back.json" "$work/s.bin.plist"
measure "python plistlib.load + json.dump (bin)" 3 python3 -c "$py_load" "$work/s.bin.plist" "$work/y.back.json"
measure "serialize XML plist → JSON" 3            "$serialize" convert "$work/s.xml.plist" "$work/s.back2.json"
measure "plutil -convert json (XML)" 1             plutil -convert json -o "$work/p.back2.json" "$work/s.xml.plist"
measure "python plistlib.load + json.dump (XML)" 3 python3 -c "$py_load" "$work/s.xml.plist" "$work/y.back2.json"
}

# The mixed document of issue 13 (--mixed: only this table): serialize against orjson on text
# with escapes in Greek, CJK and emoji, long doubles and 64-bit integers near the limits. MB/s
# are the input's size over the least CPU time of 3 runs. SERIALIZE=path uses that binary (no
# build); BASELINE=path adds a second binary's rows, side by side in the same run; RUNS=n runs
# each job n times (3 by default):
#
#     SERIALIZE=.build/release/serialize BASELINE=/tmp/serialize-main RUNS=7 \
#         bash Benchmarks/Scripts/convert-compare.sh --mixed

# rate NAME RUNS COMMAND...: the fastest of RUNS runs by CPU time (user + system; steadier than
# wall time on a shared machine), as MB/s of the input over that CPU time, and its wall time.
rate() {
    local name=$1 runs=$2; shift 2
    local best="" wall=""
    for _ in $(seq "$runs"); do
        if ! /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/err"; then
            printf '| %-40s | failed: %s |\n' "$name" "$(head -c 120 "$work/err" | tr '\n' ' ')"
            return
        fi
        read -r seconds user system <"$work/time"
        local cpu
        cpu=$(awk "BEGIN { print $user + $system }")
        if [ -z "$best" ] || awk "BEGIN { exit !($cpu < $best) }"; then best=$cpu; wall=$seconds; fi
    done
    printf '| %-40s | %6.2f s | %6s s | %7.1f MB/s |\n' "$name" "$best" "$wall" "$(awk "BEGIN { print $bytes / 1e6 / $best }")"
}

mixed() {
    input=$work/mixed.json
    [ -f "$input" ] || python3 Benchmarks/Scripts/generate-convert-input.py --mixed "$input"
    bytes=$(stat -c %s "$input")
    local runs=${RUNS:-3}
    echo "input: $((bytes / 1000000)) MB ($bytes bytes), $work; the run of $runs with the least CPU time"
    local orjson='import orjson, sys; open(sys.argv[2], "wb").write(orjson.dumps(orjson.loads(open(sys.argv[1], "rb").read())))'
    echo "| conversion (mixed document) | CPU (user+sys) | wall | input MB per CPU second |"
    echo "| --- | ---: | ---: | ---: |"
    for binary in ${BASELINE:+"$BASELINE"} "$serialize"; do
        local label=serialize
        [ "$binary" = "${BASELINE:-}" ] && label=baseline
        "$binary" convert "$input" "$work/m.xml.plist" --compact
        rate "$label JSON → compact JSON" "$runs"      "$binary" convert "$input" "$work/m.json" --compact
        rate "$label JSON → XML plist" "$runs"         "$binary" convert "$input" "$work/m.xml.plist" --compact
        rate "$label JSON → binary plist" "$runs"      "$binary" convert "$input" "$work/m.bin.plist" --to binary
        rate "$label XML plist → JSON" "$runs"         "$binary" convert "$work/m.xml.plist" "$work/m.back.json" --compact
    done
    rate "orjson loads + dumps" "$runs" python3 -c "$orjson" "$input" "$work/o.json"
}

if [ "$mode" = --mixed ]; then mixed; else standard; fi
