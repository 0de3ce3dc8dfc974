#!/usr/bin/env python3
"""Writes the CSV streaming benchmark's input: a deterministic CSV of quoted unicode fields
(Greek, CJK, emoji, embedded quotes, commas and newlines, long numbers), every field quoted.

    python3 Benchmarks/Scripts/generate-unicode-csv.py OUT.csv [megabytes, default 40]
"""
import csv
import random
import sys


def main():
    path = sys.argv[1]
    target = int(float(sys.argv[2]) * 1_000_000) if len(sys.argv) > 2 else 40_000_000
    rng = random.Random(12)
    greek = ["αλφα", "βήτα", "γάμμα", "δέλτα", "Ωμέγα", "λόγος", "θάλασσα", "ψυχή"]
    cjk = ["東京", "北京市", "서울", "漢字", "かな", "カタカナ", "中文字符", "日本語"]
    emoji = ["😀", "🚀", "👩‍💻", "🇯🇵", "❤️", "🎉", "🧪", "🌍"]
    latin = ["café", "Zürich", "São Paulo", "naïve", "Ångström", "façade", "smörgåsbord", "piñata"]
    with open(path, "w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n")
        writer.writerow(["id", "name", "city", "note", "amount", "code"])
        written = 0
        row = 0
        while written < target:
            note = " ".join(rng.choice(greek + cjk + emoji + latin) for _ in range(rng.randint(2, 9)))
            if row % 3 == 0:
                note += ', said "%s"' % rng.choice(latin)
            if row % 7 == 0:
                note += "\nsecond line " + rng.choice(emoji)
            fields = [
                str(row),
                rng.choice(greek) + " " + rng.choice(cjk),
                rng.choice(latin + cjk),
                note,
                "%d.%02d" % (rng.randint(-10**6, 10**6), rng.randint(0, 99)),
                str(rng.getrandbits(96)),  # 29 digits: beyond 64 bits
            ]
            writer.writerow(fields)
            written += sum(len(f.encode("utf-8")) + 3 for f in fields) + 1
            row += 1


if __name__ == "__main__":
    main()
