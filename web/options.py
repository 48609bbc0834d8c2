"""Option keys and values in words, from each game's presentation (games/presentation/;
docs/rules/shared.md A2); the engine's option specs say which exist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.presentation import presentation_of, shared
from games.rules.game import OptionSpec, OptionValue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def key_label(game: str, spec: OptionSpec) -> StrOrPromise:
    """An option of ``game`` in words."""
    return presentation_of(game).options.get(spec.key, spec.key)


def value_label(game: str, value: OptionValue) -> StrOrPromise:
    """An option value of ``game`` in words."""
    if isinstance(value, bool):
        return shared.SWITCH[value]
    return presentation_of(game).option_values.get(value, str(value))


def option_values(spec: OptionSpec) -> dict[str, OptionValue]:
    """A chosen option's values by the text its form field sends for each."""
    return dict(zip(map(str, spec.allowed), spec.allowed, strict=True))


def choice_specs(specs: tuple[OptionSpec, ...]) -> tuple[OptionSpec, ...]:
    """The options chosen from a list (targets and time limits are numbers, asked for apart; the
    hidden rules edition is never asked for)."""
    return tuple(spec for spec in specs if spec.allowed and not spec.hidden)
