#!/usr/bin/env python3
"""Writes the lint benchmark's input: a clean XML property list of at least MB megabytes (50 by
default), the same bytes as `LintInput.data(megabytes:)` in Benchmarks/LintBenchmarks.

    python3 Benchmarks/Scripts/generate-lint-plist.py /tmp/big.plist [MB]
"""
import sys

def main():
    path = sys.argv[1]
    mb = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n\t<key>items</key>\n\t<array>\n']
    size = len(parts[0])
    i = 0
    while size < mb * 1000000:
        rec = f"""\t\t<dict>
\t\t\t<key>id</key>
\t\t\t<integer>{i}</integer>
\t\t\t<key>name</key>
\t\t\t<string>Item {i} &amp; friends, with a longer description</string>
\t\t\t<key>price</key>
\t\t\t<real>{i}.25</real>
\t\t\t<key>created</key>
\t\t\t<date>2024-01-{10 + i % 19}T08:30:00Z</date>
\t\t\t<key>active</key>
\t\t\t<{'true' if i % 2 == 0 else 'false'}/>
\t\t\t<key>tags</key>
\t\t\t<array>
\t\t\t\t<string>alpha</string>
\t\t\t\t<string>beta</string>
\t\t\t</array>
\t\t\t<key>blob</key>
\t\t\t<data>SGVsbG8sIFdvcmxkIQ==</data>
\t\t</dict>
"""
        parts.append(rec)
        size += len(rec)
        i += 1
    parts.append("\t</array>\n</dict>\n</plist>\n")
    with open(path, "w", encoding="utf-8") as out:
        out.write("".join(parts))

if __name__ == "__main__":
    main()
