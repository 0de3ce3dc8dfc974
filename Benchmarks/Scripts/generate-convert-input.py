#!/usr/bin/env python3
"""Writes the convert benchmark's input: a deterministic ~30 MB JSON array of records with nested
objects, strings, numbers and booleans (no nulls: property lists have none).

    python3 Benchmarks/Scripts/generate-convert-input.py /tmp/convert-bench.json [records]
"""
import json
import random
import sys

def main():
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
