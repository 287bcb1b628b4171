"""The page's own QR encoder (py/ui/qr.py) against a reference encoder, segno (a test-only
dependency), bit for bit: the same version, the same mask and every module alike; and read
back by a QR reader, OpenCV's, where it is installed (it is not a dependency)."""
from __future__ import annotations

import random
import re
import string
import time

import pytest
import segno  # requirements-dev.txt: for these tests only, never for the page
from segno import encoder as segno_encoder

from ui.shared_table import qr

LEVELS = "LMQH"
URL_CHARS = string.ascii_letters + string.digits + "-_"


def url(length: int, seed: int = 0) -> str:
    """An invite-like link of `length` characters: the page's address and url-safe noise."""
    head = "https://host/kozyr/#join="
    rng = random.Random(length * 31 + seed)
    return (head + "".join(rng.choice(URL_CHARS) for _ in range(length)))[:length]


@pytest.fixture(autouse=True)
def standard_padding(monkeypatch):
    """segno 1.6.6 adds a whole zero byte when the data ends on a byte boundary (it pads with
    8 - n % 8 bits, heuer/segno#123 and #148, still open); the standard adds none, so does
    ours. Every reader ignores what follows the terminator, but a bit-for-bit comparison
    needs segno to pad as the standard says."""
    monkeypatch.setattr(segno_encoder, "write_padding_bits",
                        lambda buff, version, length: buff.extend([0] * (-length % 8)))


def reference(text: str, ecc: str, **forced) -> segno.QRCode:
    """segno's QR code of text as ours makes it: byte mode (UTF-8), or alphanumeric when the
    text is made of its characters only; never a Micro QR code, never a raised level."""
    alphanumeric = bool(text) and all(ch in qr.ALPHANUMERIC for ch in text)
    return segno.make(text if alphanumeric else text.encode(), error=ecc, micro=False,
                      mode="alphanumeric" if alphanumeric else "byte", boost_error=False,
                      **forced)


def assert_same(text: str, ecc: str) -> int:
    """Ours and segno's choose the same version and mask and draw the same modules; the
    version."""
    version, mask, grid = qr.encode(text, ecc)
    ref = reference(text, ecc)
    assert (version, mask) == (ref.version, ref.mask), (len(text), ecc)
    assert [list(row) for row in grid] == [list(row) for row in ref.matrix], (len(text), ecc)
    return version


@pytest.mark.parametrize("ecc", LEVELS)
def test_invite_like_links_of_1_to_600_characters_match_segno(ecc):
    lengths = [*range(1, 30), *range(30, 601, 23), 600]
    versions = {assert_same(url(n), ecc) for n in lengths}
    assert len(versions) > 10


@pytest.mark.parametrize("ecc", LEVELS)
def test_every_version_filled_to_the_last_byte_matches_segno(ecc):
    """For each version 1–40, the longest text it holds in byte mode is given that version
    (one byte more would need the next), and matches segno."""
    for version in range(1, 41):
        header = 2 if version < 10 else 3  # mode and count: 12 or 20 bits, and the terminator
        text = url(qr.data_codewords(version, ecc) - header, seed=version)
        assert assert_same(text, ecc) == version
        if version < 40:
            assert qr.codewords(text + "x", ecc)[0] == version + 1
    with pytest.raises(ValueError):
        qr.codewords(text + "x", ecc)


@pytest.mark.parametrize("ecc", LEVELS)
def test_alphanumeric_texts_match_segno(ecc):
    rng = random.Random(7)
    for length in (1, 2, 3, 10, 25, 26, 47, 77, 100, 200, 400, 900):
        text = "".join(rng.choice(qr.ALPHANUMERIC) for _ in range(length))
        assert_same(text, ecc)
    assert qr.segment("HTTPS://HOST/ABC")[0] == 0b0010 and qr.segment("https://h")[0] == 0b0100


def test_utf8_texts_and_the_empty_text_match_segno():
    for text in ("Борис", "Ann & Борис — ♠♥♦♣", "€" * 90, "ä", "", " "):
        for ecc in LEVELS:
            assert_same(text, ecc)


