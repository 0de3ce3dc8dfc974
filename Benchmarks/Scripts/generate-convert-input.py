#!/usr/bin/env python3
"""Writes the convert benchmark's input: a deterministic ~30 MB JSON array of records with nested
objects, strings, numbers and booleans (no nulls: property lists have none).

    python3 Benchmarks/Scripts/generate-convert-input.py /tmp/convert-bench.json [records]

With --mixed, the harder document of issue 13 instead (~48 MB, compact, seed 13): text in Greek,
CJK and emoji with \\n, \\t, \\" and \\\\ escapes, doubles with 16-17 significant digits
(-734521.1234567891), 64-bit integers near the limits (signed and unsigned), nested records:

    python3 Benchmarks/Scripts/generate-convert-input.py --mixed /tmp/mixed.json [records]
"""
import json
import random
import sys

def mixed(path, count):
    rng = random.Random(13)
    greek = ["αλφα", "βήτα", "γάμμα", "δέλτα", "ψυχή", "Ἀθῆναι", "λόγος", "ἀρετή"]
    cjk = ["東京", "北京市", "서울", "日本語", "漢字", "こんにちは", "中文", "한국어"]
    emoji = ["😀", "🚀", "👩‍💻", "🇬🇷", "🎉", "🧪", "❤️", "🐍"]
    latin = ["alpha", "bravo", "café", "naïve", "Zürich", "smörgåsbord"]
    escapes = ["\n", "\t", "\"", "\\"]
    def text(words):
        parts = []
        for _ in range(words):
            pool = rng.choice((greek, cjk, emoji, latin))
            parts.append(rng.choice(pool))
            if rng.random() < 0.3:
                parts.append(rng.choice(escapes))
        return " ".join(parts)
    def real():
        kind = rng.random()
        if kind < 0.5:
            return round(rng.uniform(-1e6, 1e6), 10)          # -734521.1234567891
        if kind < 0.8:
            return rng.uniform(-1, 1) * 10 ** rng.randint(-30, 30)
        return rng.random()
    def integer():
        kind = rng.random()
        if kind < 0.3:
            return rng.randint(2**63 - 2**20, 2**63 - 1)
        if kind < 0.6:
            return rng.randint(-2**63, -2**63 + 2**20)
        if kind < 0.7:
            return rng.randint(2**63, 2**64 - 1)
        return rng.randint(-2**53, 2**53)
    records = []
    for i in range(count):
        records.append({
            "id": i,
            "title": text(rng.randint(2, 8)),
            "note": text(rng.randint(4, 16)),
            "measurements": [real() for _ in range(rng.randint(2, 8))],
            "counters": [integer() for _ in range(rng.randint(1, 5))],
            "position": {"x": real(), "y": real(), "z": real(), "label": text(2)},
            "flags": {"active": rng.random() < 0.5, "verified": rng.random() < 0.2},
            "children": [
                {"name": text(2), "weight": real(), "count": integer(),
                 "tags": [text(1) for _ in range(rng.randint(0, 3))]}
                for _ in range(rng.randint(0, 3))
            ],
        })
    with open(path, "w", encoding="utf-8") as out:
        json.dump(records, out, ensure_ascii=False, separators=(",", ":"))

def main():
    if sys.argv[1] == "--mixed":
        mixed(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 69_000)
        return
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 51_000
    rng = random.Random(42)
    words = ["alpha", "bravo", "café", "delta", "echo", "foxtrot", "golf", "hôtel", "india", "juliett",
             "kilo", "lima", "mike", "november", "oscar", "papa", "québec", "romeo", "sierra", "tango"]
    cities = ["Berlin", "Zürich", "São Paulo", "Tōkyō", "Paris", "Lagos", "Reykjavík", "Montréal"]
    records = []
    for i in range(count):
        records.append({
            "id": i,
            "uuid": "%032x" % rng.getrandbits(128),
            "name": " ".join(rng.choice(words) for _ in range(3)).title(),
            "email": "user%d@example.com" % i,
            "active": rng.random() < 0.7,
            "score": rng.random() * 100,
            "balance": rng.randint(-2**40, 2**40),
            "tags": [rng.choice(words) for _ in range(rng.randint(1, 4))],
            "address": {
                "street": "%d %s Street" % (rng.randint(1, 999), rng.choice(words).title()),
                "city": rng.choice(cities),
                "zip": "%05d" % rng.randint(0, 99999),
                "geo": {"lat": rng.uniform(-90, 90), "lon": rng.uniform(-180, 180)},
            },
            "orders": [
                {"sku": "SKU-%06d" % rng.randint(0, 999999), "quantity": rng.randint(1, 20),
                 "price": round(rng.uniform(1, 500), 2), "gift": rng.random() < 0.1}
                for _ in range(rng.randint(0, 3))
            ],
        })
    with open(path, "w", encoding="utf-8") as out:
        json.dump(records, out, ensure_ascii=False, indent=1)

if __name__ == "__main__":
    main()
