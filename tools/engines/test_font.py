"""A font with the Ahem font's metrics, made here from nothing, for pages that set their text in Ahem.

WPT's and Taffy's tests set text in Ahem, whose every glyph is one em wide, with an ascent of 0.8 em, a descent of
0.2 em and no line gap: a run of n characters at font size s is n × s wide and s tall. The browser adapters cannot
load a test's font (nothing loads in their pages), so `ahem_metrics_font()` builds a TrueType font with exactly those
metrics, family name "Ahem": the space and no-break space are blank, every other printable ASCII character is a full
em box from the descent to the ascent, anything else is not in the font. Standard library only.
"""

from __future__ import annotations

import struct

UNITS_PER_EM = 1000
ASCENT, DESCENT = 800, 200
FAMILY = "Ahem"


def _checksum(data: bytes) -> int:
    data += b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(data) // 4}I", data)) & 0xFFFFFFFF


def _cmap() -> bytes:
    """Format 4, Windows Unicode BMP: space and no-break space to the blank glyph 1, '!'…'~' to the box glyph 2
    (through the glyph array: a delta would map a range to consecutive glyphs)."""
    segments = [(0x20, 0x20), (0x21, 0x7E), (0xA0, 0xA0), (0xFFFF, 0xFFFF)]
    count = len(segments)
    search = 2 * (1 << (count.bit_length() - 1))
    deltas = [(1 - 0x20) & 0xFFFF, 0, (1 - 0xA0) & 0xFFFF, 1]
    range_offsets = [0, 2 * (count - 1), 0, 0]  # segment 1 reads the array that follows this one
    glyph_array = [2] * (0x7E - 0x21 + 1)
    body = struct.pack(f">{count}H", *[end for _, end in segments]) + b"\0\0"
    body += struct.pack(f">{count}H", *[start for start, _ in segments]) + struct.pack(f">{count}H", *deltas)
    body += struct.pack(f">{count}H", *range_offsets) + struct.pack(f">{len(glyph_array)}H", *glyph_array)
    subtable = struct.pack(">7H", 4, 14 + len(body), 0, 2 * count, search, search.bit_length() - 2,
                           2 * count - search) + body
    return struct.pack(">HH HHI", 0, 1, 3, 1, 12) + subtable


def _glyf() -> tuple[bytes, bytes]:
    """The glyphs (.notdef and the space empty, the box one clockwise contour) and their long `loca` offsets."""
    box = struct.pack(">hhhhh", 1, 0, -DESCENT, UNITS_PER_EM, ASCENT) + struct.pack(">HH", 3, 0)
    box += bytes([0x01] * 4)  # four on-curve points, coordinates as 16-bit deltas
    box += struct.pack(">4h", 0, 0, UNITS_PER_EM, 0) + struct.pack(">4h", -DESCENT, UNITS_PER_EM, 0, -UNITS_PER_EM)
    box += b"\0" * (-len(box) % 4)
    return box, struct.pack(">4I", 0, 0, 0, len(box))


def _name() -> bytes:
    names = [(1, FAMILY), (2, "Regular"), (3, "Ristretto: Ahem metrics"), (4, FAMILY), (5, "Version 1.0"),
             (6, FAMILY)]
    records, strings = b"", b""
    for name_id, text in names:
        encoded = text.encode("utf-16-be")
        records += struct.pack(">6H", 3, 1, 0x409, name_id, len(encoded), len(strings))
        strings += encoded
    return struct.pack(">3H", 0, len(names), 6 + len(records)) + records + strings


def ahem_metrics_font() -> bytes:
    """The font file's bytes (TrueType, 10 tables, three glyphs)."""
    glyf, loca = _glyf()
    em, glyphs = UNITS_PER_EM, 3
    os2 = struct.pack(">HhHHH", 4, em, 400, 5, 0) + struct.pack(">10h", 650, 600, 0, 75, 650, 600, 0, 350, 50, 300)
    os2 += struct.pack(">h10sIIII4sHHH", 0, b"\0" * 10, 1, 0, 0, 0, b"NONE", 0xC0, 0x20, 0xA0)
    os2 += struct.pack(">hhhHHIIhhHHH", ASCENT, -DESCENT, 0, ASCENT, DESCENT, 1, 0, ASCENT, ASCENT, 0, 0x20, 1)
    tables = {
        b"OS/2": os2,
        b"cmap": _cmap(),
        b"glyf": glyf,
        b"head": struct.pack(">IIIIHHqqhhhhHHhhh", 0x10000, 0x10000, 0, 0x5F0F3CF5, 0x000B, em, 0, 0, 0, -DESCENT,
                             em, ASCENT, 0, 8, 2, 1, 0),
        b"hhea": struct.pack(">IhhhHhhhhhh4hhH", 0x10000, ASCENT, -DESCENT, 0, em, 0, 0, em, 1, 0, 0, 0, 0, 0, 0, 0,
                             glyphs),
        b"hmtx": struct.pack(">6H", em, 0, em, 0, em, 0),
        b"loca": loca,
        b"maxp": struct.pack(">I14H", 0x10000, glyphs, 4, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0),
        b"name": _name(),
        b"post": struct.pack(">IIhhIIIII", 0x30000, 0, -100, 50, 1, 0, 0, 0, 0),
    }
    count = len(tables)
    search = 16 * (1 << (count.bit_length() - 1))
    header = struct.pack(">IHHHH", 0x10000, count, search, search.bit_length() - 5, 16 * count - search)
    offset = len(header) + 16 * count
    directory, body = b"", b""
    for tag in sorted(tables):
        data = tables[tag]
        directory += struct.pack(">4sIII", tag, _checksum(data), offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    font = bytearray(header + directory + body)
    head_offset = struct.unpack(">I", directory[16 * sorted(tables).index(b"head") + 8:][:4])[0]
    struct.pack_into(">I", font, head_offset + 8, (0xB1B0AFBA - _checksum(bytes(font))) & 0xFFFFFFFF)
    return bytes(font)


if __name__ == "__main__":
    import sys
    sys.stdout.buffer.write(ahem_metrics_font())
