#!/usr/bin/env python3
"""Scores the pollution corpus: the share of polluted files whose clean table comes back cell for
cell through `serialize convert --recover FILE.csv OUT.json` (no dialect flags) and through
Python's csv module with csv.Sniffer, per family (every file holding it, alone or combined), per
clean table, alone against combined, and in total. Files are named TABLE-FAMILY+FAMILY....

    python3 Benchmarks/Scripts/pollution-compare.py CORPUS_DIR SERIALIZE_BINARY

CORPUS_DIR holds NAME.csv and NAME.expected.json ({"header": [...], "rows": [[text or null]]}),
written by the test `theFullCorpusIsWrittenWithItsExpectedTables` (see pollution-compare.sh).
A cell compares as text, null as the empty string (Python has no null).
"""
import collections
import csv
import io
import json
import os
import subprocess
import sys
import tempfile


def normalized(header, rows):
    return [list(header)] + [["" if cell is None else cell for cell in row] for row in rows]


def serialize_table(binary, path, out):
    result = subprocess.run([binary, "convert", "--recover", path, out], capture_output=True, timeout=60)
    if result.returncode != 0:
        return None
    with open(out, encoding="utf-8") as f:
        records = json.load(f)
    return records


def serialize_matches(records, expected):
    if records is None:
        return False
    header = expected["header"]
    if len(records) != len(expected["rows"]):
        return False
    for record, row in zip(records, expected["rows"]):
        if list(record.keys()) != header:
            return False
        if ["" if v is None else v for v in record.values()] != ["" if c is None else c for c in row]:
            return False
    return True


def decode(data):
    """How a careful Python user opens a file: a BOM names UTF-8 or UTF-16, else UTF-8, else cp1252, else Latin-1."""
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        return data.decode("utf-16")
    for encoding in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def python_table(path):
    with open(path, "rb") as f:
        text = decode(f.read())
    sample = text[:65536]
    try:
        dialect = csv.Sniffer().sniff(sample)
    except csv.Error:
        dialect = csv.excel
    try:
        has_header = csv.Sniffer().has_header(sample)
    except csv.Error:
        has_header = True
    rows = list(csv.reader(io.StringIO(text, newline=""), dialect))
    if not rows:
        return [], []
    if has_header:
        return rows[0], rows[1:]
    return ["column%d" % (i + 1) for i in range(len(rows[0]))], rows


def main():
    folder, binary = sys.argv[1], sys.argv[2]
    names = sorted(n[: -len(".csv")] for n in os.listdir(folder) if n.endswith(".csv"))
    per_family = collections.defaultdict(lambda: [0, 0, 0])  # files, serialize, python
    totals = [0, 0, 0]
    misses = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            path = os.path.join(folder, name + ".csv")
            with open(os.path.join(folder, name + ".expected.json"), encoding="utf-8") as f:
                expected = json.load(f)
            ours = serialize_matches(serialize_table(binary, path, os.path.join(tmp, "out.json")), expected)
            try:
                header, rows = python_table(path)
                theirs = normalized(header, rows) == normalized(expected["header"], expected["rows"])
            except Exception:
                theirs = False
            table, families = name.split("-", 1)
            keys = ["table " + table, "alone" if "+" not in families else "combined"] + families.split("+")
            for counts in [per_family[key] for key in keys] + [totals]:
                counts[0] += 1
                counts[1] += ours
                counts[2] += theirs
            if not ours:
                misses.append(name)
    print("| files with the family (alone or combined), of the table, or alone / combined | files | serialize --recover | Python csv + Sniffer |")
    print("| --- | ---: | ---: | ---: |")
    for family in sorted(per_family, key=lambda key: (key.startswith("table "), key in ("alone", "combined"), key)):
        files, ours, theirs = per_family[family]
        print("| %s | %d | %d | %d |" % (family, files, ours, theirs))
    files, ours, theirs = totals
    print("| **all** | %d | **%d (%.1f%%)** | %d (%.1f%%) |" % (files, ours, 100 * ours / files, theirs, 100 * theirs / files))
    print()
    print("serialize misses: " + (", ".join(misses) if misses else "none"))


if __name__ == "__main__":
    main()
