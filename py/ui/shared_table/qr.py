"""QR codes drawn on the page: the invite link and the answer code of a table shared over WebRTC.

An encoder of our own (ISO/IEC 18004, model 2) rather than a library, because the page works
offline and asks nothing of any host but its own: a library installed with micropip would be
fetched from an index, and shipping its wheel would cost ~100 KB for what fits in one module.

    matrix(text, ecc="M") -> list[list[bool]]   the modules, True = dark, no quiet zone
    svg(text, ecc="M", label="") -> str         an inline <svg> of it, quiet zone included

Byte mode (UTF-8), or alphanumeric mode when the text is made only of its 45 characters
(digits, A–Z, space and $%*+-./:); versions 1–40, the smallest that holds the text; error
correction levels L, M, Q and H, never raised beyond the one asked for; Reed–Solomon over
GF(256); the mask of the 8 with the lowest penalty score (the standard's four rules), scored
before the format information is drawn. tests/ui/test_qr.py holds it to a reference encoder,
bit for bit, and has a QR reader read it back.
"""

from __future__ import annotations

import html
import itertools
import re
from functools import cache

# Per level, indexed by version (index 0 unused): the error correction codewords of each
# block, and how many blocks the codewords are split into (ISO/IEC 18004, table 9).
EC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28,
          28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26,
          28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28,
          30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30,
          24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}
BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12,
          12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20,
          21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25,
          27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30,
          32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}
# the two bits that name the level in the format information (not in the order L, M, Q, H)
LEVEL_BITS = {"L": 1, "M": 0, "Q": 3, "H": 2}
ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
MAX_VERSION = 40

# The data masks, by (row, column): a module of the data area is flipped where the mask is True.
MASKS = (
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: i * j % 2 + i * j % 3 == 0,
    lambda i, j: (i * j % 2 + i * j % 3) % 2 == 0,
    lambda i, j: ((i + j) % 2 + i * j % 3) % 2 == 0,
)


# --- GF(256) and Reed–Solomon ------------------------------------------------------------------

def _gf_tables() -> tuple[list[int], list[int]]:
    """Powers of 2 in GF(256) modulo x⁸+x⁴+x³+x²+1 (0x11D), and their logarithms; the powers
    are written twice over so that a product needs no modulo of its exponent."""
    exp, log = [0] * 510, [0] * 256
    value = 1
    for power in range(255):
        exp[power] = exp[power + 255] = value
        log[value] = power
        value <<= 1
        if value & 0x100:
            value ^= 0x11D
    return exp, log


EXP, LOG = _gf_tables()


def gf_mul(a: int, b: int) -> int:
    return EXP[LOG[a] + LOG[b]] if a and b else 0


@cache
def generator(degree: int) -> tuple[int, ...]:
    """The generator polynomial (x - 2⁰)(x - 2¹)…(x - 2^(degree-1)), highest power first."""
    poly = [1]
    for power in range(degree):
        poly = [a ^ gf_mul(b, EXP[power]) for a, b in zip(poly + [0], [0] + poly)]
    return tuple(poly)


def rs_remainder(data: list[int], degree: int) -> list[int]:
    """The error correction codewords of a block: data·x^degree modulo the generator."""
    gen = generator(degree)
    rest = list(data) + [0] * degree
    for i in range(len(data)):
        if coef := rest[i]:
            for j in range(1, degree + 1):
                rest[i + j] ^= gf_mul(gen[j], coef)
    return rest[len(data):]


# --- sizes -------------------------------------------------------------------------------------

def size_of(version: int) -> int:
    return 4 * version + 17


def raw_codewords(version: int) -> int:
    """The codewords a version holds, data and error correction: its modules less the function
    patterns, format and version information, in whole bytes (the remainder bits are left)."""
    modules = size_of(version) ** 2 - 3 * 64 - 2 * (size_of(version) - 16) - 31
    if version >= 2:
        side = version // 7 + 2  # alignment patterns per row and column
        modules -= 25 * (side * side - 3) - 5 * 2 * (side - 2)  # less their overlap with timing
    if version >= 7:
        modules -= 36
    return modules // 8


