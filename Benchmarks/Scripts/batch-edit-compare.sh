#!/usr/bin/env bash
# Two measurements for the edit verbs and batch conversion (issue 14), with a release build:
#
# 1. Batch: 200 JSON files of ~1 MB each (~200 MB in all, generated into a temporary folder)
#    converted to binary property lists, one `serialize convert IN OUT` process per file in a
#    shell loop, against one `serialize convert IN... --to binary --out-dir DIR` (every core).
# 2. Edit: `serialize insert` on a ~50 MB XML property list (and on the same values as a binary
#    property list), against `serialize convert` of that file to JSON and to the other plist form.
#
# Prints wall and CPU time (GNU time), the fastest of 3 runs each. Run from the repository root:
#
#     bash Benchmarks/Scripts/batch-edit-compare.sh
#
# Generated data stays in the temporary folder (WORK=... to reuse one), never in git.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${WORK:-$(mktemp -d)}
swift build -c release --product serialize >/dev/null
serialize=$(swift build -c release --show-bin-path)/serialize
echo "work folder: $work, $(nproc) cores"

# 200 files of ~1 MB (1,700 records each, the convert benchmark's record shape).
if [ ! -d "$work/in" ]; then
    mkdir -p "$work/in"
    python3 Benchmarks/Scripts/generate-convert-input.py "$work/in/f000.json" 1700
    for i in $(seq 1 199); do cp "$work/in/f000.json" "$work/in/f$(printf %03d "$i").json"; done
fi
# One ~50 MB XML property list and the same values as a binary one.
if [ ! -f "$work/big.plist" ]; then
    python3 Benchmarks/Scripts/generate-convert-input.py "$work/big.json" 46000
    "$serialize" convert "$work/big.json" "$work/big.plist"
    "$serialize" convert "$work/big.json" "$work/big.bin.plist" --to binary
fi
echo "batch input: $(ls "$work/in" | wc -l) files, $(du -cb "$work"/in/*.json | tail -1 | cut -f1) bytes"
echo "edit input: $(stat -c %s "$work/big.plist") bytes (XML), $(stat -c %s "$work/big.bin.plist") bytes (binary)"

# measure NAME COMMAND...: the fastest of 3 runs (the machine is shared), wall and CPU seconds.
measure() {
    local name=$1; shift
    local best="" cpu=""
    for _ in 1 2 3; do
        rm -rf "$work/loop" "$work/batch" && mkdir -p "$work/loop"
        cp "$work/big.plist" "$work/edit.plist" && cp "$work/big.bin.plist" "$work/edit.bin.plist"
        if ! /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/err"; then
            printf '| %-58s | failed: %s |\n' "$name" "$(head -c 120 "$work/err" | tr '\n' ' ')"
            return
        fi
        read -r seconds user system <"$work/time"
        if [ -z "$best" ] || awk "BEGIN { exit !($seconds < $best) }"; then
            best=$seconds
            cpu=$(awk "BEGIN { printf \"%.2f\", $user + $system }")
        fi
    done
    printf '| %-58s | %7s s | %7s s |\n' "$name" "$best" "$cpu"
    echo "$best" >"$work/last"
}

# One process per file, as a shell loop would run them.
loop='for f in "$0"/in/*.json; do "$1" convert "$f" "$0/loop/$(basename "$f" .json).plist" --to binary; done'

echo "| job | wall (fastest of 3) | CPU (user+sys) |"
echo "| --- | ---: | ---: |"
measure "200 files, one process each (shell loop)" bash -c "$loop" "$work" "$serialize"
looped=$(cat "$work/last")
measure "200 files, one batch (--out-dir, one job per core)" "$serialize" convert "$work"/in/*.json --to binary --out-dir "$work/batch" --quiet
batched=$(cat "$work/last")
measure "200 files, one batch, --jobs 1" "$serialize" convert "$work"/in/*.json --to binary --out-dir "$work/batch" --quiet --jobs 1
echo "batch speed-up over the loop: $(awk "BEGIN { printf \"%.2f\", $looped / $batched }")×"

measure "insert into the XML plist (in place)" "$serialize" insert "$work/edit.plist" 0 '{"added": 1}' --json
measure "replace in the XML plist (in place)" "$serialize" replace "$work/edit.plist" '[7].name' renamed
measure "convert the XML plist → JSON" "$serialize" convert "$work/big.plist" "$work/out.json"
measure "convert the XML plist → binary plist" "$serialize" convert "$work/big.plist" "$work/out.bin.plist" --to binary
measure "convert the XML plist → XML plist" "$serialize" convert "$work/big.plist" "$work/out.xml.plist"
measure "insert into the binary plist (in place)" "$serialize" insert "$work/edit.bin.plist" 0 '{"added": 1}' --json
measure "convert the binary plist → JSON" "$serialize" convert "$work/big.bin.plist" "$work/out2.json"
measure "convert the binary plist → binary plist" "$serialize" convert "$work/big.bin.plist" "$work/out2.bin.plist" --to binary
