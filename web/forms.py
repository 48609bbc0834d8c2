"""Forms of the web UI. They only check the shape of the input; the engine and the services judge it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import Hand
from games.rules.cards import deck
from games.rules.game import OptionValue
from games.rules.registry import find_game
from games.services.hands import PlayInput
from web.deals import COUNT_LABELS, summary_keys
from web.options import choice_specs, key_label, value_label
from web.presets import Preset, presets_available

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

CARD_CHOICES = [(str(each), str(each)) for each in deck(faces=True)]
CARD_TEXTS = frozenset(text for text, _label in CARD_CHOICES)


class DisputeForm(forms.Form):
    """The dispute checker's state, read from the query string so a dispute can be shared as a link."""

    variant = forms.ChoiceField(label=_("Game"), choices=())
    table = forms.MultipleChoiceField(choices=CARD_CHOICES, required=False)
    card = forms.ChoiceField(choices=CARD_CHOICES, required=False)
    taken = forms.MultipleChoiceField(choices=CARD_CHOICES, required=False)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # Form's own signature
        variant = self.fields["variant"]
        assert isinstance(variant, forms.ChoiceField)
        variant.choices = [(preset.slug, preset.title) for preset in presets_available(captures=True)]


SEATS = 6  # the most any game seats (Escoba, RULES.md A2)


