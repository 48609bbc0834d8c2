"""What each play scores at once, as the engine reports it: tablos (docs/rules/tablo.md
B9), Escoba's sweeps and challenges (E7, 3.2(g)), tamlins and Jack penalties (T11, T12), Twenty's
awards (W5), and why the leftovers went where they did (B10, E8, T13)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import escoba, tablo, tamlin, twenty
from games.rules.cards import JACK, Card, parse_cards
from games.rules.escoba_hand import hand_rules as escoba_rules
from games.rules.escoba_options import EscobaOptions
from games.rules.game import (
    HIGHEST_LAST_CARD,
    LAST_CAPTURE,
    HandEvent,
    HandSetup,
    LogEntry,
    OptionValue,
    resolve_options,
)
from games.rules.tamlin_hand import hand_rules as tamlin_rules
from tests.rules.playouts import random_hand

TABLO_TABLE = parse_cards(["10D", "2C", "7S", "5H"])


def play(seat: int, card: str, taken: str = "") -> LogEntry:
    return LogEntry(seat=seat, card=Card.parse(card), taken=parse_cards(taken.split()))


TABLO_LOG = [play(1, "7H", "7S"), play(0, "3S"), play(1, "10H", "10D 2C 5H 3S")]


@pytest.mark.parametrize(
    ("options", "before", "points"),
    [
        pytest.param({"tablo_points": "per_tablo"}, (0, 0), 1, id="B9-per-tablo-one-each"),
        pytest.param({}, (0, 0), 0, id="B9-per-five-first-tablo-scores-nothing-yet"),
        pytest.param({}, (0, 4), 1, id="TB-19-per-five-the-fifth-of-the-match-scores"),
    ],
)
def test_a_tablo_mid_hand_is_an_event_of_its_play(
    options: dict[str, OptionValue], before: tuple[int, int], points: int
) -> None:
    setup = HandSetup(players=2, dealer=0, table=TABLO_TABLE, sweeps_before=before)
    report = tablo.replay_hand(setup, TABLO_LOG, options)
    assert report.events == (HandEvent(play_index=2, kind="tablo", side=1, points=points),)
    assert not report.complete
    assert report.sides[1].sweeps == 1


@pytest.mark.parametrize(
    ("leftovers", "reason"),
    [
        pytest.param("last_card", HIGHEST_LAST_CARD, id="B10-no-last-card-took-so-the-highest"),
        pytest.param("last_capturer", LAST_CAPTURE, id="B10-variant-last-capturer"),
    ],
)
def test_the_report_says_why_the_leftovers_went_where_they_did(leftovers: str, reason: str) -> None:
    setup = HandSetup(players=2, dealer=0, table=TABLO_TABLE)
    state_cards = {str(card) for card in TABLO_TABLE} | {"7H", "3S", "10H"}
    log = list(TABLO_LOG)
    rest = [card for card in tablo.DECK if str(card) not in state_cards]
    for card in rest:  # every other card is trailed, in turn
        log.append(LogEntry(seat=(1 + len(log)) % 2, card=card))
    report = tablo.replay_hand(setup, log, {"leftovers": leftovers})
    assert report.complete
    assert report.leftover_side is not None
    assert report.leftover_reason == reason


def test_escoba_reports_each_sweep_and_each_challenge_at_its_play() -> None:
    setup = HandSetup(players=2, dealer=1, table=parse_cards(["3C", "4D", "6S", "2H"]))
    log = [
        play(0, "5C", "4D"),  # wrong under "pair": 5 does not take a 4; it stands (manual_capture)
        LogEntry(seat=1, challenge_of=0),
        play(1, "3D", "3C"),
        play(0, "7H", "6S"),  # wrong again, not challenged
    ]
    report = escoba.replay_hand(setup, log, {"manual_capture": True})
    assert report.events == (HandEvent(play_index=0, kind="challenge", side=1, points=2),)
    assert report.sides[1].points["challenges"] == 2
    table = parse_cards(["3C", "4D", "2H", "AS"])
    sweep = escoba.replay_hand(
        HandSetup(players=2, dealer=1, table=table), [play(0, "10H", "3C 4D 2H AS")], {"capture": "any"}
    )
    assert sweep.events == (HandEvent(play_index=0, kind="sweep", side=0, points=1),)


def test_tamlin_reports_a_tamlin_and_a_jack_to_an_empty_table() -> None:
    setup = HandSetup(players=2, dealer=1, table=parse_cards(["5C", "8D", "KS", "2H"]))
    report = tamlin.replay_hand(setup, [play(0, "JH", "5C 8D KS 2H"), play(1, "JC")], {})
    assert report.events == (
        HandEvent(play_index=0, kind="tamlin", side=0, points=1),
        HandEvent(play_index=1, kind="jack_penalty", side=1, points=-1),
    )


def test_twenty_events_are_its_tally_awards() -> None:
    setup = HandSetup(players=2, starter=0, set_aside=parse_cards(["7D", "3C"]))
    cards = ["AS", "AH", "AD", "AC", "2S", "2H", "2D", "KS", "KH"]
    report = twenty.replay_hand(setup, [play(index % 2, card) for index, card in enumerate(cards)], {})
    assert [(event.play_index, event.side, event.kind, event.points) for event in report.events] == [
        (4, 0, "tally", 15),
        (5, 1, "tally", 30),
        (6, 0, "tally", 60),
        (7, 1, "exact_twenty", 10),
    ]
    assert report.extra["tally_value"] == 10  # the King of play 9 alone
    assert [event["play_index"] for event in report.extra["events"]] == [4, 5, 6, 7]  # type: ignore[attr-defined]


def not_a_jack(card: Card) -> bool:
    return card.rank != JACK


@settings(max_examples=20, deadline=None)
@given(st.data(), st.sampled_from([2, 3, 4]))
def test_tamlin_events_add_up_to_what_a_hand_scores_before_its_end(data: st.DataObject, players: int) -> None:
    choose = lambda n: data.draw(st.integers(0, n - 1))  # noqa: E731
    setup, log = random_hand(tamlin_rules(players, False), players, choose, table_ok=not_a_jack)
    cut = data.draw(st.integers(0, len(log) - 1))  # the hand so far: only events have scored
    report = tamlin.replay_hand(setup, log[:cut], {})
    for index, side in enumerate(report.sides):
        assert side.total == sum(event.points for event in report.events if event.side == index)
    assert [event.play_index for event in report.events] == sorted(
        event.play_index for event in report.events
    )


@settings(max_examples=20, deadline=None)
@given(st.data(), st.sampled_from([2, 3, 4]))
def test_escoba_events_add_up_to_what_a_round_scores_before_its_end(
    data: st.DataObject, players: int
) -> None:
    choose = lambda n: data.draw(st.integers(0, n - 1))  # noqa: E731
    options = EscobaOptions.of(resolve_options(escoba.GAME, {}))
    setup, log = random_hand(escoba_rules(players, options), players, choose)
    cut = data.draw(st.integers(0, len(log) - 1))
    report = escoba.replay_hand(setup, log[:cut], {})
    for index, side in enumerate(report.sides):
        assert side.total == sum(event.points for event in report.events if event.side == index)
