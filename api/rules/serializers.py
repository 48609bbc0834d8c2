"""Input and output shapes of the rules API. Field names are a contract: clients rely on them."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import get_language, gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request

from api.reports import HandReportOutput
from games.engine_version import engine_version
from games.rule_links import rule_url
from games.rules.game import Game, OptionSpec, public_specs, resolve_options
from scorekeeper.languages import browser_language


def absolute(request: Request | None, path: str) -> str:
    """``path`` as a full URL where there is a request to take the host from."""
    return request.build_absolute_uri(path) if request else path


def book_url(request: Request | None, path: str) -> str:
    """A page of the players' rule book (``/rules/tablo/#B8``) as a full URL; when the request named its
    language in ``lang``, the link names it too (``/rules/tablo/?lang=sr-latn#B8``), so that it opens
    in that language whatever the browser's (docs/languages.md)."""
    if request is not None and browser_language(request.query_params.get("lang", "")) is not None:
        page, mark, rule = path.partition("#")
        path = f"{page}?{urlencode({'lang': get_language()})}{mark}{rule}"
    return absolute(request, path)


def rules_page_path(game: str) -> str:
    """Where a game's rules page lives in the repository (docs/rules/)."""
    return f"docs/rules/{game}.md"


class OptionSerializer(serializers.Serializer[OptionSpec]):
    """One option a game offers: its key, default, allowed values and rule."""

    key = serializers.CharField()
    default = serializers.JSONField()
    allowed = serializers.ListField(child=serializers.JSONField())
    positive_int = serializers.BooleanField()
    nullable = serializers.BooleanField()
    rule = serializers.CharField()
    rule_url = serializers.SerializerMethodField(help_text="The rule's anchor on the game's rules page.")

    def get_rule_url(self, spec: OptionSpec) -> str:
        """The option's rule on the game's rules page, as a full URL."""
        return book_url(self.context.get("request"), rule_url(self.context["game"], spec.rule))


class GameSerializer(serializers.Serializer[Game]):
    """A registered game: seats, teams, options, target, rules page and engine version."""

    name = serializers.CharField()
    title = serializers.CharField()
    players = serializers.ListField(child=serializers.IntegerField())
    team_players = serializers.ListField(child=serializers.IntegerField())
    teams_by_default = serializers.ListField(child=serializers.IntegerField())
    options = serializers.SerializerMethodField()
    target = serializers.SerializerMethodField()
    rules_page = serializers.SerializerMethodField(help_text="The game's page of the rules reference.")
    rules_path = serializers.SerializerMethodField(help_text="The same page in the repository.")
    summary_keys = serializers.SerializerMethodField(
        help_text="The keys of each side's entry in a quick end-of-hand summary (the records API's "
        "hands/{n}/summary/ and hands/summary/ here), under the default options: Escoba's sevens: primera "
        "adds primera; a Maltese Twenty seat gives awards (a list) or points, and bonus."
    )
    engine_version = serializers.SerializerMethodField(
        help_text="The version of the rules engine answering (a hash of its sources, the same for every "
        "game). The phone runs a copy of the engine offline, and refreshes it when this changes."
    )

    @extend_schema_field(OptionSerializer(many=True))
    def get_options(self, game: Game) -> list[dict[str, Any]]:
        """The options offered to clients (hidden ones left out)."""
        context = {**self.context, "game": game.name}
        return OptionSerializer(public_specs(game), many=True, context=context).data  # type: ignore[arg-type, return-value]  # many=True

    def get_rules_page(self, game: Game) -> str:
        """The game's rules reference page, as a full URL."""
        path = reverse("rules-reference", kwargs={"game": game.name})
        return absolute(self.context.get("request"), path)

    def get_rules_path(self, game: Game) -> str:
        """The game's rules page in the repository."""
        return rules_page_path(game.name)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_summary_keys(self, game: Game) -> list[str]:
        """The summary keys under the default options."""
        return list(game.summary_keys(resolve_options(game, None)))

    def get_engine_version(self, game: Game) -> str:
        """The rules engine's version (a hash of its sources)."""
        return engine_version()

    def get_target(self, game: Game) -> int | None:
        """The default target, or null for a game without one."""
        spec = next((spec for spec in game.option_specs if spec.key == "target"), None)
        return spec.default if spec and isinstance(spec.default, int) else None


def card_list(**kwargs: Any) -> serializers.ListField:
    """Card texts as sent by clients (parsed by the engine, which names bad ones)."""
    return serializers.ListField(child=serializers.CharField(max_length=8), max_length=60, **kwargs)


class OptionsField(serializers.DictField):
    """Game options by key (docs/rules/shared.md A2); the engine rejects unknown keys and values."""

    child = serializers.JSONField(allow_null=True)  # null: the default of an option whose default is none


class TwentyPlaySerializer(serializers.Serializer[dict[str, Any]]):
    """One card a Maltese Twenty seat played."""

    seat = serializers.IntegerField()
    card = serializers.CharField(max_length=8)


class TwentyRoundReplayInput(serializers.Serializer[dict[str, Any]]):
    """A Maltese Twenty round to replay: its starter, bonus cards, plays and options."""

    starter = serializers.IntegerField()
    round = serializers.IntegerField(
        min_value=1, max_value=2, required=False, help_text="1 or 2: the round's own starter is checked."
    )
    bonus_cards = card_list()
    plays = TwentyPlaySerializer(many=True, max_length=60)  # type: ignore[call-arg]  # DRF 3.14+ has it; stubs lag
    options = OptionsField(required=False, default=dict)


class TwentyEventSerializer(serializers.Serializer[dict[str, Any]]):
    """One scoring event of a Maltese Twenty round (an exact twenty, going over, a tally)."""

    play_index = serializers.IntegerField()
    seat = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["exact_twenty", "over_twenty", "tally"])
    tally_cards = serializers.IntegerField()
    points = serializers.IntegerField()


