"""Named variants people ask for by name: a game plus option values (docs/rules/shared.md A2).

Only presets of registered games are offered; the engine checks their options like any others.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.rules.capture.capturing import CAPTURE_GAMES
from games.rules.game import OptionValue
from games.rules.registry import GAMES

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True, slots=True)
class Preset:
    slug: str
    game: str
    title: StrOrPromise
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    @property
    def captures(self) -> bool:
        """Whether the dispute checker can answer for this variant (a capture game)."""
        return self.game in CAPTURE_GAMES


PRESETS = (
    Preset("tablo", "tablo", _("Tablo, as in the originals")),
    Preset(
        "tablo-101",
        "tablo",
        _("Tablo, Serbian 101"),
        {
            "tablo_points": "per_tablo",
            "card_bonus": "majority3",
            "leftovers": "last_capturer",
            "direction": "counterclockwise",
            "target": 101,
        },
    ),
    Preset("escoba", "escoba", _("Escoba, classic: a card takes at most two")),
    Preset("escoba-15", "escoba", _("Escoba, 15"), {"capture": "fifteen"}),
    Preset("scopone", "escoba", _("Escoba, Scopone"), {"deal": "scopone"}),
    Preset("muerto", "escoba", _("Escoba, Muerto"), {"muerto": True}),
    Preset("manual", "escoba", _("Escoba, manual capture"), {"manual_capture": True}),
    Preset("tamlin", "tamlin", _("Tamlin")),
    Preset("twenty", "twenty", _("Maltese Twenty")),
)


def presets_available(*, captures: bool = False) -> tuple[Preset, ...]:
    """The presets of registered games; with ``captures`` only those of capture games."""
    return tuple(preset for preset in PRESETS if preset.game in GAMES and (preset.captures or not captures))


def preset_find(slug: str) -> Preset | None:
    return next((preset for preset in presets_available() if preset.slug == slug), None)


SWEEP_NAMES: Mapping[str, StrOrPromise] = {
    "tablo": _("tablo"),
    "escoba": _("escoba (sweep)"),
    "tamlin": _("tamlin"),
}


def sweep_name(game: str) -> StrOrPromise:
    """What taking the whole table is called in ``game`` (docs/rules/ B9, E7, T12)."""
    return SWEEP_NAMES.get(game, _("sweep"))
