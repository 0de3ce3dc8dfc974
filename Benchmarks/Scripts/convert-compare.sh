#!/usr/bin/env bash
# Converts one generated ~30 MB JSON document to XML and binary property lists and back with
# serialize (release build), plutil and Python (json.load + plistlib.dump), one after the other,
# and prints wall time and peak resident memory for each (GNU time). Run from the repository root:
#
#     bash Benchmarks/Scripts/convert-compare.sh
#
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${WORK:-$(mktemp -d)}
input=$work/input.json
[ -f "$input" ] || python3 Benchmarks/Scripts/generate-convert-input.py "$input"
swift build -c release --product serialize >/dev/null
serialize=$(swift build -c release --show-bin-path)/serialize
echo "input: $(du -m "$input" | cut -f1) MB ($(stat -c %s "$input") bytes), $work"

measure() {  # name, then the command
    local name=$1; shift
    if /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err"; then
        read -r seconds kib <"$work/time"
        printf '| %-44s | %8s s | %6d MiB |\n' "$name" "$seconds" $((kib / 1024))
    else
        printf '| %-44s | failed: %s |\n' "$name" "$(head -c 120 "$work/err" | tr '\n' ' ')"
    fi
}

py_dump='import json, plistlib, sys; plistlib.dump(json.load(open(sys.argv[1], encoding="utf-8")), open(sys.argv[2], "wb"), fmt=getattr(plistlib, sys.argv[3]))'
py_load='import json, plistlib, sys; json.dump(plistlib.load(open(sys.argv[1], "rb")), open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)'

echo "| conversion | wall | peak RSS |"
echo "| --- | ---: | ---: |"
measure "serialize JSON → XML plist"            "$serialize" convert "$input" "$work/s.xml.plist"
measure "plutil -convert xml1"                   plutil -convert xml1 -o "$work/p.xml.plist" "$input"
measure "python json.load + plistlib.dump (XML)" python3 -c "$py_dump" "$input" "$work/y.xml.plist" FMT_XML
measure "serialize JSON → binary plist"         "$serialize" convert "$input" "$work/s.bin.plist" --to binary
measure "plutil -convert binary1"                plutil -convert binary1 -o "$work/p.bin.plist" "$input"
measure "python json.load + plistlib.dump (bin)" python3 -c "$py_dump" "$input" "$work/y.bin.plist" FMT_BINARY
measure "serialize binary plist → JSON"         "$serialize" convert "$work/s.bin.plist" "$work/s.back.json"
measure "plutil -convert json (binary)"          plutil -convert json -o "$work/p.back.json" "$work/s.bin.plist"
measure "python plistlib.load + json.dump (bin)" python3 -c "$py_load" "$work/s.bin.plist" "$work/y.back.json"
measure "serialize XML plist → JSON"            "$serialize" convert "$work/s.xml.plist" "$work/s.back2.json"
measure "plutil -convert json (XML)"             plutil -convert json -o "$work/p.back2.json" "$work/s.xml.plist"
measure "python plistlib.load + json.dump (XML)" python3 -c "$py_load" "$work/s.xml.plist" "$work/y.back2.json"