class TwentyRoundReplayOutput(serializers.Serializer[dict[str, Any]]):
    """A replayed Maltese Twenty round: its bonus, events and totals."""

    bonus = serializers.IntegerField()
    events = TwentyEventSerializer(many=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    bonus_to = serializers.IntegerField(allow_null=True)
    complete = serializers.BooleanField()


class CapturesInput(serializers.Serializer[dict[str, Any]]):
    """A table and a card: which captures may the card make?"""

    table = card_list()
    card = serializers.CharField(max_length=8)
    options = OptionsField(required=False, default=dict)
    limit = serializers.IntegerField(min_value=1, max_value=200, default=20)


class CaptureSerializer(serializers.Serializer[dict[str, Any]]):
    """One legal capture: the cards taken, their groups, a sweep, its points."""

    cards = serializers.ListField(child=serializers.CharField())
    groups = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    sweep = serializers.BooleanField()
    points = serializers.IntegerField()


class CapturesOutput(serializers.Serializer[dict[str, Any]]):
    """The legal captures of a card, best first, and whether the list is complete."""

    captures = CaptureSerializer(many=True)
    count = serializers.IntegerField(help_text="Distinct legal capture sets; a lower bound unless complete.")
    complete = serializers.BooleanField(help_text="Every legal capture set was counted.")
    exact = serializers.BooleanField(help_text="The listed captures are proven the best, even if incomplete.")


class CaptureCheckInput(serializers.Serializer[dict[str, Any]]):
    """A proposed capture to check: the table, the card played and the cards taken."""

    table = card_list()
    card = serializers.CharField(max_length=8)
    taken = card_list()
    options = OptionsField(required=False, default=dict)


class CaptureCheckOutput(serializers.Serializer[dict[str, Any]]):
    """The verdict on a proposed capture: legal, or the rule it breaks and what was allowed."""

    legal = serializers.BooleanField()
    groups = serializers.ListField(child=serializers.ListField(child=serializers.CharField()), required=False)
    sweep = serializers.BooleanField(required=False)
    code = serializers.CharField(required=False)
    message = serializers.CharField(
        required=False,
        help_text="The verdict in the reader's language (Accept-Language, or ?lang=): what a legal play "
        "does (a trail, a capture, the whole table), or why it is not legal.",
    )
    rule = serializers.CharField(required=False, help_text="The rule id the refusal cites (docs/rules/).")
    rule_url = serializers.CharField(required=False, help_text="That rule's anchor on its rules page.")
    alternatives = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), required=False
    )


class ChallengeSerializer(serializers.Serializer[dict[str, Any]]):
    """An Escoba challenge: who challenged which play (docs/rules/escoba.md)."""

    by = serializers.IntegerField()
    play_index = serializers.IntegerField(min_value=0)


class LogEntrySerializer(serializers.Serializer[dict[str, Any]]):
    """A play (``seat``, ``card``, ``taken``) or an Escoba challenge (``challenge``)."""

    seat = serializers.IntegerField(required=False)
    card = serializers.CharField(max_length=8, required=False)
    taken = card_list(required=False, default=list)
    challenge = ChallengeSerializer(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """Refuse a challenge with a card, and a play without a seat or a card."""
        if "challenge" in attrs:
            if "card" in attrs:
                raise serializers.ValidationError(gettext("A challenge entry has no card."))
        elif "card" not in attrs or "seat" not in attrs:
            raise serializers.ValidationError(gettext("A play needs a seat and a card."))
        return attrs


class HandSetupInput(serializers.Serializer[dict[str, Any]]):
    """A hand's setting: players, teams, dealer, options and the cards laid before play."""

    players = serializers.IntegerField(min_value=1, max_value=8)
    teams = serializers.BooleanField(
        required=False, help_text="Default: the game's usual seating (Tamlin's four play in pairs)."
    )
    dealer = serializers.IntegerField(default=0)
    options = OptionsField(required=False, default=dict)
    table = card_list(required=False, default=list)
    set_aside = card_list(required=False, default=list)
    tablos_before = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=1_000),
        required=False,
        default=list,
        max_length=6,
    )


