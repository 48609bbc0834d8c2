"""The result card: a match's score as a PNG image to post in a group chat (the share link's og:image).

Drawn with Pillow in DejaVu Sans (web/fonts/, from the npm package ``dejavu-fonts-ttf`` 2.37.3; its
LICENSE beside it), which has Latin, Cyrillic and the card suits: chat apps show PNG previews, not
SVG. The image is always 1200x630 (the size link previews use); long names are cut with an ellipsis
and at most ``SIDES_SHOWN`` sides are drawn, so its size is bounded whatever the match holds. It names
the game, the date, the hands played, the time the match took and its club; with a share link, the
link's QR code sits beside the sides, so a photo of a screen opens the match. A match with no hand
scored has no card (0 : 0 says nothing).
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path

import segno
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext, ngettext
from PIL import Image, ImageDraw, ImageFont

from games.audit.chain import short_code
from games.models import Match
from web.screens import MatchScreen

WIDTH, HEIGHT = 1200, 630
SIDES_SHOWN = 6
MARGIN = 64
FONTS = Path(__file__).parent / "fonts"
BACKGROUND, INK, MUTED, ACCENT, RULE = "#fbfaf7", "#1d1d1f", "#5f6368", "#0b6e4f", "#d6d3cc"
SIDE_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")  # as on the screen


@dataclass(frozen=True, slots=True)
class CardSide:
    """A side on the result card: its names, total and whether it won."""

    names: str
    total: int
    winner: bool = False


@dataclass(frozen=True, slots=True)
class ResultCard:
    """What the card shows, already in the reader's language."""

    game: str  # "Tablo"
    date: str  # "1 December 2026"
    status: str  # "Final score", "In progress, after 3 hands"
    headline: str  # "Marija won", or the score line for a match in progress
    sides: tuple[CardSide, ...]
    record: str = ""  # a finished match's "Record 1A2B-3C4D": the head of its hash chain (docs/audit.md)
    details: str = ""  # "12 hands · 47 min · Club Zvezda"
    link: str = ""  # the share link, drawn as a QR code


@lru_cache(maxsize=16)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


MISSING = "\U0010fffd"  # a private-use code point: drawn as the font's box for a missing glyph


