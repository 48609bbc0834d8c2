"""Forms of the web UI. They only check the shape of the input; the engine and the services judge it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games.emoji import MAX_LENGTH as EMOJI_LENGTH
from games.emoji import one_emoji
from games.errors import NameInvalid
from games.matches.services.hands import PlayInput
from games.messages import violation_text
from games.models import Club, Hand, Season
from games.people.services.names import clean_name
from games.presentation import Preset
from games.rule_links import rule_url
from games.rules.cards import deck
from games.rules.choices import TRAIL
from games.rules.game import OptionValue
from games.rules.registry import find_game
from scorekeeper.digits import whole_number
from web.options import choice_specs, key_label, option_values, value_label
from web.presets import presets_available

CARD_CHOICES = [(str(each), str(each)) for each in deck(faces=True)]
CARD_TEXTS = frozenset(text for text, _label in CARD_CHOICES)


class NameField(forms.CharField):
    """A player's, club's or season's name, judged by the services' :func:`clean_name`, so that a
    refused name is said at its field."""

    def clean(self, value: Any) -> str:
        """The name as it is stored (``clean_name``), or empty when left blank."""
        text = str(super().clean(value))
        if not text:
            return text
        try:
            return clean_name(text, max_length=self.max_length or 0)
        except NameInvalid as error:
            raise forms.ValidationError(violation_text(error)) from None


class EmojiField(forms.CharField):
    """A seat's emoji: empty, or one emoji (games/emoji.py)."""

    def __init__(self, **kwargs: Any) -> None:
        # The browser refuses anything else before the form is sent, offline too (a pattern is read
        # with the v flag, which knows Unicode's emoji sequences; a browser without it checks nothing).
        attrs = {
            "autocomplete": "off",
            "list": "seat-emojis",
            "class": "emoji-input",
            "pattern": r"\p{RGI_Emoji}",
        }
        super().__init__(max_length=EMOJI_LENGTH, required=False, widget=forms.TextInput(attrs), **kwargs)

    def clean(self, value: Any) -> str:
        """The emoji typed, stripped ("" for none); anything but one emoji is refused."""
        text = str(super().clean(value)).strip()
        if text and not one_emoji(text):
            raise forms.ValidationError(_("Type one emoji, or leave it empty."))
        return text


class CardField(forms.ChoiceField):
    """One card's text, of the 52-card pack. Django deep-copies every field of every form it makes;
    the pack's choices never change, so the copies share them, and the widget is a hidden input, which
    copies without them (the templates draw the cards; copying the choices cost a play's form half a
    millisecond)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=CARD_CHOICES, widget=forms.HiddenInput, **kwargs)

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return forms.Field.__deepcopy__(self, memo)


class CardsField(forms.MultipleChoiceField):
    """Cards' texts, of the 52-card pack; copied as :class:`CardField` is."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=CARD_CHOICES, widget=forms.MultipleHiddenInput, **kwargs)

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return forms.Field.__deepcopy__(self, memo)


class DisputeForm(forms.Form):
    """The dispute checker's state, read from the query string so a dispute can be shared as a link."""

    variant = forms.ChoiceField(label=_("Game"), choices=())
    table = CardsField(required=False)
    card = CardField(required=False)
    taken = CardsField(required=False)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # Form's own signature
        variant = self.fields["variant"]
        assert isinstance(variant, forms.ChoiceField)
        variant.choices = [(preset.slug, preset.title) for preset in presets_available(captures=True)]


SEATS = 6  # the most any game seats (Escoba, docs/rules/shared.md A2)


class MatchForm(forms.Form):
    """A new match: a variant, the players in seat order (clockwise), teams, target and options.

    ``variant`` decides which option fields exist; unfilled seats are left out.
    """

    variant = forms.ChoiceField(label=_("Game"), choices=())
    teams = forms.BooleanField(label=_("Play in pairs (partners sit opposite)"), required=False)
    target = forms.IntegerField(label=_("Target score"), min_value=1, required=False)
    time_limit_minutes = forms.IntegerField(label=_("Time limit (minutes)"), min_value=1, required=False)

    club = forms.ModelChoiceField(
        label=_("Club"), queryset=Club.objects.none(), required=False, empty_label=_("No club")
    )
    season = forms.ModelChoiceField(
        label=_("Season"), queryset=Season.objects.none(), required=False, empty_label=_("No season")
    )

    def __init__(
        self,
        *args: object,
        preset: Preset,
        clubs: QuerySet[Club] | None = None,
        seasons: QuerySet[Season] | None = None,
        **kwargs: object,
    ) -> None:
        """``clubs`` are those the match may belong to (the user's), ``seasons`` the chosen club's."""
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # Form's own signature
        self.preset = preset
        self.game = find_game(preset.game)
        for name, choices in (("club", clubs), ("season", seasons)):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            if choices is None or not choices.exists():
                del self.fields[name]
            else:
                field.queryset = choices
        variant = self.fields["variant"]
        assert isinstance(variant, forms.ChoiceField)
        variant.choices = [(each.slug, each.title) for each in presets_available()]
        self.initial.setdefault("variant", preset.slug)
        for seat in range(max(self.game.players)):
            self.fields[f"seat_{seat}"] = NameField(
                label=_("Seat %(number)s") % {"number": seat + 1}, max_length=80, required=seat < 2
            )
            self.fields[f"emoji_{seat}"] = EmojiField(label=_("Emoji"))
        specs = {spec.key: spec for spec in self.game.option_specs}
        resolved = {key: spec.default for key, spec in specs.items()} | dict(preset.options)
        for key in ("target", "time_limit_minutes"):
            if key not in specs:
                del self.fields[key]
        if "target" in specs:
            self.initial.setdefault("target", resolved["target"])
        for spec in choice_specs(self.game.option_specs):
            self.fields[f"option_{spec.key}"] = forms.TypedChoiceField(
                label=key_label(self.game.name, spec),
                choices=[(str(value), value_label(self.game.name, value)) for value in spec.allowed],
                coerce=option_values(spec).__getitem__,
                initial=str(resolved[spec.key]),
                required=False,
                empty_value=None,
            )

    @property
    def seat_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Each seat's name and emoji fields."""
        return [(self[name], self[f"emoji_{name.removeprefix('seat_')}"]) for name in self._seat_names()]

    def _seat_names(self) -> list[str]:
        return [name for name in self.fields if name.startswith("seat_")]

    @property
    def option_fields(self) -> list[tuple[forms.BoundField, str, str]]:
        """The game's option fields, each with the rule it follows (its first id, ``E5`` of ``"E5,
        3.2(b)"``) and where the rule book explains it in the reader's language (``/rules/escoba/#E5``)."""
        specs = {f"option_{spec.key}": spec.rule for spec in self.game.option_specs}
        return [
            (self[name], specs[name].split(",")[0], rule_url(self.game.name, specs[name]))
            for name in self.fields
            if name.startswith("option_")
        ]

    def _filled(self) -> list[str]:
        return [name for name in self._seat_names() if (self.cleaned_data.get(name) or "").strip()]

    def names(self) -> list[str]:
        """The players' names in seat order, blanks left out."""
        return [self.cleaned_data[name].strip() for name in self._filled()]

    def emojis(self) -> list[str]:
        """The emoji ("" for none) of each seat :meth:`names` gives, in the same order; an emoji
        beside an empty seat seats no one."""
        return [self.cleaned_data.get(f"emoji_{name.removeprefix('seat_')}") or "" for name in self._filled()]

    def club_and_season(self) -> tuple[Club | None, Season | None]:
        """The club and season chosen, if any."""
        return self.cleaned_data.get("club"), self.cleaned_data.get("season")

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