def test_each_mask_is_drawn_as_segno_draws_it():
    """The chosen mask is one of 8: each one, forced, with its format information."""
    for text in ("hello", url(120), url(300)):
        for ecc in LEVELS:
            for mask in range(8):
                version, _, grid = qr.encode(text, ecc, mask=mask)
                ref = reference(text, ecc, version=version, mask=mask)
                assert [list(row) for row in grid] == [list(row) for row in ref.matrix]


def test_a_text_too_long_is_refused_with_what_fits():
    most = {"L": 2953, "M": 2331, "Q": 1663, "H": 1273}  # version 40's bytes (the standard's)
    for ecc, count in most.items():
        assert len(qr.matrix("x" * count, ecc)) == 177
        with pytest.raises(ValueError, match=f"does not fit a QR code at error correction "
                                             f"level {ecc}: at most {count} bytes"):
            qr.matrix("x" * (count + 1), ecc)
    with pytest.raises(ValueError, match="2332 bytes"):
        qr.matrix("я" * 1166)
    with pytest.raises(ValueError, match="one of L, M, Q, H"):
        qr.matrix("hello", "X")


def test_the_matrix_is_square_without_quiet_zone_of_booleans():
    text = url(200)
    assert qr.matrix(text, "H") == [[bool(m) for m in row] for row in reference(text, "H").matrix]
    rows = qr.matrix("hello")
    assert len(rows) == 21 and all(len(row) == 21 for row in rows)
    assert all(type(module) is bool for row in rows for module in row)
    assert rows[0][:7] == [True] * 7 and rows[1][:7] == [True] + [False] * 5 + [True]


def path_modules(svg: str) -> tuple[int, set[tuple[int, int]]]:
    """The viewBox's side and the dark modules of the SVG's path, read back from its strokes."""
    side = int(re.search(r'viewBox="0 0 (\d+) \1"', svg)[1])
    dark, x = set(), 0
    for move, a, b, length in re.findall(r"([Mm])(\d+) (\d+(?:\.5)?)h(\d+)", re.search(
            r'<path stroke="#000" d="([^"]*)"', svg)[1]):
        if move == "M":
            x, y = int(a), int(float(b))
        else:
            x += int(a)
        dark |= {(y, x + k) for k in range(int(length))}
        x += int(length)
    return side, dark


@pytest.mark.parametrize("length", [1, 100, 300])
def test_the_svg_draws_the_matrix_inside_a_4_module_quiet_zone(length):
    text = url(length)
    svg = qr.svg(text, "Q", label="x")
    rows = qr.matrix(text, "Q")
    side, dark = path_modules(svg)
    assert side == len(rows) + 8
    assert dark == {(y + 4, x + 4) for y, row in enumerate(rows) for x, m in enumerate(row) if m}
    assert f'<rect width="{side}" height="{side}" fill="#fff"/>' in svg
    assert svg.count("<path") == 1 and 'shape-rendering="crispEdges"' in svg
    assert 'width="100%" height="100%"' in svg and 'role="img"' in svg


def test_the_svg_label_is_escaped():
    svg = qr.svg("hi", label='Join <Ann> & "Boris"')
    assert 'aria-label="Join &lt;Ann&gt; &amp; &quot;Boris&quot;"' in svg
    assert 'aria-label=""' in qr.svg("hi")


def test_the_svg_of_an_invite_link_is_small():
    invite = url(300)
    size = len(qr.svg(invite, label="Invite").encode())
    print(f"\nSVG of a {len(invite)}-character invite link at level M: {size} bytes, "
          f"version {qr.encode(invite)[0]}")
    assert size < 12_000


def test_a_400_character_code_is_made_quickly():
    text = url(400)
    start = time.perf_counter()
    version = qr.encode(text)[0]
    took = time.perf_counter() - start
    start = time.perf_counter()
    qr.svg(text)
    took_svg = time.perf_counter() - start
    print(f"\n400 characters at level M (version {version}): matrix {took * 1000:.0f} ms, "
          f"svg {took_svg * 1000:.0f} ms on CPython")
    assert took < 2