class HandReplayInput(HandSetupInput):
    """A hand to replay: its setting and every play in order."""

    plays = LogEntrySerializer(many=True, max_length=200)  # type: ignore[call-arg]  # DRF 3.14+; stubs lag


class HandSummaryInput(HandSetupInput):
    """A hand to score from a quick summary: its setting and each side's counts."""

    sides = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()), max_length=6)


class LeftoversSerializer(serializers.Serializer[dict[str, Any]]):
    """The cards left on the table at the end and the side that took them."""

    cards = serializers.ListField(child=serializers.CharField())
    side = serializers.IntegerField(allow_null=True)


class RulingSerializer(serializers.Serializer[dict[str, Any]]):
    """The ruling on one Escoba challenge: right or wrong, and the points it moved."""

    play_index = serializers.IntegerField()
    by = serializers.IntegerField()
    correct = serializers.BooleanField()
    points = serializers.IntegerField()
    code = serializers.CharField(allow_null=True)
    taken_back = serializers.BooleanField(help_text="A rightly challenged capture was taken back.")


class HandReplayOutput(HandReportOutput):
    """The report with the leftovers as an object and Escoba's challenge rulings."""

    leftovers = LeftoversSerializer()
    rulings = RulingSerializer(many=True)


class ValueSerializer(serializers.Serializer[dict[str, Any]]):
    """What a play is worth, compared in this order: a sweep, then points, then cards."""

    sweep = serializers.BooleanField(help_text="The play scores as a sweep (took the whole table).")
    points = serializers.IntegerField(
        help_text="What the played and taken cards carry (-1: a trailed Jack); Maltese Twenty: the award "
        "the card scored at once on the tally."
    )
    cards = serializers.IntegerField(
        help_text="Cards taken, the played card included (0 for a trail, and always 0 in Maltese Twenty)."
    )


class BestWithCardSerializer(serializers.Serializer[dict[str, Any]]):
    """The best allowed play of a given card and what it is worth."""

    taken = serializers.ListField(child=serializers.CharField())
    value = ValueSerializer()


class BestPlaySerializer(BestWithCardSerializer):
    """The best allowed play of any card a seat held."""

    card = serializers.CharField()


class PlayReviewSerializer(serializers.Serializer[dict[str, Any]]):
    """One play reviewed against the best the seat could have made."""

    play_index = serializers.IntegerField()
    seat = serializers.IntegerField()
    card = serializers.CharField()
    taken = serializers.ListField(child=serializers.CharField())
    value = ValueSerializer()
    table = serializers.ListField(child=serializers.CharField(), help_text="The table before the play.")
    best_with_card = BestWithCardSerializer(help_text="The best allowed play of the card played.")
    best_play = BestPlaySerializer(help_text="The best allowed play of any card the seat held.")
    missed = serializers.BooleanField(help_text="The play is illegal or worth less than best_play.")
    points_lost = serializers.IntegerField(
        help_text="best_play's points minus the play's, never negative (0 when only cards were missed), "
        "plus the penalty."
    )
    missed_item = serializers.CharField(
        help_text="What a missed play missed: caught (a mistake a challenge caught), illegal (a mistake "
        "that stood), sweep, trail_cost (a Tamlin Jack trailed to an empty table, T11), points, cards; "
        "empty when not missed."
    )
    rule = serializers.CharField(help_text="The rule id the miss is measured by (docs/rules/), or empty.")
    illegal = serializers.BooleanField(
        help_text="The play broke the rules and stood, nobody challenging (Escoba manual_capture): never a "
        "best play; best_with_card and best_play are the legal ones."
    )
    caught = serializers.BooleanField(
        help_text="A challenge found the play a mistake (Escoba 3.2(g)): rated as the trail it became, "
        "never a best play."
    )
    taken_back = serializers.ListField(
        child=serializers.CharField(), help_text="The cards a caught capture tried to take, returned."
    )
    penalty = serializers.IntegerField(
        help_text="Points the play gave away at once: a caught mistake's +2 to the challenger."
    )
    exact = serializers.BooleanField(
        help_text="The best plays are proven best (false only after a search on a huge table ran out)."
    )


class SeatReviewSerializer(serializers.Serializer[dict[str, Any]]):
    """A seat's plays reviewed, added up."""

    seat = serializers.IntegerField()
    plays = serializers.IntegerField()
    best_plays = serializers.IntegerField(help_text="Plays worth as much as the best play.")
    points_missed = serializers.IntegerField(help_text="The points_lost of the seat's plays, summed.")
    illegal_plays = serializers.IntegerField(help_text="Plays that broke the rules and stood.")
    caught_plays = serializers.IntegerField(help_text="Plays a challenge found to be mistakes.")


class HandReviewOutput(serializers.Serializer[dict[str, Any]]):
    """A hand reviewed play by play, and each seat's tally."""

    plays = PlayReviewSerializer(many=True)
    seats = SeatReviewSerializer(many=True)
