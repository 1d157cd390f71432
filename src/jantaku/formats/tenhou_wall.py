"""Tenhou's walls, regenerated from an mjlog's ``SHUFFLE seed="mt19937ar-sha512-n288-base64,…"``.

Tenhou seeds an MT19937 generator once per match with the 624 words of the seed; for each hand
it draws 288 words, hashes them in nine 128-byte blocks with SHA-512 and uses the 144 resulting
words to shuffle 0..135 (swap position i with i + r[i] mod (136 - i)). Tenhou deals from the end
of that array, so the wall in the layout of :mod:`jantaku.formats.wall` is the array reversed.
(Publicly documented by Tenhou; checked here against every dealt and drawn tile of the data.)"""

from __future__ import annotations

import base64
import hashlib
import random
import struct
from collections.abc import Iterator

__all__ = ["SEED_PREFIX", "tenhou_walls"]

SEED_PREFIX = "mt19937ar-sha512-n288-base64,"
_N = 624


def _init_by_array(key: list[int]) -> list[int]:
    """MT19937's ``init_by_array`` (Matsumoto and Nishimura's reference seeding)."""
    mt = [0] * _N
    mt[0] = 19650218
    for i in range(1, _N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
    i, j = 1, 0
    for _ in range(max(_N, len(key))):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
        i, j = i + 1, j + 1
        if i >= _N:
            mt[0], i = mt[_N - 1], 1
        if j >= len(key):
            j = 0
    for _ in range(_N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        i += 1
        if i >= _N:
            mt[0], i = mt[_N - 1], 1
    mt[0] = 0x80000000
    return mt


def tenhou_walls(seed: str) -> Iterator[tuple[tuple[int, ...], tuple[int, int]]]:
    """(wall of 136 ids in jantaku's layout, dice) for the match's hands in order. ValueError
    for a seed that is not Tenhou's."""
    text = seed.removeprefix(SEED_PREFIX)
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        raise ValueError("the SHUFFLE seed is not base64") from None
    if len(raw) != 4 * _N:
        raise ValueError(f"the SHUFFLE seed holds {len(raw)} bytes, not {4 * _N}")
    gen = random.Random()  # a private generator: its state is set, never the global one
    gen.setstate((3, (*_init_by_array(list(struct.unpack(f"<{_N}I", raw))), _N), None))
    while True:
        src = struct.pack("<288I", *(gen.getrandbits(32) for _ in range(288)))
        digest = b"".join(hashlib.sha512(src[i * 128 : (i + 1) * 128]).digest() for i in range(9))
        rnd = struct.unpack("<144I", digest)
        yama = list(range(136))
        for i in range(135):
            j = i + rnd[i] % (136 - i)
            yama[i], yama[j] = yama[j], yama[i]
        yield tuple(reversed(yama)), (rnd[135] % 6 + 1, rnd[136] % 6 + 1)
