"""Generate ``src/jantaku/hand/suit_distances.bin``, the per-suit table behind fast shanten.

For every count vector ``h`` of one numbered suit (9 kinds, 0-4 copies each, 5**9 vectors) and every
target of ``m`` groups (chow or pung, 0 <= m <= 4) plus ``p`` pairs (0 <= p <= 1), the table holds

    d(h, m, p) = min over targets T of  sum_k max(0, T_k - h_k)

the number of tiles that must still be drawn to turn the suit into that target. The shanten of a
whole hand is then a min-plus combination of four such vectors (three suits and the honors) minus
one. The computation is a dynamic programme over the count lattice (numpy, development only):

* ``contains(h)``: h holds some target; found upward from the targets themselves;
* ``d(h) = 0`` if ``contains(h)`` else ``1 + min_k d(h + e_k)``; filled from the full lattice down.

Run ``python tools/gen_suit_table.py`` to rewrite the file, ``--check`` to compare with it (the test
suite does this).
"""

from __future__ import annotations

import argparse
import itertools
import struct
import sys
import zlib
from pathlib import Path

import numpy as np

KINDS = 9
BASE = 5
SIZE = BASE**KINDS
POW = [BASE**k for k in range(KINDS)]
TARGET_SHAPES = [(m, p) for m in range(5) for p in range(2)]
OUT = Path(__file__).resolve().parents[1] / "src" / "jantaku" / "hand" / "suit_distances.bin"
MAGIC = b"JTKSUIT1"


def _groups() -> list[list[int]]:
    groups = []
    for k in range(KINDS - 2):
        g = [0] * KINDS
        g[k] = g[k + 1] = g[k + 2] = 1
        groups.append(g)
    for k in range(KINDS):
        g = [0] * KINDS
        g[k] = 3
        groups.append(g)
    return groups


def _targets(m: int, p: int) -> set[int]:
    keys = set()
    groups = _groups()
    pairs: list[int | None] = list(range(KINDS)) if p else [None]
    for combo in itertools.combinations_with_replacement(range(len(groups)), m):
        base = [0] * KINDS
        for gi in combo:
            for k in range(KINDS):
                base[k] += groups[gi][k]
        for pk in pairs:
            counts = list(base)
            if pk is not None:
                counts[pk] += 2
            if max(counts) <= 4:
                keys.add(sum(c * POW[k] for k, c in enumerate(counts)))
    return keys


def compute() -> tuple[list[tuple[int, ...]], np.ndarray]:
    keys = np.arange(SIZE, dtype=np.int64)
    digits = np.stack([(keys // POW[k]) % BASE for k in range(KINDS)])
    sums = digits.sum(axis=0)
    levels = [np.nonzero(sums == s)[0] for s in range(KINDS * 4 + 1)]
    table = np.zeros((SIZE, len(TARGET_SHAPES)), dtype=np.uint8)
    for col, (m, p) in enumerate(TARGET_SHAPES):
        contains = np.zeros(SIZE, dtype=bool)
        contains[list(_targets(m, p))] = True
        for idx in levels[1:]:
            for k in range(KINDS):
                sub = idx[digits[k, idx] > 0]
                contains[sub] |= contains[sub - POW[k]]
        dist = np.full(SIZE, 255, dtype=np.int32)
        for idx in reversed(levels):
            best = np.full(len(idx), 254, dtype=np.int32)
            for k in range(KINDS):
                ok = digits[k, idx] < 4
                cand = np.full(len(idx), 254, dtype=np.int32)
                cand[ok] = dist[idx[ok] + POW[k]] + 1
                best = np.minimum(best, cand)
            dist[idx] = np.where(contains[idx], 0, best)
        table[:, col] = dist
    vectors, index = np.unique(table, axis=0, return_inverse=True)
    return [tuple(int(x) for x in v) for v in vectors], index.astype("<u2").reshape(-1)


def encode(vectors: list[tuple[int, ...]], index: np.ndarray) -> bytes:
    head = MAGIC + struct.pack("<HH", len(vectors), len(TARGET_SHAPES))
    body = bytes(x for v in vectors for x in v) + index.tobytes()
    return head + zlib.compress(body, 9)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args()
    data = encode(*compute())
    if args.check:
        same = OUT.exists() and OUT.read_bytes() == data
        print("suit table matches" if same else f"suit table differs from {OUT}")
        return 0 if same else 1
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
