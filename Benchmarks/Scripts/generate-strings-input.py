#!/usr/bin/env python3
"""Writes a string-heavy JSON document for the string scanner's benchmark (issue 13: strings):
a deterministic array of records whose values are all text, ~40 MB compact: ASCII sentences,
Greek, CJK and emoji, a quarter of the texts with \\n, \\t, \\" or \\\\ escapes, short and long
(up to ~600 bytes) alike; no numbers, so that only string reading and writing is measured.

    python3 Benchmarks/Scripts/generate-strings-input.py /tmp/strings.json [records]
"""
import json
import random
import sys

def main():
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 60_000
    rng = random.Random(13)
    ascii_words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "serialize", "property",
                   "list", "converter", "benchmark", "string", "scanner", "words", "eight", "bytes"]
    greek = ["αλφα", "βήτα", "γάμμα", "δέλτα", "ψυχή", "Ἀθῆναι", "λόγος", "ἀρετή", "Καλημέρα", "κόσμε"]
    cjk = ["東京", "北京市", "서울", "日本語", "漢字", "こんにちは", "中文", "한국어", "敏捷的棕色狐狸"]
    emoji = ["😀", "🚀", "👩‍💻", "🇬🇷", "🎉", "🧪", "❤️", "🐍"]
    escapes = ["\n", "\t", "\"", "\\"]

    def text(words, pools):
        parts = [rng.choice(rng.choice(pools)) for _ in range(words)]
        if rng.random() < 0.25:
            parts.insert(rng.randrange(len(parts) + 1), rng.choice(escapes))
        return " ".join(parts)

    everything = (ascii_words, greek, cjk, emoji)
    records = []
    for i in range(count):
        records.append({
            "name": text(rng.randint(1, 3), (ascii_words,)),
            "summary": text(rng.randint(5, 15), (ascii_words,)),
            "greek": text(rng.randint(3, 10), (greek, ascii_words)),
            "cjk": text(rng.randint(3, 10), (cjk,)),
            "mixed": text(rng.randint(10, 60), everything),
            "tags": [text(1, everything) for _ in range(rng.randint(0, 6))],
            "body": text(rng.randint(40, 120), (ascii_words, ascii_words, greek)),
        })
    with open(path, "w", encoding="utf-8") as out:
        json.dump(records, out, ensure_ascii=False, separators=(",", ":"))

if __name__ == "__main__":
    main()
