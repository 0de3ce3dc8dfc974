#!/usr/bin/env python3
"""A CSV whose header nests every column (`rec.group3.sub1.field4`, `tags[7]`): 320 columns
under 20 groups, the shape a flattened API export has. Deterministic; a fifth of the fields
empty. Usage: generate-nested-csv.py ROWS OUT.csv"""
import random
import sys

rows, out = int(sys.argv[1]), sys.argv[2]
random.seed(14)
columns = [f"rec.group{g}.sub{f % 3}.field{f}" for g in range(20) for f in range(15)]
columns += [f"tags[{i}]" for i in range(20)]
with open(out, "w") as f:
    f.write(",".join(columns) + "\n")
    for r in range(rows):
        f.write(",".join("" if random.random() < 0.2 else f"v{r}_{i}" for i in range(len(columns))) + "\n")
