"""The phone's engine and the server agree (issue 25): random hands of every game are recorded through
the services and asked of :func:`games.rules.browser.answer` play by play, and each answer is compared
with the server's: the next dealer, the setup, a tapped card's captures (``play_choices``), a refused
capture worded as the match screen words it, each play's report, an Escoba challenge, the breakdown and
the totals of every scored hand and where the match stands.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games import breakdowns
from games.messages import violation_text
from games.models import Hand, Match
from games.replay import setup_of, table_of
from games.rules.breakdown import Row
from games.rules.browser import answer
from games.rules.capture.capturing import CaptureList
from games.rules.errors import RuleViolation
from games.rules.records import entry_json, report_json, setup_json
from games.selectors import hand_report
from games.services.hands import hand_close, hand_start
from games.services.plays import hand_challenge_record, hand_play_record
from tests.factories import MatchFactory
from tests.rules.playouts import game_hand
from web.screens import options_screen, who_of
from web.views.hands import play_choices, refusal

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# (game, options, players, teams)
TABLES: list[tuple[str, dict[str, object], int, bool]] = [
    ("tablo", {}, 2, False),
    ("tablo", {"direction": "counterclockwise"}, 3, False),
    ("escoba", {}, 2, False),
    ("escoba", {"manual_capture": True, "muerto": True}, 4, True),
    ("tamlin", {}, 2, False),
    ("twenty", {}, 2, False),
]
HANDS = 2


def call(name: str, **payload: object) -> Any:  # Any: the call's decoded JSON
    return json.loads(answer(name, json.dumps(payload)))


class Phone:
    """What the phone keeps of the match: its game, options, seats and the finished hands' reports."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.game, self.options = match.game, dict(match.options)
        self.players = match.player_count
        self.hands: list[dict[str, Any]] = []
        self.dealer: int | None = None

    def sweeps_before(self, sides: int) -> list[int]:
        return [sum(hand["sides"][side]["sweeps"] for hand in self.hands) for side in range(sides)]


