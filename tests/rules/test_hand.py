"""The capture-game hand engine (docs/rules/shared.md A3-A5): deals, verify/can/apply, the rule switches
games use."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules import tablo
from games.rules.cards import JACK, Card, deck, parse_cards
from games.rules.errors import RuleViolation
from games.rules.game import HandSetup, LogEntry
from games.rules.hand import HandRules, HandState, apply_play, can_play, new_hand, replay, verify_play

TABLE = parse_cards(["9D", "2H", "5C", "4D"])


def rules(**changes: object) -> HandRules:
    return replace(tablo.hand_rules(3, tablo.tablo_options({})), **changes)  # type: ignore[arg-type]


def play(seat: int, card: str, taken: str = "") -> LogEntry:
    return LogEntry(seat=seat, card=Card.parse(card), taken=parse_cards(taken.split()))


def start(hand_rules: HandRules | None = None) -> HandState:
    return new_hand(hand_rules or rules(), HandSetup(players=3, dealer=2, table=TABLE))


def test_three_players_get_6_then_6_then_4_cards() -> None:
    state = start()
    pack = iter(card for card in deck() if card not in TABLE and card.rank != JACK)
    seen = []
    while not state.is_complete:
        seen.append((state.deal, state.in_hand(0), state.in_hand(1), state.in_hand(2)))
        seat = state.next_seat
        assert seat is not None
        state = apply_play(state, LogEntry(seat=seat, card=next(pack)))
        if len(state.turns) == 48 - 12:
            break
    assert seen[0] == (0, 6, 6, 6)
    assert seen[1] == (0, 5, 6, 6)  # seat 0 (the dealer's left) has played
    assert seen[18] == (1, 6, 6, 6)
    assert seen[35] == (1, 0, 0, 1)  # before the deal's last play, by seat 2
    assert (state.deal, state.in_hand(0)) == (2, 4)
    assert state.plays == 48


def test_can_play_never_raises_and_verify_play_does() -> None:
    state = start()
    good, bad = play(0, "7S", "5C 2H"), play(1, "7S")
    assert can_play(state, good)
    assert not can_play(state, bad)
    verify_play(state, good)
    with pytest.raises(RuleViolation) as raised:
        verify_play(state, bad)
    assert raised.value.code == "turn.wrong_seat"


def test_applying_a_play_leaves_the_old_state_unchanged() -> None:
    state = start()
    after = apply_play(state, play(0, "7S", "5C 2H"))
    assert state.table == TABLE
    assert [str(card) for card in after.table] == ["9D", "4D"]
    assert after.piles[0] == parse_cards(["5C", "2H", "7S"])


def test_compulsory_capture_refuses_a_trail_that_could_capture() -> None:
    compulsory = rules(capturing=replace(tablo.CAPTURING, compulsory=True))
    with pytest.raises(RuleViolation) as raised:
        apply_play(start(compulsory), play(0, "9S"))
    assert raised.value.code == "capture.required"
    assert raised.value.facts["alternatives"] == [["9D", "5C", "4D"], ["5C", "4D"], ["9D"]]
    assert apply_play(start(compulsory), play(0, "3S")).table[-1] == Card.parse("3S")  # nothing to take


def test_with_enforcement_off_an_illegal_capture_stands_marked() -> None:
    lenient = rules(enforce=False)
    state = apply_play(start(lenient), play(0, "9S", "2H"))
    assert not state.turns[-1].legal
    assert state.piles[0] == parse_cards(["2H", "9S"])
    with pytest.raises(RuleViolation) as raised:
        apply_play(start(lenient), play(0, "9S", "3H"))  # still: only cards on the table
    assert raised.value.code == "capture.not_on_table"


def test_a_card_that_takes_all_takes_only_the_whole_table() -> None:
    sweeping = rules(capturing=replace(tablo.CAPTURING, takes_all=lambda card: card.rank == JACK))
    state = apply_play(start(sweeping), play(0, "JS", "9D 2H 5C 4D"))
    assert state.sweeps[0] == 1
    with pytest.raises(RuleViolation) as raised:
        apply_play(start(sweeping), play(0, "JS", "9D"))
    assert raised.value.code == "capture.illegal"
    assert raised.value.facts["alternatives"] == [["9D", "2H", "5C", "4D"]]


def test_a_challenge_is_not_a_play_for_the_engine() -> None:
    with pytest.raises(RuleViolation) as raised:
        apply_play(start(), LogEntry(seat=0, challenge_of=0))
    assert raised.value.code == "hand.not_a_play"


def test_replay_adds_the_play_index_to_every_error() -> None:
    setup = HandSetup(players=3, dealer=2, table=TABLE)
    with pytest.raises(RuleViolation) as raised:
        replay(rules(), setup, [play(0, "7S"), play(1, "7S")])
    assert (raised.value.code, raised.value.facts["play_index"]) == ("card.duplicate", 1)


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        pytest.param(HandSetup(players=3, dealer=3, table=TABLE), "setup.bad_dealer", id="A4-dealer-seat"),
        pytest.param(HandSetup(players=3, table=TABLE[:3]), "table.bad_size", id="B5-four-on-the-table"),
        pytest.param(HandSetup(players=3, table=(*TABLE[:3], TABLE[0])), "card.duplicate", id="A1-twice"),
        pytest.param(HandSetup(players=3, table=TABLE, set_aside=TABLE[:1]), "deal.bad_set_aside", id="A5"),
    ],
)
def test_bad_setups(setup: HandSetup, code: str) -> None:
    with pytest.raises(RuleViolation) as raised:
        new_hand(rules(), setup)
    assert raised.value.code == code
