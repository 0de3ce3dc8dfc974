#!/usr/bin/env bash
# Writes the whole pollution corpus (every family alone and combined, Tests/TestSupport/CSVPollution.swift,
# through the test that writes it) and scores serialize convert --recover (no dialect flags)
# against Python's csv + csv.Sniffer on every file. Run from the repository root:
#
#     bash Benchmarks/Scripts/pollution-compare.sh       # SERIALIZE=path/to/serialize to pick a build
#
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${WORK:-$(mktemp -d)}
SERIALIZE_POLLUTION_DIR=$work swift test --filter theFullCorpusIsWrittenWithItsExpectedTables >/dev/null
serialize=${SERIALIZE:-$(swift build --show-bin-path)/serialize}
[ -x "$serialize" ] || swift build --product serialize >/dev/null
echo "corpus: $(ls "$work"/*.csv | wc -l) files in $work"
python3 Benchmarks/Scripts/pollution-compare.py "$work" "$serialize"