def data_codewords(version: int, ecc: str) -> int:
    return raw_codewords(version) - EC_PER_BLOCK[ecc][version] * BLOCKS[ecc][version]


def alignment_positions(version: int) -> list[int]:
    """The rows (and columns) of the alignment patterns' centres: 6, then evenly spaced (by an
    even step) back from the far edge."""
    if version == 1:
        return []
    count = version // 7 + 2
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    last = size_of(version) - 7
    return [6] + [last - step * i for i in reversed(range(count - 1))]


# --- the bit stream ----------------------------------------------------------------------------

def append_bits(bits: list[int], value: int, length: int) -> None:
    bits.extend((value >> shift) & 1 for shift in reversed(range(length)))


def segment(text: str) -> tuple[int, int, list[int], tuple[int, int, int]]:
    """The text's mode indicator, character count, data bits and the count field's width for
    versions 1–9, 10–26 and 27–40."""
    bits: list[int] = []
    if text and all(ch in ALPHANUMERIC for ch in text):
        values = [ALPHANUMERIC.index(ch) for ch in text]
        for k in range(0, len(values) - 1, 2):  # two characters in 11 bits
            append_bits(bits, values[k] * 45 + values[k + 1], 11)
        if len(values) % 2:
            append_bits(bits, values[-1], 6)
        return 0b0010, len(values), bits, (9, 11, 13)
    data = text.encode("utf-8")
    for byte in data:
        append_bits(bits, byte, 8)
    return 0b0100, len(data), bits, (8, 16, 16)


def count_width(widths: tuple[int, int, int], version: int) -> int:
    return widths[0] if version <= 9 else widths[1] if version <= 26 else widths[2]


