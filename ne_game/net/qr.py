"""QR codes for the phones' addresses (segno: no dependencies, no pygame).

The TV draws `qr_matrix` itself (a pygame surface, later); the headless host prints
`qr_text` in the terminal; `qr_png` is a ready image for anything else."""
from __future__ import annotations

import io

import segno

QUIET_ZONE = 4     # the standard's margin of light modules around the code; scanners need it


def qr_matrix(text: str, border: int = QUIET_ZONE) -> list[list[bool]]:
    """The code's modules as rows of booleans (True = dark), with `border` light modules
    around it. Error correction M: a TV's glare and a tilted phone still read it."""
    code = segno.make_qr(text, error="m")
    return [[bool(module) for module in row] for row in code.matrix_iter(scale=1, border=border)]


def qr_text(text: str, invert: bool = True) -> str:
    """The code drawn with half-block characters, two module rows per line, for a terminal.
    `invert`: dark terminals show light text on black, so a light module is drawn as ink."""
    rows = qr_matrix(text, border=2)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    glyphs = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2]):
        lines.append("".join(glyphs[(a != invert, b != invert)] for a, b in zip(top, bottom)))
    return "\n".join(lines)


def qr_png(text: str, scale: int = 8) -> bytes:
    """The code as a PNG image (black on white)."""
    out = io.BytesIO()
    segno.make_qr(text, error="m").save(out, kind="png", scale=scale, border=QUIET_ZONE)
    return out.getvalue()
