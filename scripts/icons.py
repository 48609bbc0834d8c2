"""Draw the app's icons (a card with a heart on the table's green) as PNGs into ``static/icons/``.

Pure standard library (zlib), so no imaging dependency: ``python scripts/icons.py``. The maskable icon
keeps the card inside the central 80% that every launcher's mask leaves visible.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

GREEN = (11, 110, 79)  # --accent in static/css/app.css
WHITE = (255, 255, 255)
RED = (192, 38, 45)  # --red-suit
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
SIZES = {
    "icon-192.png": (192, 0.62),
    "icon-512.png": (512, 0.62),
    "maskable-512.png": (512, 0.5),
    "apple-touch-icon.png": (180, 0.62),
    "favicon-32.png": (32, 0.8),
}


def _in_card(x: float, y: float, half_w: float, half_h: float, radius: float) -> bool:
    """Inside a rounded rectangle centred on 0, 0."""
    dx, dy = max(abs(x) - (half_w - radius), 0.0), max(abs(y) - (half_h - radius), 0.0)
    return abs(x) <= half_w and abs(y) <= half_h and dx * dx + dy * dy <= radius * radius


def _in_heart(x: float, y: float) -> bool:
    """The heart curve (x^2 + y^2 - 1)^3 <= x^2 y^3, y pointing up, about 2.3 units wide."""
    return (x * x + y * y - 1) ** 3 - x * x * y**3 <= 0


def pixel(u: float, v: float, card: float) -> tuple[int, int, int]:
    """The colour at ``u, v`` in -1..1 (v down); ``card`` is the card's height as a share of the icon."""
    half_h = card
    half_w = card * 0.72
    if not _in_card(u, v, half_w, half_h, card * 0.12):
        return GREEN
    scale = card * 0.42
    return RED if _in_heart(u / scale, -(v + card * 0.05) / scale) else WHITE


def png(size: int, card: float, samples: int = 3) -> bytes:
    """A square RGB PNG, each pixel averaged over ``samples``^2 points (smooth edges)."""
    rows = bytearray()
    for row in range(size):
        rows.append(0)  # filter: none
        for col in range(size):
            total = [0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    u = (col + (sx + 0.5) / samples) / size * 2 - 1
                    v = (row + (sy + 0.5) / samples) / size * 2 - 1
                    for channel, value in enumerate(pixel(u, v, card)):
                        total[channel] += value
            rows.extend(round(value / samples**2) for value in total)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (size, card) in SIZES.items():
        (OUT / name).write_bytes(png(size, card))


if __name__ == "__main__":
    main()