def codewords(text: str, ecc: str) -> tuple[int, list[int]]:
    """The smallest version that holds the text, and its data codewords, padded to fill it."""
    mode, count, data, widths = segment(text)
    for version in range(1, MAX_VERSION + 1):
        capacity = data_codewords(version, ecc) * 8
        bits: list[int] = []
        append_bits(bits, mode, 4)
        append_bits(bits, count, count_width(widths, version))
        bits += data
        if len(bits) <= capacity:
            break
    else:
        most = data_codewords(MAX_VERSION, ecc) - 3  # a byte-mode header takes 20 bits
        raise ValueError(f"the text ({count} characters, {len(text.encode())} bytes) does not "
                         f"fit a QR code at error correction level {ecc}: at most {most} bytes")
    bits += [0] * min(4, capacity - len(bits))  # the terminator, cut short by a full symbol
    bits += [0] * (-len(bits) % 8)
    words = [int("".join(map(str, bits[k:k + 8])), 2) for k in range(0, len(bits), 8)]
    pads = itertools.cycle((0xEC, 0x11))
    words += [next(pads) for _ in range(capacity // 8 - len(words))]
    return version, words


def interleave(words: list[int], version: int, ecc: str) -> list[int]:
    """The final message: the data split into blocks (the later ones a codeword longer), each
    given its error correction codewords, then all read column by column across the blocks."""
    count, ec_len = BLOCKS[ecc][version], EC_PER_BLOCK[ecc][version]
    total = raw_codewords(version)
    short = count - total % count  # how many blocks are one codeword shorter
    blocks, start = [], 0
    for index in range(count):
        length = total // count - ec_len + (index >= short)
        blocks.append(words[start:start + length])
        start += length
    ec_blocks = [rs_remainder(block, ec_len) for block in blocks]
    return ([block[k] for k in range(len(blocks[-1])) for block in blocks if k < len(block)]
            + [ec[k] for k in range(ec_len) for ec in ec_blocks])


# --- the symbol --------------------------------------------------------------------------------

def function_patterns(version: int) -> tuple[list[bytearray], list[bytearray]]:
    """The modules (1 = dark) of the finder, timing and alignment patterns, and which modules
    are not data (1 = function): these, and the format and version areas, left light here."""
    size = size_of(version)
    grid = [bytearray(size) for _ in range(size)]
    fixed = [bytearray(size) for _ in range(size)]

    def put(row: int, col: int, dark: bool) -> None:
        grid[row][col], fixed[row][col] = dark, 1

    for k in range(size):
        put(6, k, k % 2 == 0)
        put(k, 6, k % 2 == 0)
    for top, left in ((0, 0), (0, size - 7), (size - 7, 0)):
        # a finder with its light separator: rings at distance 0–1 and 3 dark, 2 and 4 light
        for row in range(max(top - 1, 0), min(top + 8, size)):
            for col in range(max(left - 1, 0), min(left + 8, size)):
                put(row, col, max(abs(row - top - 3), abs(col - left - 3)) not in (2, 4))
    corners = {(6, 6), (6, size - 7), (size - 7, 6)}  # the finders' centres
    for row, col in itertools.product(alignment_positions(version), repeat=2):
        if (row, col) in corners:
            continue
        for dr, dc in itertools.product(range(-2, 3), repeat=2):
            put(row + dr, col + dc, max(abs(dr), abs(dc)) != 1)
    for k in range(9):  # the format information beside each finder, and the dark module
        fixed[8][k] = fixed[k][8] = 1
    for k in range(8):
        fixed[8][size - 1 - k] = fixed[size - 1 - k][8] = 1
    if version >= 7:  # the version information, beside the two finders away from the corner
        for k in range(18):
            fixed[k // 3][size - 11 + k % 3] = fixed[size - 11 + k % 3][k // 3] = 1
    return grid, fixed


def data_cells(fixed: list[bytearray]) -> list[tuple[int, int]]:
    """The data modules in the order the bits fill them: two columns at a time from the right,
    up then down in turn, each row right to left, skipping the vertical timing column."""
    size = len(fixed)
    cells = []
    pairs = [*range(size - 1, 7, -2), 5, 3, 1]  # the right column of each pair
    for n, right in enumerate(pairs):
        rows = range(size - 1, -1, -1) if n % 2 == 0 else range(size)
        cells += [(row, col) for row in rows for col in (right, right - 1) if not fixed[row][col]]
    return cells


def bch(value: int, poly: int, degree: int) -> int:
    """value followed by its BCH check bits: the remainder of value·x^degree by poly."""
    rest = value << degree
    for shift in reversed(range(rest.bit_length() - degree)):
        if rest >> (shift + degree) & 1:
            rest ^= poly << shift
    return value << degree | rest


def put_format(grid: list[bytearray], ecc: str, mask: int) -> None:
    """The 15 format bits twice: around the top-left finder, and split between the other two;
    then the dark module, always dark, beside the bottom-left finder."""
    size = len(grid)
    bits = bch(LEVEL_BITS[ecc] << 3 | mask, 0x537, 10) ^ 0x5412  # masked: never all light
    near = ([(row, 8) for row in (0, 1, 2, 3, 4, 5, 7, 8)]  # skipping the timing patterns
            + [(8, col) for col in (7, 5, 4, 3, 2, 1, 0)])
    far = [(8, size - 1 - k) for k in range(8)] + [(size - 7 + k, 8) for k in range(7)]
    for k, ((r1, c1), (r2, c2)) in enumerate(zip(near, far)):
        grid[r1][c1] = grid[r2][c2] = bits >> k & 1
    grid[size - 8][8] = 1


def put_version(grid: list[bytearray], version: int) -> None:
    """The 18 version bits (v ≥ 7): a 6×3 block beside the top-right and bottom-left finders."""
    if version < 7:
        return
    size, bits = len(grid), bch(version, 0x1F25, 12)
    for k in range(18):
        grid[k // 3][size - 11 + k % 3] = grid[size - 11 + k % 3][k // 3] = bits >> k & 1


# --- choosing the mask -------------------------------------------------------------------------

FINDER_LIKE = bytes((1, 0, 1, 1, 1, 0, 1))
RUNS = re.compile(rb"\x00{5,}|\x01{5,}")  # 5 or more modules alike in a row or column


def finder_like(line: bytes) -> int:
    """How many dark-light-dark×3-light-dark runs have 4 light modules on one side or the other
    (the symbol's edge counts as light): what a reader could take for a finder."""
    count, at = 0, line.find(FINDER_LIKE)
    while at != -1:
        if not any(line[max(at - 4, 0):at]) or not any(line[at + 7:at + 11]):
            count, at = count + 1, line.find(FINDER_LIKE, at + 7)
        else:  # not one; the next may overlap it, from its fifth module on
            at = line.find(FINDER_LIKE, at + 4)
    return count


def penalty(grid: list[bytearray]) -> int:
    """The score of a masked symbol (lower is better): runs of 5 or more modules alike, 2×2
    blocks alike, finder-like patterns, and dark modules far from half of all."""
    lines = [bytes(row) for row in grid] + [bytes(col) for col in zip(*grid)]
    runs = sum(len(run) - 2 for line in lines for run in RUNS.findall(line))  # 3 for 5, +1 each
    blocks = sum(a == b == c == d for top, low in zip(grid, grid[1:])
                 for a, b, c, d in zip(top, top[1:], low, low[1:]))
    finders = sum(map(finder_like, lines))
    dark, total = sum(map(sum, grid)), len(grid) ** 2
    balance = abs(20 * dark - 10 * total) // total  # each 5 % away from 50 %
    return runs + 3 * blocks + 40 * finders + 10 * balance


def masked(grid: list[bytearray], cells: list[tuple[int, int]], mask: int) -> list[bytearray]:
    out = [bytearray(row) for row in grid]
    flip = MASKS[mask]
    for row, col in cells:
        if flip(row, col):
            out[row][col] ^= 1
    return out


# --- the API -----------------------------------------------------------------------------------

def encode(text: str, ecc: str = "M", mask: int | None = None) -> tuple[int, int, list[bytearray]]:
    """The version, the mask (the best one unless given) and the modules (1 = dark) of the QR
    code of text at level ecc."""
    if ecc not in LEVEL_BITS:
        raise ValueError(f"error correction level {ecc!r}: one of L, M, Q, H")
    version, words = codewords(text, ecc)
    message = interleave(words, version, ecc)
    grid, fixed = function_patterns(version)
    cells = data_cells(fixed)
    for k, (row, col) in enumerate(cells[:len(message) * 8]):  # the remainder bits stay light
        grid[row][col] = message[k // 8] >> (7 - k % 8) & 1
    if mask is None:  # scored before the format and version information is drawn (left light)
        mask = min(range(len(MASKS)), key=lambda m: penalty(masked(grid, cells, m)))
    grid = masked(grid, cells, mask)
    put_format(grid, ecc, mask)
    put_version(grid, version)
    return version, mask, grid


def matrix(text: str, ecc: str = "M") -> list[list[bool]]:
    """The QR code of text at error correction level ecc (L, M, Q or H): its rows of modules,
    True = dark, without the quiet zone. ValueError if the text does not fit version 40."""
    return [[bool(module) for module in row] for row in encode(text, ecc)[2]]


DARK_RUN = re.compile(rb"\x01+")


def row_path(y: int, row: bytes) -> str:
    """A row's dark runs as 1-wide strokes along the row's middle, "M4 4.5h7m1 0h3…": about
    half the size of filled rectangles, and as crisp with butt ends."""
    pieces, end = [], None
    for run in DARK_RUN.finditer(row):
        move = f"M{run.start() + 4} {y + 4}.5" if end is None else f"m{run.start() - end} 0"
        pieces.append(f"{move}h{run.end() - run.start()}")
        end = run.end()
    return "".join(pieces)


def svg(text: str, ecc: str = "M", label: str = "") -> str:
    """The QR code as an inline <svg>, scaled by CSS to its box (width and height 100 %):
    a white square with a 4-module quiet zone, and the dark modules as one path."""
    rows = encode(text, ecc)[2]
    side = len(rows) + 8
    path = "".join(row_path(y, bytes(row)) for y, row in enumerate(rows))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="100%"'
            f' height="100%" role="img" aria-label="{html.escape(label, quote=True)}"'
            f' shape-rendering="crispEdges"><rect width="{side}" height="{side}" fill="#fff"/>'
            f'<path stroke="#000" d="{path}"/></svg>')
