"""What the match screen's offline recording needs, as JSON for ``static/js/offline.js``: where the open
hand stands (its plays and revision, and its setup and log as the phone's engine takes them), whose turn
comes after whose, where to send plays, and the texts the phone's engine words its answers with, by the
server's own wording (``games.rules.wording``): message templates, card labels, count labels, game titles
and names by seat and side, in the reader's language."""

from __future__ import annotations

from functools import cache
from typing import Any, TypedDict

from django.urls import reverse
from django.utils.translation import get_language, gettext, ngettext

from games.labels import card_label, game_title
from games.messages import NOTES, TALLY_LABEL, row_labels
from games.models import Match
from games.presentation import presentation_of
from games.rule_links import refusal_url
from games.rules.cards import deck
from games.rules.errors import COUNT_LABELS, violation_classes
from games.rules.registry import GAMES
from games.rules.twenty_round import FIVE_TALLY_CARDS
from web.deals import deck_totals, summary_keys
from web.screens import HandView, MatchScreen, who_of


class OfflinePlay(TypedDict):
    """A stored play as the phone's offline queue sends it."""

    seq: int
    seat: int
    card: str
    taken: list[str]


class OfflineEntry(TypedDict):
    """How ``web.entries`` reads the quick entry's fields: ``<key>_<side>`` counts, the last side's
    ``totals`` the rest of the deck; or a Twenty round's ``awards_<seat>``, ``points_<seat>`` and
    ``bonus``."""

    awards: bool
    keys: list[str]
    totals: dict[str, int]


class OfflineHand(TypedDict):
    """The open hand as the phone needs it to go on offline."""

    match: int
    hand: int
    seq: int  # the next play's expected_seq
    revision: int  # the next play's expected_revision
    seat: int | None  # whose turn it is; None once every card is played
    seats: list[str]  # names by seat number
    direction: int  # 1 clockwise, -1 counterclockwise (docs/rules/tablo.md A4, B7)
    table: list[str]
    plays: list[OfflinePlay]  # the standing plays, to tell what another phone changed meanwhile
    captures: bool
    compulsory: bool  # a card that can capture must (docs/rules/ E6, T9)
    game: str
    options: dict[str, Any]  # the match's, as the engine takes them
    setup: dict[str, Any]  # the hand's setup (games.rules.records.setup_json)
    log: list[dict[str, Any]]  # the standing plays as log entries (games.rules.records.entry_json)
    api: str  # the records API's hand
    live: str  # the live region, to redraw it after a sync
    # The end of the hand offline (static/js/offline_hand_end.js): where the match stands before it
    # the closed hands' reports, as the engine's ``match`` call takes them; ``None`` in a write's answer on
    # the open hand (which reads no closed hand: the phone keeps those it was given)
    reports: list[dict[str, Any]] | None
    sides: int
    first_dealer: int
    entry: OfflineEntry | None  # the quick end-of-hand entry's fields, to make the engine's entries
    hands_api: str  # the records API's hands, to start the next one
    coming: bool  # not started yet: the next hand between hands (``MatchScreen.coming``)


def offline_hand(screen: MatchScreen, hand: HandView) -> OfflineHand:
    """The open hand as the phone needs it to keep recording plays without a network."""
    match = screen.match
    return {
        "match": match.pk,
        "hand": hand.hand.number,
        "seq": hand.hand.next_seq,
        "revision": hand.hand.revision,
        "seat": hand.next_seat,
        "seats": [screen.seat_names[seat] for seat in sorted(screen.seat_names)],
        "direction": -1 if match.options.get("direction") == "counterclockwise" else 1,
        "table": [str(card) for card in hand.table],
        "plays": [{"seq": p.seq, "seat": p.seat, "card": p.card, "taken": p.taken} for p in hand.plays],
        "captures": hand.captures,
        "compulsory": hand.compulsory,
        "game": match.game,
        "options": dict(match.options),
        "setup": _setup(screen, hand),
        "log": _log(hand),
        "api": reverse("records-hand", args=[match.pk, hand.hand.number]),
        "live": reverse("match-live", args=[match.pk]),
        "reports": screen.reports,
        "sides": len(screen.sides),
        "first_dealer": match.first_dealer,
        "entry": _entry(match, len(screen.sides)),
        "hands_api": reverse("records-hands", args=[match.pk]),
        "coming": hand.hand.pk is None,
    }


def _entry(match: Match, sides: int) -> OfflineEntry | None:
    if presentation_of(match.game).awards:
        return {"awards": True, "keys": [], "totals": {}}
    keys = summary_keys(match.game, match.options)
    if not keys:
        return None
    totals = deck_totals(match.game, sides)
    return {"awards": False, "keys": list(keys), "totals": {k: v for k, v in totals.items() if k in keys}}