@pytest.mark.parametrize(
    ("game", "options", "players", "teams"), TABLES, ids=[f"{t[0]}-{t[2]}" for t in TABLES]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_phone_answers_what_the_server_stores(
    game: str, options: dict[str, object], players: int, teams: bool, seed: int
) -> None:
    match = MatchFactory.create(game=game, players=players, teams=teams, options=options)
    phone, rng, refused = Phone(match), random.Random(seed), 0
    for number in range(1, HANDS + 1):
        dealer = call(
            "next_dealer",
            game=game,
            options=phone.options,
            players=players,
            previous=phone.dealer,
            first_dealer=match.first_dealer,
        )["dealer"]
        dealt, cards = game_hand(
            game, phone.options, players, rng.randrange, teams=teams, dealer=dealer, number=number
        )
        hand = hand_start(
            match=match,
            starter=dealt.starter,
            table=[str(card) for card in dealt.table],
            set_aside=[str(card) for card in dealt.set_aside],
        )
        assert hand.dealer == dealer
        stored_setup = setup_of(hand, table_of(match))
        setup = {**setup_json(stored_setup), "sweeps_before": phone.sweeps_before(len(table_of(match).sides))}
        assert setup == setup_json(stored_setup)
        refused += play_hand(phone, hand, setup, [entry_json(entry) for entry in cards], rng)
        phone.dealer = dealer
        match.refresh_from_db()
        status = call("match", game=game, options=phone.options, sides=len(match.totals), hands=phone.hands)
        assert (status["totals"], status["winner"]) == (match.totals, match.winner)
        assert status["finished"] == (match.status == Match.Status.FINISHED)
        if status["finished"]:
            break
    if game != "twenty":
        assert refused, "no illegal capture was tried (or challenged)"


def play_hand(
    phone: Phone, hand: Hand, setup: dict[str, Any], cards: list[dict[str, Any]], rng: random.Random
) -> int:
    """Record the hand's plays through the services and the phone's engine side by side (each card of
    ``cards`` in turn, its capture chosen now among the engine's); returns how many refusals were
    compared (under Escoba's ``manual_capture``: challenges)."""
    game, options, match = phone.game, phone.options, phone.match
    who, seq, refused = who_of(match), hand.next_seq, 0
    log: list[dict[str, Any]] = []
    state = call("hand", game=game, options=options, setup=setup, log=log)
    manual = bool(options.get("manual_capture"))
    for entry in cards:
        table, card = state["report"]["table"], entry["card"]
        if game != "twenty":
            choices = call("choices", game=game, options=options, table=table, card=card)
            server = play_choices(match, options_screen(match, table).hand, card, [])
            listed = server["captures"]
            assert isinstance(listed, CaptureList)
            assert [c["cards"] for c in choices["captures"]] == [
                list(map(str, c.cards)) for c in listed.captures
            ]
            assert choices["trail_costs"] == server["trail_costs"]
            captures = [c["cards"] for c in choices["captures"]]
            wrong = next(([each] for each in table if not legal(phone, table, card, [each])), [])
            if wrong and not manual:
                refused += compare_refusal(phone, hand, setup, log, entry["seat"], card, wrong, seq, who)
            taken = captures[rng.randrange(len(captures))] if captures else []
            if manual and wrong and rng.randrange(3) == 0:
                taken = wrong  # an illegal capture stands under manual_capture, to be challenged
            entry = {**entry, "taken": taken}
        answered = call("play", game=game, options=options, setup=setup, log=log, play=entry)
        assert answered["accepted"], answered
        recorded = hand_play_record(
            hand=hand, seat=entry["seat"], card=card, taken=entry["taken"], expected_seq=seq
        )
        assert answered["report"] == report_json(recorded.report)
        log.append(entry)
        seq, state = recorded.next_seq, answered
        if manual and entry["taken"] and not recorded.report.complete and entry["taken"] == wrong:
            seq, state = challenge(phone, hand, setup, log, recorded.row.seq, seq)
            refused += 1
    assert state["report"]["complete"]
    closed = hand_close(hand=hand)
    stored = hand_report(Hand.objects.get(pk=closed.pk))
    assert [side["total"] for side in state["report"]["sides"]] == [side.total for side in stored.sides]
    assert worded(game, state["rows"]) == breakdowns.hand_breakdown(game, options, stored)
    phone.hands.append(state["report"])
    return refused


def compare_refusal(
    phone: Phone,
    hand: Hand,
    setup: dict[str, Any],
    log: list[dict[str, Any]],
    seat: int,
    card: str,
    wrong: list[str],
    seq: int,
    who: Any,  # Any: web.screens' Who
) -> int:
    """An illegal capture refused by the phone as the server refuses it, word for word."""
    play = {"seat": seat, "card": card, "taken": wrong}
    answered = call("play", game=phone.game, options=phone.options, setup=setup, log=log, play=play)
    with pytest.raises(RuleViolation) as raised:
        hand_play_record(hand=hand, seat=seat, card=card, taken=wrong, expected_seq=seq)
    assert not answered["accepted"]
    error = answered["error"]
    assert (error["code"], error["facts"]) == (raised.value.code, json.loads(json.dumps(raised.value.facts)))
    assert violation_text(Shown(error), who) == refusal(raised.value, who)[0]
    return 1


def challenge(
    phone: Phone, hand: Hand, setup: dict[str, Any], log: list[dict[str, Any]], play_seq: int, seq: int
) -> tuple[int, dict[str, Any]]:
    """The other side challenges the latest play (Escoba ``manual_capture``, 3.2(g)) on both."""
    played_by = log[-1]["seat"]
    seat = (played_by + 1) % phone.players
    entry = {"seat": seat, "challenge_of": sum(1 for each in log if "card" in each) - 1}
    answered = call("play", game=phone.game, options=phone.options, setup=setup, log=log, play=entry)
    recorded = hand_challenge_record(hand=hand, seat=seat, play_seq=play_seq, expected_seq=seq)
    assert answered["accepted"], answered
    assert answered["report"] == report_json(recorded.report)
    log.append(entry)
    return recorded.next_seq, answered


def legal(phone: Phone, table: list[str], card: str, taken: list[str]) -> bool:
    choices = call("choices", game=phone.game, options=phone.options, table=table, card=card, taken=taken)
    return bool(choices["verdict"]["legal"])


class Shown:
    """A refusal the phone got, with what ``violation_text`` reads."""

    def __init__(self, error: dict[str, Any]) -> None:
        self.code, self.template, self.facts = error["code"], error["template"], error["facts"]


def worded(game: str, rows: list[dict[str, Any]]) -> list[breakdowns.BreakdownRow]:
    """The phone's rows worded as the server words them."""
    return [
        breakdowns.row_text(
            game,
            Row(
                key=row["key"],
                values=tuple(row["values"]),
                points=row["points"],
                label=row["label"],
                label_args=row["label_args"],
                note=row["note"],
                note_args=row["note_args"],
                cards=tuple(row["cards"]),
            ),
        )
        for row in rows
    ]