class MatchForm(forms.Form):
    """A new match: a variant, the players in seat order (clockwise), teams, target and options.

    ``variant`` decides which option fields exist; unfilled seats are left out.
    """

    variant = forms.ChoiceField(label=_("Game"), choices=())
    teams = forms.BooleanField(label=_("Play in pairs (partners sit opposite)"), required=False)
    target = forms.IntegerField(label=_("Target score"), min_value=1, required=False)
    time_limit_minutes = forms.IntegerField(label=_("Time limit (minutes)"), min_value=1, required=False)

    def __init__(self, *args: object, preset: Preset, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # Form's own signature
        self.preset = preset
        self.game = find_game(preset.game)
        variant = self.fields["variant"]
        assert isinstance(variant, forms.ChoiceField)
        variant.choices = [(each.slug, each.title) for each in presets_available()]
        self.initial.setdefault("variant", preset.slug)
        for seat in range(max(self.game.players)):
            self.fields[f"seat_{seat}"] = forms.CharField(
                label=_("Seat %(number)s") % {"number": seat + 1}, max_length=80, required=seat < 2
            )
        specs = {spec.key: spec for spec in self.game.option_specs}
        resolved = {key: spec.default for key, spec in specs.items()} | dict(preset.options)
        for key in ("target", "time_limit_minutes"):
            if key not in specs:
                del self.fields[key]
        if "target" in specs:
            self.initial.setdefault("target", resolved["target"])
        for spec in choice_specs(self.game.option_specs):
            self.fields[f"option_{spec.key}"] = forms.TypedChoiceField(
                label=key_label(spec),
                choices=[(str(value), value_label(value)) for value in spec.allowed],
                coerce=dict(zip(map(str, spec.allowed), spec.allowed, strict=True)).__getitem__,
                initial=str(resolved[spec.key]),
                required=False,
                empty_value=None,
            )

    @property
    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def names(self) -> list[str]:
        """The players' names in seat order, blanks left out."""
        return [
            self.cleaned_data[name].strip()
            for name in self.fields
            if name.startswith("seat_")
            if (self.cleaned_data.get(name) or "").strip()
        ]

    def options(self) -> dict[str, OptionValue]:
        """The preset's options, overridden by those chosen here (the engine checks them)."""
        chosen: dict[str, OptionValue] = dict(self.preset.options) | {
            name.removeprefix("option_"): value
            for name, value in self.cleaned_data.items()
            if name.startswith("option_") and value is not None
        }
        for key in ("target", "time_limit_minutes"):
            if self.cleaned_data.get(key) is not None:
                chosen[key] = self.cleaned_data[key]
        return chosen


class HandStartForm(forms.Form):
    """The next hand: who deals, the cards turned up, cards set aside, who starts (Twenty)."""

    dealer = forms.TypedChoiceField(label=_("Dealer"), coerce=int, choices=())
    table = forms.MultipleChoiceField(choices=CARD_CHOICES, required=False)
    set_aside = forms.MultipleChoiceField(choices=CARD_CHOICES, required=False)
    starter = forms.TypedChoiceField(label=_("Who starts"), coerce=int, choices=(), required=False)
    mode = forms.ChoiceField(choices=Hand.Mode.choices, required=False)

    def __init__(self, *args: object, seats: dict[int, str], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # Form's own signature
        for name in ("dealer", "starter"):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = list(seats.items())


class CardChoiceForm(forms.Form):
    """A card played, and either one of the listed captures (``capture``), ``trail``, or the cards
    ticked by hand (``taken``)."""

    card = forms.ChoiceField(choices=CARD_CHOICES)
    capture = forms.CharField(required=False, max_length=200)
    taken = forms.MultipleChoiceField(choices=CARD_CHOICES, required=False)

    TRAIL = "trail"

    def taken_cards(self) -> list[str]:
        capture = self.cleaned_data.get("capture") or ""
        if capture == self.TRAIL:
            return []
        return capture.split() if capture else list(self.cleaned_data.get("taken") or [])


class PlayForm(CardChoiceForm):
    """A play on the open hand; ``key`` makes a double tap record once."""

    expected_seq = forms.IntegerField(min_value=0)
    key = forms.CharField(max_length=100, required=False)


class DraftPlaysField(forms.Field):
    """Plays of a correction's draft, each carried as ``"<seat> <card> <taken>..."`` (hidden inputs)."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: object) -> list[PlayInput]:
        texts = value if isinstance(value, list | tuple) else []
        plays = []
        for text in texts:
            seat, *cards = str(text).split()
            if not seat.isdigit() or not cards or not set(cards) <= CARD_TEXTS:
                message = _("A play of this draft cannot be read: %(text)s")
                raise forms.ValidationError(message, params={"text": text})
            plays.append(PlayInput(seat=int(seat), card=cards[0], taken=tuple(cards[1:])))
        return plays


class DraftForm(CardChoiceForm):
    """A correction's draft: the first ``keep`` recorded plays, then the plays ``p`` entered since, and the
    next card chosen (``back`` takes the draft's last play back)."""

    card = forms.ChoiceField(choices=CARD_CHOICES, required=False)
    keep = forms.IntegerField(min_value=0, required=False)
    p = DraftPlaysField(required=False)
    back = forms.BooleanField(required=False)


class SeqForm(forms.Form):
    """A write that depends on the hand as the phone last saw it (undo, challenge)."""

    expected_seq = forms.IntegerField(min_value=0)
    seat = forms.IntegerField(min_value=0, required=False)
    play_seq = forms.IntegerField(min_value=0, required=False)
    key = forms.CharField(max_length=100, required=False)


class EntryForm(forms.Form):
    """A hand's end-of-hand entry, one part per side; the engine judges ``entries()``."""

    fields_template = ""
    title: StrOrPromise = _("Quick entry: type each side's counts at the end of the hand")
    submit: StrOrPromise = _("Score the hand from these counts")

    def __init__(self, *args: object, sides: list[str], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # Form's own signature
        self.side_names = sides

    def entries(self) -> list[dict[str, object]]:
        raise NotImplementedError

    @property
    def input_problems(self) -> list[str]:
        """What is wrong with the input's shape, before the engine can judge it."""
        return [str(message) for errors in self.errors.values() for message in errors]

    @staticmethod
    def initial_of(entries: Sequence[Mapping[str, object]]) -> dict[str, object]:
        raise NotImplementedError


class SummaryForm(EntryForm):
    """Quick end-of-hand entry: each side's counts (``<key>_<side>``); the engine checks them."""

    def __init__(self, *args: object, keys: tuple[str, ...], sides: list[str], **kwargs: object) -> None:
        super().__init__(*args, sides=sides, **kwargs)
        self.keys = keys
        for side in range(len(sides)):
            for key in keys:
                self.fields[f"{key}_{side}"] = forms.IntegerField(
                    label=COUNT_LABELS.get(key, key), min_value=0, initial=0
                )

    @property
    def rows(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Per side: its name and its fields."""
        return [
            (name, [self[f"{key}_{side}"] for key in self.keys]) for side, name in enumerate(self.side_names)
        ]

    fields_template = "web/matches/_counts_fields.html"

    @property
    def input_problems(self) -> list[str]:
        return [str(_("Every count must be a whole number, 0 or more."))] if self.errors else []

    def entries(self) -> list[dict[str, object]]:
        return [
            {key: self.cleaned_data[f"{key}_{side}"] for key in self.keys}
            for side in range(len(self.side_names))
        ]

    @staticmethod
    def initial_of(entries: Sequence[Mapping[str, object]]) -> dict[str, object]:
        """A stored summary as the form's initial values (to correct it)."""
        return {f"{key}_{side}": value for side, entry in enumerate(entries) for key, value in entry.items()}


class TwentySummaryForm(EntryForm):
    """Maltese Twenty's quick end-of-round entry: per seat its awards (``awards_<seat>``, e.g.
    ``15 30 -20``) or only the round's points (``points_<seat>``), and who got the bonus (``bonus``);
    the engine checks them (RULES.md W5, W8)."""

    fields_template = "web/matches/_twenty_fields.html"
    title = _("Quick entry: each player's awards at the end of the round")
    submit = _("Score the round from these awards")
    NOBODY = ""

    def __init__(self, *args: object, sides: list[str], **kwargs: object) -> None:
        super().__init__(*args, sides=sides, **kwargs)
        for seat in range(len(sides)):
            self.fields[f"awards_{seat}"] = forms.CharField(label=_("Awards"), required=False, max_length=200)
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=_("Or the round's points"), required=False
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
        data = super().clean() or {}
        for seat, name in enumerate(self.side_names):
            data[f"awards_{seat}"] = self._awards(seat)
            if data[f"awards_{seat}"] is not None and data.get(f"points_{seat}") is not None:
                message = _("%(name)s: give the awards or the round's points, not both.")
                self.add_error(f"points_{seat}", message % {"name": name})
        return data

    def entries(self) -> list[dict[str, object]]:
        bonus = self.cleaned_data.get("bonus") or self.NOBODY
        entries: list[dict[str, object]] = []
        for seat in range(len(self.side_names)):
            awards, points = self.cleaned_data[f"awards_{seat}"], self.cleaned_data[f"points_{seat}"]
            entry: dict[str, object] = {"points": points} if awards is None and points is not None else {}
            entries.append({**(entry or {"awards": awards or []}), "bonus": int(bonus == str(seat))})
        return entries

    @staticmethod
    def initial_of(entries: Sequence[Mapping[str, object]]) -> dict[str, object]:
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
    if game == "twenty":
        initial = TwentySummaryForm.initial_of(entries) if entries else None
        return TwentySummaryForm(data, sides=sides, initial=initial)
    keys = summary_keys(game, options)
    if not keys:
        return None
    initial = SummaryForm.initial_of(entries) if entries else None
    return SummaryForm(data, keys=keys, sides=sides, initial=initial)
