"""Pictures of a board: SVG always, PNG when cairosvg or Pillow is installed.

Coordinates run along all four edges; pieces are rings in seat colours and
the scoring frame, when a target is given, outlines the squares it covers.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

from .board import COLUMNS, ROW_LETTERS, ROWS, Board, Square, as_square

SEAT_COLOURS = (
    "#000000",
    "#ffffff",
    "#e6194b",
    "#3cb44b",
    "#4363d8",
    "#f58231",
    "#911eb4",
    "#ffe119",
    "#46f0f0",
    "#f032e6",
)
Pieces = Mapping[Square | str, int]


def _geometry(cell: int) -> tuple[int, int, int]:
    margin = cell + 4
    return margin, 2 * margin + COLUMNS * cell, 2 * margin + ROWS * cell


def _labels(cell: int) -> list[tuple[float, float, str]]:
    """``(x, y, text)`` centres of the coordinate labels on all four edges."""
    margin, width, height = _geometry(cell)
    labels = []
    for column in range(COLUMNS):
        x = margin + (column + 0.5) * cell
        labels += [(x, margin / 2, str(column + 1)), (x, height - margin / 2, str(column + 1))]
    for row in range(ROWS):
        y = margin + (row + 0.5) * cell
        labels += [(margin / 2, y, ROW_LETTERS[row]), (width - margin / 2, y, ROW_LETTERS[row])]
    return labels


def _frame(target: Square, cell: int) -> tuple[int, int, int, int]:
    """The frame's box (x0, y0, x1, y1), cut to the board."""
    margin, _, _ = _geometry(cell)
    top, bottom = max(target.row - 1, 0), min(target.row + 1, ROWS - 1)
    left, right = max(target.column - 1, 0), min(target.column + 1, COLUMNS - 1)
    return (
        margin + left * cell,
        margin + top * cell,
        margin + (right + 1) * cell,
        margin + (bottom + 1) * cell,
    )


def board_svg(
    board: Board,
    *,
    pieces: Pieces | None = None,
    target: Square | str | None = None,
    cell: int = 24,
) -> str:
    """The board as an SVG document; ``pieces`` maps squares to seats.

    ``target``, when given, outlines the scoring frame around it; ``cell``
    is a square's size in pixels.

    >>> from huegames import hues_and_cues as hc
    >>> svg = hc.board_svg(hc.Board.default(), pieces={"N11": 1}, target="N10")
    >>> svg.startswith("<svg "), 'width="776" height="440"' in svg  # 30 x 24 px and margins
    (True, True)
    >>> svg.count("<rect"), svg.count("<circle")  # background, 480 squares, the frame
    (482, 1)
    """
    margin, width, height = _geometry(cell)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" '
        f'font-size="{cell * 0.45:.1f}">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    for row in range(ROWS):
        for column in range(COLUMNS):
            parts.append(
                f'<rect x="{margin + column * cell}" y="{margin + row * cell}" width="{cell}" '
                f'height="{cell}" fill="{board.rows[row][column]}"/>'
            )
    for x, y, text in _labels(cell):
        parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" '
            f'dominant-baseline="central">{text}</text>'
        )
    for square, seat in (pieces or {}).items():
        square = as_square(square)
        cx, cy = margin + (square.column + 0.5) * cell, margin + (square.row + 0.5) * cell
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.32:.1f}" '
            f'fill="{SEAT_COLOURS[seat % len(SEAT_COLOURS)]}" stroke="#808080" stroke-width="2"/>'
        )
    if target is not None:
        x0, y0, x1, y1 = _frame(as_square(target), cell)
        parts.append(
            f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="none" '
            f'stroke="#000000" stroke-width="3"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def board_png(
    board: Board,
    *,
    pieces: Pieces | None = None,
    target: Square | str | None = None,
    cell: int = 24,
) -> bytes:
    """The board as PNG bytes, through cairosvg or else Pillow (ImportError if neither)."""
    try:
        import cairosvg  # type: ignore[import-not-found]
    except ImportError:
        pass
    else:
        return cairosvg.svg2png(
            bytestring=board_svg(board, pieces=pieces, target=target, cell=cell).encode()
        )
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise ImportError("PNG output needs Pillow or cairosvg installed") from None
    margin, width, height = _geometry(cell)
    image = Image.new("RGB", (width, height), "#ffffff")
    draw = ImageDraw.Draw(image)
    for row in range(ROWS):
        for column in range(COLUMNS):
            x, y = margin + column * cell, margin + row * cell
            draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=board.rows[row][column])
    for label_x, label_y, text in _labels(cell):
        draw.text((label_x, label_y), text, fill="#000000", anchor="mm")
    for square, seat in (pieces or {}).items():
        square = as_square(square)
        cx, cy = margin + (square.column + 0.5) * cell, margin + (square.row + 0.5) * cell
        r = cell * 0.32
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r),
            fill=SEAT_COLOURS[seat % len(SEAT_COLOURS)],
            outline="#808080",
            width=2,
        )
    if target is not None:
        draw.rectangle(_frame(as_square(target), cell), outline="#000000", width=3)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