def _log(hand: HandView) -> list[dict[str, Any]]:
    """The standing plays, each followed by the challenges of it (``games.matches.convert.log_entries``),
    which the report's rulings name (Escoba ``manual_capture``, 3.2(g))."""
    rulings: list[dict[str, int]] = list(hand.report.extra.get("rulings", []))  # type: ignore[call-overload]  # Escoba's
    log: list[dict[str, Any]] = []
    for index, play in enumerate(hand.plays):
        log.append({"seat": play.seat, "card": play.card, "taken": list(play.taken)})
        challenges = [ruling for ruling in rulings if ruling["play_index"] == index]
        log += [{"seat": ruling["by"], "challenge_of": index} for ruling in challenges]
    return log


def _setup(screen: MatchScreen, hand: HandView) -> dict[str, Any]:
    """The hand's setup as ``games.matches.replay.setup_of`` gives it to the engine: the tablos of earlier
    hands (Tablo's ``per_five``, the only game that counts them) are the screen's, already read."""
    row = hand.hand
    return {
        "players": screen.match.player_count,
        "teams": screen.match.teams,
        "dealer": row.dealer,
        "starter": row.starter,
        "table": list(row.table),
        "set_aside": list(row.set_aside),
        "sweeps_before": [side.tablos or 0 for side in screen.sides],
        "number": row.number,
    }


def offline_texts(match: Match) -> dict[str, Any]:
    """The texts the phone's engine words its answers with (``games.rules.wording.PageWords``), as the
    server does, in the reader's language: each English message template and count label translated,
    card labels by canonical text, game titles, the names of seats and sides, the breakdown's labels and
    notes, the live events' texts; and for the page's own drawing the tablos' label and the rule page of
    each refusal. All but the names come from the code and its catalogues alone: made once per process
    for each language, game and stage (:func:`_words_of`)."""
    who = who_of(match)
    in_progress = match.status == Match.Status.IN_PROGRESS
    return {
        **_words_of(get_language(), match.game, in_progress),
        "seats": {str(seat): name for seat, name in who.seats.items()},
        "sides": list(who.sides),
    }


@cache
def _words_of(language: str, game: str, in_progress: bool) -> dict[str, Any]:
    """:func:`offline_texts` but the names, in ``language`` (the active one: the key it is kept under),
    for ``game``; ``in_progress``: with the words of a hand's end. Shared: read, never changed."""
    english = {cls.template for cls in violation_classes().values()} | set(COUNT_LABELS.values())
    return {
        "translations": {text: gettext(text) for text in sorted(english)},
        "none": gettext("none"),  # an empty list in a fact
        "cards": {str(card): card_label(card) for card in deck()},  # any card a fact names, as text_label
        "games": {name: str(game_title(name)) for name in GAMES},
        "rows": {key: str(label) for key, label in row_labels(game).items()},
        "notes": {key: str(note) for key, note in NOTES.items()},
        "tally": str(TALLY_LABEL),
        "events": {kind: str(text) for kind, text in presentation_of(game).events.items()},
        "award_for": gettext("%(award)s for %(name)s"),
        # The rule page that explains each refusal in this game, linked beside it as the server links it.
        "rule_urls": {code: url for code in sorted(violation_classes()) if (url := refusal_url(code, game))},
        # A side's tablos for a screen reader (web.breakdowns.LiveSide.tablos_label), by plural form.
        "tablos_label": {
            str(count): ngettext("%(counter)s tablo", "%(counter)s tablos", count) for count in PLURAL_SAMPLES
        },
        # Twenty's tally (templates/web/matches/_tally.html), by plural form; its chain from so many cards.
        "tally_sum": {
            str(count): ngettext("%(counter)s card, sum %(sum)s", "%(counter)s cards, sum %(sum)s", count)
            for count in PLURAL_SAMPLES
        },
        "tally_chain_from": FIVE_TALLY_CARDS,
        **(_hand_end_texts() if in_progress else {}),  # no hand ends after
    }


PLURAL_SAMPLES = (
    1,
    2,
    5,
)  # one, few and many as static/js/offline_view.js picks them (the forms our languages have)


def _hand_end_texts() -> dict[str, Any]:
    """The words of a hand scored offline, as ``breakdown_tags.breakdown`` and ``_sides.html`` draw it."""
    return {
        "item": gettext("Item"),
        "nothing": gettext("nothing"),
        "card_count": {str(n): ngettext("%(count)s card", "%(count)s cards", n) for n in PLURAL_SAMPLES},
        "to_go": {
            str(n): ngettext("%(counter)s point to go", "%(counter)s points to go", n) for n in PLURAL_SAMPLES
        },
        "toward": gettext("%(names)s toward %(target)s"),
    }
