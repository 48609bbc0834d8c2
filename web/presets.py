"""The presets offered by name and a game's word for a sweep, from each game's presentation
(games/presentation/; docs/rules/shared.md A2).

Only presets of registered games are offered; the engine checks their options like any others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.presentation import PRESENTATIONS, Preset, presentation_of, shared
from games.rules.registry import GAMES

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def presets_available(*, captures: bool = False) -> tuple[Preset, ...]:
    """The presets of registered games; with ``captures`` only those of capture games."""
    return tuple(
        preset
        for name, presentation in PRESENTATIONS.items()
        if name in GAMES
        for preset in presentation.presets
        if preset.captures or not captures
    )


def preset_find(slug: str) -> Preset | None:
    return next((preset for preset in presets_available() if preset.slug == slug), None)


def sweep_name(game: str) -> StrOrPromise:
    """What taking the whole table is called in ``game`` (docs/rules/ B9, E7, T12)."""
    return presentation_of(game).sweep_name or shared.SWEEP
