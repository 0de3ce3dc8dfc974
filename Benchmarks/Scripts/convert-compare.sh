#!/usr/bin/env bash
# Converts one generated ~30 MB JSON document to XML and binary property lists and back with
# serialize (release build), plutil and Python (json.load + plistlib.dump), one after the other,
# and prints wall time, CPU time and peak resident memory for each (GNU time): the fastest of 3 runs for
# serialize and Python, one run for plutil (it takes half a minute). Run from the repository root:
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

source Benchmarks/Scripts/measure.sh

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
