"""Query forms of the statistics pages (GET): which season and game, which column, which two players."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django import forms
from django.forms.models import ModelChoiceIterator
from django.utils.translation import gettext_lazy as _

from games.clubs.selectors import season_list
from games.collation import by_name
from games.labels import game_title
from games.models import Club, Player, Season
from games.rules.registry import GAMES
from games.serbian import shown_name
from games.stats.standings import SORT_KEYS


def game_choices(blank: str) -> list[tuple[str, str]]:
    """Every game by title, after a ``blank`` choice for all games."""
    return [("", blank), *((name, str(game_title(name))) for name in sorted(GAMES))]


class StandingsForm(forms.Form):
    """The standings' season, game, sort column and order."""

    season = forms.ModelChoiceField(
        queryset=Season.objects.none(), required=False, empty_label=_("All seasons"), label=_("Season")
    )
    game = forms.ChoiceField(required=False, label=_("Game"))
    sort = forms.ChoiceField(choices=[(key, key) for key in sorted(SORT_KEYS)], required=False)
    order = forms.ChoiceField(choices=[("asc", "asc"), ("desc", "desc")], required=False)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = season_list(club=club)  # type: ignore[attr-defined]  # a ModelChoiceField
        self.fields["game"].choices = game_choices(str(_("All games")))  # type: ignore[attr-defined]  # a ChoiceField


class PlayersByName(ModelChoiceIterator):  # type: ignore[type-arg]  # generic only in the stubs
    """The players of a choice field as the reader's language sorts names (games/collation.py)."""

    def __iter__(self) -> Iterator[tuple[Any, Any]]:
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for player in by_name(self.queryset, lambda player: player.name):
            yield self.choice(player)


class PlayerChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]  # generic only in the stubs
    """A club's player, offered by shown name."""

    iterator = PlayersByName

    def label_from_instance(self, obj: Any) -> str:
        """The player's shown name."""
        return shown_name(obj.name)


class HeadToHeadForm(forms.Form):
    """Two players of the club to compare, in one game or all."""

    a = PlayerChoiceField(queryset=Player.objects.none(), label=_("Player"))
    b = PlayerChoiceField(queryset=Player.objects.none(), label=_("Opponent"))
    game = forms.ChoiceField(required=False, label=_("Game"))

    def __init__(self, *args: Any, players: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("a", "b"):
            self.fields[name].queryset = players  # type: ignore[attr-defined]  # a ModelChoiceField
        self.fields["game"].choices = game_choices(str(_("All games")))  # type: ignore[attr-defined]  # a ChoiceField

    def clean(self) -> dict[str, Any]:
        """Refuse a player compared with themselves."""
        data = super().clean() or {}
        if data.get("a") is not None and data.get("a") == data.get("b"):
            raise forms.ValidationError(_("Choose two different players."))
        return data
