"""The presets offered by name and a game's word for a sweep, from each game's presentation
(games/presentation/; docs/rules/shared.md A2).

Only presets of registered games are offered; the engine checks their options like any others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.utils.translation.trans_real import parse_accept_lang_header

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
    """The available preset named ``slug``, or ``None``."""
    return next((preset for preset in presets_available() if preset.slug == slug), None)


def preset_of_match(game: str, options: Mapping[str, object]) -> Preset | None:
    """The offered preset of ``game`` closest to a match under ``options``: the one with the most of
    its options as the match has them, less those the match changed (the first of equals); ``None``
    for a game not offered.

    >>> tablo_101 = dict(preset_find("tablo-101").options, target=51)  # 101's rules, to 51
    >>> preset_of_match("tablo", tablo_101).slug, preset_of_match("escoba", {"capture": "pair"}).slug
    ('tablo-101', 'escoba')
    """

    def closeness(preset: Preset) -> int:
        return sum(1 if options.get(key) == value else -1 for key, value in preset.options.items())

    return max((preset for preset in presets_available() if preset.game == game), key=closeness, default=None)


def reader_languages(language: str, accept_language: str) -> list[str]:
    """The reader's languages, most specific first: the browser's tags of the app's ``language``
    (with their region: ``pt-br``, ``en-mt``), then ``language`` itself.

    >>> reader_languages("en", "en-MT,en;q=0.9,it;q=0.8"), reader_languages("sr-latn", "hr-HR,hr")
    (['en-mt', 'en', 'en'], ['sr-latn'])
    """
    primary = language.split("-")[0]
    tags = [tag for tag, _ in parse_accept_lang_header(accept_language) if tag.split("-")[0] == primary]
    return [*tags, language.lower()]


def preset_for_readers(languages: Sequence[str]) -> Preset | None:
    """The preset of the first of ``languages`` that is some game's home (games/presentation/
    ``home_languages``): a home language ``es`` holds ``es-ar``; ``None`` for none.

    >>> [preset_for_readers([tag]).slug for tag in ("sr-latn", "es-ar", "it", "pt-br", "en-mt")]
    ['tablo-101', 'escoba-15', 'tamlin', 'escoba-15', 'twenty']
    >>> preset_for_readers(["en", "ru"]) is None
    True
    """
    for tag in languages:
        for preset in presets_available():
            if any(tag == home or tag.startswith(f"{home}-") for home in preset.home_languages):
                return preset
    return None


def sweep_name(game: str) -> StrOrPromise:
    """What taking the whole table is called in ``game`` (docs/rules/ B9, E7, T12)."""
    return presentation_of(game).sweep_name or shared.SWEEP