@lru_cache(maxsize=1024)
def _drawable(font: ImageFont.FreeTypeFont, char: str) -> bool:
    """Whether ``font`` has a glyph for ``char``, rather than the box it draws for a missing one."""

    def pixels(text: str) -> bytes:
        side = int(font.size * 2)
        image = Image.new("L", (side, side))
        ImageDraw.Draw(image).text((0, 0), text, font=font, fill=255)
        return image.tobytes()

    if unicodedata.category(char) == "Cf" or "\ufe00" <= char <= "\ufe0f":
        return False  # a joiner, a tag or a variation selector: part of an emoji, drawn with it or not at all
    return char.isspace() or pixels(char) != pixels(MISSING)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """``text``, cut with an ellipsis to be at most ``width`` pixels wide; without the characters the
    font cannot draw (most emojis a seat may have: the side's colour tells it apart on the card)."""
    text = " ".join("".join(char for char in text if _drawable(font, char)).split())
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def result_card_png(card: ResultCard) -> bytes:
    """The card as PNG bytes (1200x630)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    inner = WIDTH - 2 * MARGIN
    draw.rectangle((0, 0, WIDTH, 14), fill=ACCENT)
    draw.text((MARGIN, 48), "Scorekeeper", font=_font(30, bold=True), fill=ACCENT)
    date = _fit(draw, card.date, _font(30), inner / 2)
    draw.text((WIDTH - MARGIN, 48), date, font=_font(30), fill=MUTED, anchor="ra")
    draw.text(
        (MARGIN, 100), _fit(draw, f"{card.game} · {card.status}", _font(40), inner), font=_font(40), fill=INK
    )
    draw.text(
        (MARGIN, 160),
        _fit(draw, card.headline, _font(52, bold=True), inner),
        font=_font(52, bold=True),
        fill=ACCENT,
    )
    if card.details:
        draw.text((MARGIN, 226), _fit(draw, card.details, _font(28), inner), font=_font(28), fill=MUTED)
    sides = card.sides[:SIDES_SHOWN]
    top, bottom = 280, HEIGHT - 40
    right = WIDTH - MARGIN
    if card.link:
        code = _qr(card.link, bottom - top)
        image.paste(code, (right - code.width, top + (bottom - top - code.height) // 2))
        right -= code.width + 32
        inner = right - MARGIN
    row = (bottom - top) // max(len(sides), 1)
    size = min(64, row - 24)
    for index, side in enumerate(sides):
        y = top + index * row
        draw.line((MARGIN, y, right, y), fill=RULE, width=2)
        colour = ACCENT if side.winner else INK
        total = str(side.total)
        total_width = draw.textlength(total, font=_font(size, bold=True))
        dot = size // 2
        names = _fit(draw, side.names, _font(size, bold=side.winner), inner - total_width - 40 - dot * 2)
        middle = y + row / 2
        draw.ellipse((MARGIN, middle - dot / 2, MARGIN + dot, middle + dot / 2), fill=SIDE_COLOURS[index])
        draw.text(
            (MARGIN + dot * 2, middle), names, font=_font(size, bold=side.winner), fill=colour, anchor="lm"
        )
        draw.text((right, middle), total, font=_font(size, bold=True), fill=colour, anchor="rm")
    if card.record:
        draw.text((WIDTH - MARGIN, HEIGHT - 8), card.record, font=_font(22), fill=MUTED, anchor="rd")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _qr(link: str, height: int) -> Image.Image:
    """The QR code of ``link``, as large as fits ``height`` with whole pixels per module."""
    code = segno.make(link, error="m")
    scale = max(1, height // code.symbol_size(border=2)[0])
    out = io.BytesIO()
    code.save(out, kind="png", scale=scale, border=2, dark=INK, light=BACKGROUND)
    return Image.open(out).convert("RGB")


def _details(screen: MatchScreen, began: datetime | None) -> str:
    """ "12 hands · 47 min · Club": what the match was, beyond its score."""
    match, hands = screen.match, screen.board["hands_closed"]
    parts = [ngettext("%(counter)s hand", "%(counter)s hands", hands) % {"counter": hands}]
    if match.finished_at and began:
        minutes = max(1, round((match.finished_at - began).total_seconds() / 60))
        parts.append(ngettext("%(counter)s minute", "%(counter)s minutes", minutes) % {"counter": minutes})
    if match.club:
        parts.append(match.club.name)
    return " · ".join(parts)


def result_card_of(screen: MatchScreen, link: str = "", began: datetime | None = None) -> ResultCard:
    """The card of the match ``screen`` shows, in the active language; ``link``: its share link, drawn as
    a QR code; ``began``: when its first hand began, for the time it took."""
    match = screen.match
    sides = tuple(CardSide(side.names, side.total, side.winner) for side in screen.sides)
    if match.status == Match.Status.FINISHED:
        status = gettext("Final score")
        winner = screen.winner
        if winner is not None:
            headline = gettext("%(names)s won") % {"names": winner.names}
        else:
            headline = gettext("A draw") if match.draw else gettext("No winner")
    else:
        hands = screen.board["hands_closed"]
        status = (
            gettext("Abandoned")
            if match.status == Match.Status.ABANDONED
            else ngettext(
                "In progress, after %(counter)s hand", "In progress, after %(counter)s hands", hands
            )
            % {"counter": hands}
        )
        headline = " \N{EN DASH} ".join(str(side.total) for side in sides)
    when = localtime(match.finished_at or match.created_at)
    code = short_code(match.chain_head) if match.status == Match.Status.FINISHED else ""
    # Translators: the short code of a finished match's record, to check it (docs/audit.md)
    record = gettext("Record %(code)s") % {"code": code} if code else ""
    return ResultCard(
        game=screen.title,
        date=date_format(when),
        status=status,
        headline=headline,
        sides=sides,
        record=record,
        details=_details(screen, began),
        link=link,
    )
