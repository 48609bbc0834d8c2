"""End-of-hand entry forms: each side's counts (Tablo, Escoba, Tamlin) or a Twenty round's awards.

They only check the shape of the input; the engine's ``score_summary`` judges the entries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from games.presentation import presentation_of
from games.rules.game import OptionValue
from web.deals import count_label, deck_totals, summary_keys

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class EntryForm(forms.Form):
    """A hand's end-of-hand entry, one part per side; the engine judges ``entries()``."""

    fields_template = ""
    title: StrOrPromise = _("Quick entry: type each side's counts at the end of the hand")
    submit: StrOrPromise = _("Score the hand from these counts")

    def __init__(self, *args: object, sides: list[str], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # Form's own signature
        self.side_names = sides

    def entries(self) -> list[dict[str, object]]:
        """Each side's entry, in the engine's summary keys."""
        raise NotImplementedError

    @property
    def input_problems(self) -> list[str]:
        """What is wrong with the input's shape, before the engine can judge it."""
        return [str(message) for errors in self.errors.values() for message in errors]

    @staticmethod
    def initial_of(entries: Sequence[Mapping[str, object]]) -> dict[str, object]:
        """The form's initial values from stored ``entries`` (a correction)."""
        raise NotImplementedError


class SummaryForm(EntryForm):
    """Quick end-of-hand entry: each side's counts (``<key>_<side>``); the engine checks them.

    Counts the deck fixes (``totals``: with two sides, the second side's cards, point cards...) are
    not asked for the last side: it holds the rest of the deck. A count of one card is a switch.
    """

    def __init__(
        self,
        *args: object,
        game: str,
        keys: tuple[str, ...],
        sides: list[str],
        totals: Mapping[str, int] | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(*args, sides=sides, **kwargs)
        self.game = game
        self.keys = keys
        self.totals = {key: total for key, total in (totals or {}).items() if key in keys}
        switches = presentation_of(game).switches
        for side in range(len(sides)):
            for key in self._asked(side):
                label = count_label(game, key)
                self.fields[f"{key}_{side}"] = (
                    forms.BooleanField(label=label, required=False)
                    if key in switches
                    else forms.IntegerField(
                        label=label, min_value=0, max_value=self.totals.get(key), initial=0
                    )
                )

    def _asked(self, side: int) -> tuple[str, ...]:
        last = side == len(self.side_names) - 1
        return tuple(key for key in self.keys if not (last and key in self.totals))

    @property
    def rows(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Per side: its name and the fields asked of it."""
        return [
            (name, [self[f"{key}_{side}"] for key in self._asked(side)])
            for side, name in enumerate(self.side_names)
        ]

    @property
    def derived(self) -> list[StrOrPromise]:
        """The labels of the counts the last side is not asked for (the rest of the deck)."""
        return [count_label(self.game, key) for key in self.totals]

    fields_template = "web/matches/_counts_fields.html"

    @property
    def input_problems(self) -> list[str]:
        """One message for any count that is not a whole number from 0."""
        return [str(_("Every count must be a whole number, 0 or more."))] if self.errors else []

    def _count(self, key: str, side: int) -> int:
        return int(self.cleaned_data[f"{key}_{side}"])  # a switch is 0 or 1

    def entries(self) -> list[dict[str, object]]:
        """Each side's counts; a fixed total's last side gets what the others leave."""
        entries: list[dict[str, object]] = [
            {key: self._count(key, side) for key in self._asked(side)} for side in range(len(self.side_names))
        ]
        others = range(len(self.side_names) - 1)
        for key, total in self.totals.items():
            entries[-1][key] = total - sum(self._count(key, side) for side in others)
        return entries

    @staticmethod
    def initial_of(entries: Sequence[Mapping[str, object]]) -> dict[str, object]:
        """A stored summary as the form's initial values (to correct it)."""
        return {f"{key}_{side}": value for side, entry in enumerate(entries) for key, value in entry.items()}


class TwentySummaryForm(EntryForm):
    """Maltese Twenty's quick end-of-round entry: per seat its awards (``awards_<seat>``, e.g.
    ``15 30 -20``) or only the round's points (``points_<seat>``), and who got the bonus (``bonus``);
    the engine checks them (docs/rules/twenty.md W5, W8)."""

    fields_template = "web/matches/_twenty_fields.html"
    title = _("Quick entry: each player's awards at the end of the round")
    submit = _("Score the round from these awards")
    NOBODY = ""

    def __init__(self, *args: object, sides: list[str], **kwargs: object) -> None:
        super().__init__(*args, sides=sides, **kwargs)
        for seat in range(len(sides)):
            self.fields[f"awards_{seat}"] = forms.CharField(label=_("Awards"), required=False, max_length=200)
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=_("Or the round's points, without the bonus"), required=False
            )
        self.fields["bonus"] = forms.ChoiceField(
            label=_("Who got the end-of-round bonus"),
            choices=[(self.NOBODY, _("Nobody")), *((str(seat), name) for seat, name in enumerate(sides))],
            required=False,
            initial=self.NOBODY,
            widget=forms.RadioSelect,
        )

    @property
    def seat_rows(self) -> list[tuple[str, forms.BoundField, forms.BoundField]]:
        """Each seat's name and its awards and points fields."""
        return [
            (name, self[f"awards_{seat}"], self[f"points_{seat}"])
            for seat, name in enumerate(self.side_names)
        ]

    def _awards(self, seat: int) -> list[int] | None:
        text = (self.cleaned_data.get(f"awards_{seat}") or "").replace(",", " ").replace("\u2212", "-")
        try:
            return [int(part) for part in text.split()] if text.strip() else None
        except ValueError:
            self.add_error(
                f"awards_{seat}", _("Awards are whole numbers with spaces between them, e.g. 15 30 -20.")
            )
            return None

    def clean(self) -> dict[str, object]:
        """Read each seat's awards; refuse awards and points for the same seat."""
        data = super().clean() or {}
        for seat, name in enumerate(self.side_names):
            data[f"awards_{seat}"] = self._awards(seat)
            if data[f"awards_{seat}"] is not None and data.get(f"points_{seat}") is not None:
                message = _("%(name)s: give the awards or the round's points, not both.")
                self.add_error(f"points_{seat}", message % {"name": name})
        return data

    def entries(self) -> list[dict[str, object]]:
        """Each seat's awards (or points) and whether it took the bonus."""
        bonus = self.cleaned_data.get("bonus") or self.NOBODY
        entries: list[dict[str, object]] = []
        for seat in range(len(self.side_names)):
            awards, points = self.cleaned_data[f"awards_{seat}"], self.cleaned_data[f"points_{seat}"]
            entry: dict[str, object] = {"points": points} if awards is None and points is not None else {}
            entries.append({**(entry or {"awards": awards or []}), "bonus": int(bonus == str(seat))})
        return entries

    @staticmethod
    def initial_of(entries: Sequence[Mapping[str, object]]) -> dict[str, object]:
        """The form's initial values from stored Maltese Twenty entries."""
        initial: dict[str, object] = {"bonus": TwentySummaryForm.NOBODY}
        for seat, entry in enumerate(entries):
            awards = entry.get("awards")
            if isinstance(awards, list):
                initial[f"awards_{seat}"] = " ".join(map(str, awards))
            initial[f"points_{seat}"] = entry.get("points")
            if entry.get("bonus"):
                initial["bonus"] = str(seat)
        return initial


def entry_form(
    game: str,
    options: Mapping[str, OptionValue],
    sides: list[str],
    data: Mapping[str, object] | None = None,
    entries: Sequence[Mapping[str, object]] = (),
) -> EntryForm | None:
    """The game's end-of-hand entry form (bound to ``data``, or showing stored ``entries``); ``None``
    when the game has none in the UI."""
    if presentation_of(game).awards:
        initial = TwentySummaryForm.initial_of(entries) if entries else None
        return TwentySummaryForm(data, sides=sides, initial=initial)
    keys = summary_keys(game, options)
    if not keys:
        return None
    initial = SummaryForm.initial_of(entries) if entries else None
    totals = deck_totals(game, len(sides))
    return SummaryForm(data, game=game, keys=keys, sides=sides, initial=initial, totals=totals)