def seat_toggled(values: Mapping[str, str], name: str, seats: int) -> dict[str, str]:
    """The seats (``seat_<n>``) with ``name`` taken off its seat, or put in the first empty one."""
    values = dict(values)
    taken = [key for key, value in values.items() if value.strip().casefold() == name.casefold()]
    if taken:
        return {key: value for key, value in values.items() if key not in taken}
    empty = next(
        (f"seat_{seat}" for seat in range(seats) if not values.get(f"seat_{seat}", "").strip()), None
    )
    return values if empty is None else {**values, empty: name}


class HandStartForm(forms.Form):
    """The next hand: who deals, the cards turned up, cards set aside, who starts (Twenty)."""

    dealer = forms.TypedChoiceField(label=_("Dealer"), coerce=int, choices=())
    table = CardsField(required=False)
    set_aside = CardsField(required=False)
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

    card = CardField(error_messages={"required": _("Tap the card that was played first.")})
    capture = forms.CharField(required=False, max_length=200)
    taken = CardsField(required=False)

    TRAIL = TRAIL

    def taken_cards(self) -> list[str]:
        """The cards taken: the capture chosen, else those ticked; none for a trail."""
        capture = self.cleaned_data.get("capture") or ""
        if capture == self.TRAIL:
            return []
        return capture.split() if capture else list(self.cleaned_data.get("taken") or [])


class PlayForm(CardChoiceForm):
    """A play on the open hand by ``seat`` (whose turn the phone showed); ``key`` makes a double tap
    record once."""

    expected_seq = forms.IntegerField(min_value=0)
    seat = forms.IntegerField(min_value=0, required=False)
    key = forms.CharField(max_length=100, required=False)


class DraftPlaysField(forms.Field):
    """Plays of a correction's draft, each carried as ``"<seat> <card> <taken>..."`` (hidden inputs)."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: object) -> list[PlayInput]:
        """The plays sent back as ``"seat card taken..."`` texts; a malformed one is refused."""
        texts = value if isinstance(value, list | tuple) else []
        plays = []
        for text in texts:
            seat_text, *cards = str(text).split()
            seat = whole_number(seat_text)
            if seat is None or not cards or not set(cards) <= CARD_TEXTS:
                message = _("A play of this draft cannot be read: %(text)s")
                raise forms.ValidationError(message, params={"text": text})
            plays.append(PlayInput(seat=seat, card=cards[0], taken=tuple(cards[1:])))
        return plays


class DraftForm(CardChoiceForm):
    """A correction's draft: the first ``keep`` recorded plays, then the plays ``p`` entered since, and the
    next card chosen (``back`` takes the draft's last play back)."""

    card = CardField(required=False)
    keep = forms.IntegerField(min_value=0, required=False)
    p = DraftPlaysField(required=False)
    back = forms.BooleanField(required=False)


class SeqForm(forms.Form):
    """A write that depends on the hand as the phone last saw it (undo, challenge)."""

    expected_seq = forms.IntegerField(min_value=0)
    seat = forms.IntegerField(min_value=0, required=False)
    play_seq = forms.IntegerField(min_value=0, required=False)
    key = forms.CharField(max_length=100, required=False)


class InviteForm(forms.Form):
    """A seat offered to an account: by user name, or (left blank) through a one-time link."""

    seat = forms.TypedChoiceField(label=_("Seat"), coerce=int, choices=())
    username = forms.CharField(label=_("User name (blank: make a link)"), max_length=150, required=False)

    def __init__(self, *args: object, seats: Mapping[int, str], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # Form's own signature
        field = self.fields["seat"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = list(seats.items())


class RenameForm(forms.Form):
    """The viewer's name at the table."""

    name = NameField(label=_("Your name at the table"), max_length=80)
