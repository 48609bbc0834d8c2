"""Query forms of the statistics pages (GET): which season and game, which column, which two players."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.labels import game_title
from games.models import Club, Player, Season
from games.rules.registry import GAMES
from games.selectors import season_list
from games.stats.standings import SORT_KEYS


def game_choices(blank: str) -> list[tuple[str, str]]:
    return [("", blank), *((name, str(game_title(name))) for name in sorted(GAMES))]


class StandingsForm(forms.Form):
    season = forms.ModelChoiceField(
        queryset=Season.objects.none(), required=False, empty_label=_("All seasons"), label=_("Season")
    )
    game = forms.ChoiceField(required=False, label=_("Game"))
    sort = forms.ChoiceField(choices=[(key, key) for key in sorted(SORT_KEYS)], required=False)
    order = forms.ChoiceField(choices=[("asc", "asc"), ("desc", "desc")], required=False)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = season_list(club=club)  # type: ignore[attr-defined]
        self.fields["game"].choices = game_choices(str(_("All games")))  # type: ignore[attr-defined]


class HeadToHeadForm(forms.Form):
    a = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))
    b = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Opponent"))
    game = forms.ChoiceField(required=False)

    def __init__(self, *args: Any, players: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("a", "b"):
            self.fields[name].queryset = players  # type: ignore[attr-defined]
        self.fields["game"].choices = game_choices(str(_("All games")))  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("a") is not None and data.get("a") == data.get("b"):
            raise forms.ValidationError(_("Choose two different players."))
        return data
