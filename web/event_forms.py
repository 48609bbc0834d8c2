"""Forms of the club-event pages. They check the input's shape; the event services judge it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games.events.exports import TIEBREAK_LABELS
from games.events.models import DEFAULT_POINTS, DEFAULT_TIEBREAKS, Event
from games.models import Season
from web.forms import NameField
from web.presets import preset_find, presets_available

FORMAT_LABELS = {
    Event.Format.SWISS: _("Swiss: two players a table"),
    Event.Format.ROUND_ROBIN: _("Round robin: everyone meets everyone"),
    Event.Format.PODS: _("Pods: tables of 3 or 4"),
    Event.Format.PARTNERS: _("Partners: 2 against 2, a new partner each round"),
}
TIEBREAK_SLOTS = 3


def _tiebreak_field(slot: int) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=_("Tie-break %(number)s") % {"number": slot + 1},
        choices=[("", _("none")), *TIEBREAK_LABELS.items()],
        initial=DEFAULT_TIEBREAKS[slot] if slot < len(DEFAULT_TIEBREAKS) else "",
        required=False,
    )


def _points_field(label: Any, key: str) -> forms.IntegerField:
    initial = DEFAULT_POINTS[key]
    return forms.IntegerField(label=label, min_value=0, max_value=99, initial=initial)


class EventForm(forms.Form):
    """A new event of the club: its game, format and planned rounds; points, tie-breaks and seed folded."""

    name = NameField(label=_("Name of the event"), max_length=120)
    variant = forms.ChoiceField(label=_("Game"), choices=())
    format = forms.ChoiceField(label=_("Format"), choices=list(FORMAT_LABELS.items()), initial="swiss")
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=40,
        initial=4,
        help_text=_("A round robin plays as many rounds as it needs."),
    )
    season = forms.ModelChoiceField(
        label=_("Season"), queryset=Season.objects.none(), required=False, empty_label=_("No season")
    )
    win = _points_field(_("Points for a win"), "win")
    draw = _points_field(_("Points for a draw"), "draw")
    loss = _points_field(_("Points for a loss"), "loss")
    bye = _points_field(_("Points for a bye"), "bye")
    seed = forms.IntegerField(
        label=_("Seed"),
        required=False,
        min_value=0,
        max_value=2**63 - 1,  # the column's (a bigint): past it, the database refused the write (a 500)
        help_text=_("Leave empty for a random one; the same seed pairs the same standings alike."),
    )
    confirm_results = forms.BooleanField(
        label=_("A table's result counts once a second person at the table confirms it"), required=False
    )

    def __init__(self, *args: Any, seasons: QuerySet[Season], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        season = self.fields["season"]
        assert isinstance(season, forms.ModelChoiceField)
        season.queryset = seasons
        variant = self.fields["variant"]
        assert isinstance(variant, forms.ChoiceField)
        variant.choices = [(preset.slug, preset.title) for preset in presets_available()]
        for slot in range(TIEBREAK_SLOTS):
            self.fields[f"tiebreak_{slot}"] = _tiebreak_field(slot)

    @property
    def tiebreak_fields(self) -> list[forms.BoundField]:
        """The tie-break fields in order."""
        return [self[f"tiebreak_{slot}"] for slot in range(TIEBREAK_SLOTS)]

    def clean(self) -> dict[str, Any]:
        """Refuse a tie-break listed twice."""
        data = super().clean() or {}
        chosen = [data.get(f"tiebreak_{slot}") for slot in range(TIEBREAK_SLOTS)]
        named = [name for name in chosen if name]
        if len(set(named)) != len(named):
            self.add_error("tiebreak_1", _("Each tie-break is listed once."))
        return data

    def service_arguments(self) -> dict[str, Any]:
        """What the event service takes, from the valid form."""
        data = self.cleaned_data
        preset = preset_find(data["variant"])
        assert preset is not None  # a choice of the form
        points = {key: data[key] for key in ("win", "draw", "loss", "bye")}
        return {
            "name": data["name"],
            "game": preset.game,
            "options": dict(preset.options),
            "format": data["format"],
            "rounds": data["rounds"],
            "season": data["season"],
            "points": {**DEFAULT_POINTS, **points},
            "tiebreaks": [name for slot in range(TIEBREAK_SLOTS) if (name := data[f"tiebreak_{slot}"])],
            "seed": data["seed"],
            "confirm_results": data["confirm_results"],
        }


class EntryNameForm(forms.Form):
    """A guest or a walk-in, entered by name (a walk-in is checked in at once)."""

    name = NameField(label=_("Name"), max_length=80)


class EntrySearchForm(forms.Form):
    """The entries' search: by name, and only those not checked in."""

    q = forms.CharField(label=_("Find a player"), required=False, max_length=80)
    pending = forms.BooleanField(label=_("Only those not checked in"), required=False)
