"""Maltese Twenty: a round, its replay and the match (docs/rules/twenty.md W1-W10, 2.2, TW-1..TW-6)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.cards import Card, deck, parse_cards
from games.rules.errors import (
    BadBonusCards,
    BadCardText,
    BadOptionValue,
    BadPlayerCount,
    BadStarter,
    BonusCardPlayed,
    DuplicateCard,
    NotATwentyPlay,
    RoundOver,
    RuleViolation,
    TooManyRounds,
    TwentyTableCards,
    TwentyTeams,
    UnknownOption,
    WrongSeat,
)
from games.rules.game import HandReport, HandSetup, LogEntry, SideReport, resolve_options
from games.rules.registry import find_game
from games.rules.twenty import match_status, replay_hand, replay_round
from games.rules.twenty_round import (
    EventKind,
    RoundEnd,
    TallyEvent,
    TwentyPlay,
    TwentyRound,
    apply_play,
    bonus_holder,
    bonus_of,
    can_play,
    card_value,
    parse_plays,
    start_round,
    verify_play,
)

EXACT, OVER, TALLY = EventKind.EXACT_TWENTY, EventKind.OVER_TWENTY, EventKind.TALLY


def played(
    texts: str, *, starter: int = 0, bonus: str = "7D 3C", end: RoundEnd = RoundEnd.STARTER_OUT
) -> TwentyRound:
    """A round after ``texts`` played in turn from ``starter``."""
    state = start_round(starter=starter, bonus_cards=parse_cards(bonus.split()), round_end=end)
    for index, card in enumerate(parse_cards(texts.split())):
        state = apply_play(state, TwentyPlay((starter + index) % 2, card))
    return state


def events(*rows: tuple[int, int, EventKind, int, int]) -> tuple[TallyEvent, ...]:
    return tuple(TallyEvent(*row) for row in rows)


@pytest.mark.parametrize(
    ("bonus_cards", "bonus"),
    [
        pytest.param("7D 3C", 4, id="TW-1-difference"),
        pytest.param("KH JS", 10, id="TW-1-equal-tens-give-10"),
        pytest.param("AS 9H", 8, id="TW-1-ace-is-1"),
        pytest.param("5C 5D", 10, id="TW-1-equal-pips-give-10"),
        pytest.param("QC 2S", 8, id="W2-queen-is-10"),
    ],
)
def test_bonus_is_the_difference_of_the_set_aside_cards_or_10_when_equal(
    bonus_cards: str, bonus: int
) -> None:
    assert bonus_of(parse_cards(bonus_cards.split())) == bonus


@pytest.mark.parametrize(
    "bonus_cards",
    [
        pytest.param("", id="W3-none"),
        pytest.param("7D", id="W3-one"),
        pytest.param("7D 3C 4H", id="W3-three"),
        pytest.param("7D 7D", id="W3-same-card-twice"),
    ],
)
def test_a_round_sets_aside_exactly_two_different_bonus_cards(bonus_cards: str) -> None:
    cards = parse_cards(bonus_cards.split(), unique=False)
    with pytest.raises(BadBonusCards) as caught:
        start_round(starter=0, bonus_cards=cards)
    assert caught.value.code == "twenty.bad_bonus_cards"


@pytest.mark.parametrize(
    ("text", "value"), [("AS", 1), ("2H", 2), ("9C", 9), ("10D", 10), ("JS", 10), ("KH", 10)]
)
def test_card_values_are_ace_1_pips_and_10_for_courts(text: str, value: int) -> None:
    assert card_value(Card.parse(text)) == value  # W2


@pytest.mark.parametrize(
    ("plays", "expected", "tally"),
    [
        pytest.param("9H 8S 3D", events((2, 0, EXACT, 3, 10)), "", id="TW-2-exact-twenty-clears"),
        pytest.param("10H KS", events((1, 1, EXACT, 2, 10)), "", id="TW-3-king-is-10"),
        pytest.param("9H 8S 5D", events((2, 0, OVER, 3, -20)), "", id="TW-4-over-twenty-clears"),
        pytest.param(
            "AH 2S 3D 4C 5H 4S AS",
            events((4, 0, TALLY, 5, 15), (5, 1, TALLY, 6, 30), (6, 0, EXACT, 7, 10)),
            "",
            id="TW-5-exact-twenty-before-seven-tally",
        ),
        pytest.param(
            "AH 2S 3D 4C 5H 4S 2H",
            events((4, 0, TALLY, 5, 15), (5, 1, TALLY, 6, 30), (6, 0, OVER, 7, -20)),
            "",
            id="TW-5-variant-over-twenty",
        ),
        pytest.param(
            "AH 2S 3D 4C 5H", events((4, 0, TALLY, 5, 15)), "AH 2S 3D 4C 5H", id="2.2d-five-tally-keeps"
        ),
        pytest.param("AH 2S 3D 4C", (), "AH 2S 3D 4C", id="W5-four-cards-score-nothing"),
        pytest.param("10H 10S 9D", events((1, 1, EXACT, 2, 10)), "9D", id="W5-tally-restarts-after-clear"),
    ],
)
def test_each_card_is_checked_for_exact_twenty_then_over_then_tally(
    plays: str, expected: tuple[TallyEvent, ...], tally: str
) -> None:
    state = played(plays)
    assert state.events == expected
    assert state.tally == parse_cards(tally.split())


LONGEST_TALLY = "AS AH AD AC 2S 2H 2D 2C 3S 3H"  # 18 with ten cards (W5)


@pytest.mark.parametrize(
    ("cards", "seat", "points"),
    [
        pytest.param(5, 0, 15, id="W5-five-tally"),
        pytest.param(6, 1, 30, id="W5-six-tally"),
        pytest.param(7, 0, 60, id="W5-seven-tally"),
        pytest.param(8, 1, 120, id="W5-eight-tally"),
        pytest.param(9, 0, 240, id="W5-nine-tally"),
        pytest.param(10, 1, 480, id="W5-ten-tally-the-longest"),
    ],
)
def test_each_further_tally_card_under_20_doubles_the_previous_award(
    cards: int, seat: int, points: int
) -> None:
    state = played(" ".join(LONGEST_TALLY.split()[:cards]))
    assert state.events[-1] == TallyEvent(cards - 1, seat, TALLY, cards, points)
    assert len(state.events) == cards - 4


def test_an_eleventh_tally_card_always_goes_over_twenty() -> None:
    state = played(LONGEST_TALLY + " 3D")
    assert state.events[-1] == TallyEvent(10, 0, OVER, 11, -20)
    assert sum(event.points for event in state.events) == 15 + 30 + 60 + 120 + 240 + 480 - 20


@pytest.mark.parametrize(
    ("rows", "holder"),
    [
        pytest.param([(0, 0, EXACT, 2, 10), (1, 1, TALLY, 5, 15), (2, 0, OVER, 3, -20)], 1, id="TW-6"),
        pytest.param([(0, 0, OVER, 3, -20), (1, 1, OVER, 3, -20)], None, id="2.2a-no-positive-award"),
        pytest.param([], None, id="2.2a-no-event"),
        pytest.param([(0, 1, TALLY, 5, 15), (1, 0, TALLY, 6, 30)], 0, id="W8-six-tally-after-five"),
    ],
)
def test_the_bonus_goes_to_the_most_recent_positive_award(
    rows: list[tuple[int, int, EventKind, int, int]], holder: int | None
) -> None:
    assert bonus_holder(events(*rows)) == holder


# A whole round (bonus 5C 5D = 10) whose groups each make exactly 20, then a tally that outlives it.
GOLDEN_ROUND = (
    "10S 10H 10D 10C JS JH JD JC QS QH QD QC KS KH KD KC "
    "9S 9H 2S 9D 9C 2H 8S 8H 4S 8D 8C 4H 7S 7H 6S 7D 7C 6H "
    "6D 6C 4D 4C 5S 5H 3S 3H 2D 2C AS AH AD AC 3D 3C"
)
GOLDEN_EVENTS = events(
    *((index, 1, EXACT, 2, 10) for index in range(1, 16, 2)),
    *((index, index % 2, EXACT, 3, 10) for index in range(18, 34, 3)),
    (37, 1, EXACT, 4, 10),
    (42, 0, TALLY, 5, 15),
    (43, 1, EXACT, 6, 10),
    (48, 0, TALLY, 5, 15),
)


@pytest.mark.parametrize(
    ("end", "plays", "extra_events", "totals", "bonus_to"),
    [
        pytest.param(RoundEnd.STARTER_OUT, 49, (), (60 + 10, 130), 0, id="W7-starter-out-49-cards"),
        pytest.param(
            RoundEnd.ALL_CARDS, 50, events((49, 1, TALLY, 6, 30)), (60, 160 + 10), 1, id="2.2c-all-cards"
        ),
    ],
)
def test_a_whole_round_ends_per_round_end_and_gives_the_bonus(
    end: RoundEnd, plays: int, extra_events: tuple[TallyEvent, ...], totals: tuple[int, int], bonus_to: int
) -> None:
    state = played(" ".join(GOLDEN_ROUND.split()[:plays]), bonus="5C 5D", end=end)
    assert state.events == GOLDEN_EVENTS + extra_events
    assert (state.is_over, state.next_seat, state.bonus_to, state.totals) == (True, None, bonus_to, totals)


def test_the_starter_out_round_refuses_the_other_players_last_card() -> None:
    with pytest.raises(RoundOver) as caught:
        played(GOLDEN_ROUND, bonus="5C 5D")
    assert (caught.value.code, caught.value.facts["play_index"]) == ("round.over", 49)


def test_the_bonus_is_not_given_before_the_round_ends() -> None:
    state = played(" ".join(GOLDEN_ROUND.split()[:48]), bonus="5C 5D")
    assert (state.is_over, state.bonus_to, state.totals) == (False, None, (45, 130))


@pytest.mark.parametrize(
    ("plays", "hands", "reserve"),
    [
        pytest.param(0, (5, 5), 40, id="W3-deal-5-each"),
        pytest.param(9, (5, 1), 35, id="W6-starter-refills-first"),
        pytest.param(10, (5, 5), 30, id="W6-other-refills"),
        pytest.param(40, (5, 5), 0, id="W6-reserve-empty-after-8-refills"),
        pytest.param(49, (0, 1), 0, id="W7-starter-out"),
    ],
)
def test_hands_of_five_are_refilled_from_the_reserve_starter_first(
    plays: int, hands: tuple[int, int], reserve: int
) -> None:
    state = played(" ".join(GOLDEN_ROUND.split()[:plays]), bonus="5C 5D")
    assert (state.hand_sizes, state.reserve) == (hands, reserve)


@pytest.mark.parametrize(
    ("play", "error", "facts"),
    [
        pytest.param(
            TwentyPlay(0, Card.parse("4H")), WrongSeat, {"seat": 0, "expected": 1}, id="W4-wrong-seat"
        ),
        pytest.param(
            TwentyPlay(2, Card.parse("4H")), WrongSeat, {"seat": 2, "expected": 1}, id="W4-no-such-seat"
        ),
        pytest.param(
            TwentyPlay(1, Card.parse("9H")), DuplicateCard, {"card": "9H"}, id="A1-card-played-twice"
        ),
        pytest.param(
            TwentyPlay(1, Card.parse("7D")), BonusCardPlayed, {"card": "7D"}, id="W3-bonus-card-out-of-play"
        ),
    ],
)
def test_a_bad_play_is_refused_with_its_code_and_play_index(
    play: TwentyPlay, error: type[RuleViolation], facts: dict[str, object]
) -> None:
    state = played("9H")
    assert not can_play(state, play)
    with pytest.raises(error) as caught:
        verify_play(state, play)
    assert caught.value.facts == {"play_index": 1, **facts}


def test_a_bonus_card_played_is_also_a_duplicate_card() -> None:
    assert issubclass(BonusCardPlayed, DuplicateCard)
    assert BonusCardPlayed.code == "twenty.bonus_card_played"


@pytest.mark.parametrize("starter", [pytest.param(2, id="W1-seat-2"), pytest.param(None, id="W1-unknown")])
def test_a_round_is_started_by_seat_0_or_1(starter: int | None) -> None:
    with pytest.raises(BadStarter):
        start_round(starter=starter, bonus_cards=parse_cards(["7D", "3C"]))


def test_the_replay_body_maps_onto_the_api_json() -> None:
    report = replay_round(
        starter=1,
        bonus_cards=parse_cards(["7D", "3C"]),
        plays=parse_plays([(1, "9H"), (0, "8S"), (1, "3d")]),
        options={"round_end": "all_cards"},
    )
    assert report.as_dict() == {
        "bonus": 4,
        "events": [{"play_index": 2, "seat": 1, "kind": "exact_twenty", "tally_cards": 3, "points": 10}],
        "totals": [0, 10],
        "bonus_to": None,
        "complete": False,
    }


def test_replay_stops_at_the_first_bad_play() -> None:
    with pytest.raises(WrongSeat) as caught:
        replay_round(
            starter=0, bonus_cards=parse_cards(["7D", "3C"]), plays=parse_plays([(0, "9H"), (0, "8S")])
        )
    assert caught.value.facts["play_index"] == 1


def test_an_unreadable_card_names_its_play_index() -> None:
    with pytest.raises(BadCardText) as caught:
        parse_plays([(0, "9H"), (1, "11X")])
    assert caught.value.facts == {"play_index": 1, "text": "11X"}


@pytest.mark.parametrize(
    ("options", "error"),
    [
        pytest.param({"target": 21}, UnknownOption, id="A2-unknown-key"),
        pytest.param({"round_end": "never"}, BadOptionValue, id="A2-bad-round-end"),
        pytest.param({"winner": "lower"}, BadOptionValue, id="A2-bad-winner"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], error: type[RuleViolation]) -> None:
    with pytest.raises(error):
        replay_round(starter=0, bonus_cards=parse_cards(["7D", "3C"]), plays=(), options=options)


def test_twenty_is_registered_with_its_defaults() -> None:
    game = find_game("twenty")
    assert (game.players, len(game.deck), len(set(game.deck))) == ((2,), 52, 52)
    assert resolve_options(game, None) == {"round_end": "starter_out", "winner": "higher", "edition": 2}
    assert {spec.key: spec.rule for spec in game.option_specs} == {
        "round_end": "W7, 2.2(c)",
        "winner": "W10, 2.2(b), A5",
        "edition": "A5",
    }


def test_replay_hand_reports_a_round_per_seat() -> None:
    setup = HandSetup(players=2, starter=0, set_aside=parse_cards(["7D", "3C"]))
    log = [LogEntry(seat=seat, card=card) for seat, card in [(0, Card.parse("9H")), (1, Card.parse("8S"))]]
    report = replay_hand(setup, [*log, LogEntry(seat=0, card=Card.parse("3D"))], {})
    assert report.sides == (
        SideReport(seats=(0,), points={"awards": 10, "bonus": 0}, total=10),
        SideReport(seats=(1,), points={"awards": 0, "bonus": 0}, total=0),
    )
    assert (report.complete, report.next_seat, report.table) == (False, 1, ())
    assert report.extra["events"] == [
        {"play_index": 2, "seat": 0, "kind": "exact_twenty", "tally_cards": 3, "points": 10}
    ]
    assert (report.extra["hand_sizes"], report.extra["reserve"]) == ([3, 4], 40)


@pytest.mark.parametrize(
    ("setup", "log", "error"),
    [
        pytest.param(HandSetup(players=3, starter=0), [], BadPlayerCount, id="W1-two-players"),
        pytest.param(HandSetup(players=2, teams=True, starter=0), [], TwentyTeams, id="W1-no-teams"),
        pytest.param(
            HandSetup(players=2, starter=0, table=parse_cards(["AS"])), [], TwentyTableCards, id="W3-no-table"
        ),
        pytest.param(HandSetup(players=2), [], BadStarter, id="W1-starter-needed"),
        pytest.param(HandSetup(players=2, starter=0), [], BadBonusCards, id="W3-bonus-cards-needed"),
        pytest.param(
            HandSetup(players=2, starter=0, set_aside=parse_cards(["7D", "3C"])),
            [LogEntry(seat=0, card=Card.parse("9H"), taken=parse_cards(["AS"]))],
            NotATwentyPlay,
            id="W4-nothing-is-taken",
        ),
        pytest.param(
            HandSetup(players=2, starter=0, set_aside=parse_cards(["7D", "3C"])),
            [LogEntry(seat=0)],
            NotATwentyPlay,
            id="W4-a-play-has-a-card",
        ),
    ],
)
def test_replay_hand_refuses_a_bad_setup_or_log(
    setup: HandSetup, log: list[LogEntry], error: type[RuleViolation]
) -> None:
    with pytest.raises(error):
        replay_hand(setup, log, {})


def finished(*totals: int) -> HandReport:
    sides = tuple(SideReport(seats=(seat,), total=total) for seat, total in enumerate(totals))
    return HandReport(complete=True, next_seat=None, sides=sides)


@pytest.mark.parametrize(
    ("rounds", "winner_rule", "winner", "draw"),
    [
        pytest.param([(40, 10), (5, 30)], "higher", 0, False, id="W9-totals-carried-over"),
        pytest.param([(10, 0), (0, 5)], "higher", 0, False, id="2.2b-higher-wins-under-20"),
        pytest.param([(-20, -40), (0, 0)], "higher", 0, False, id="2.2b-negative-totals"),
        pytest.param([(20, 30), (10, 0)], "higher", None, True, id="W10-equal-totals-draw"),
        pytest.param([(10, 0), (0, 5)], "over_twenty", None, False, id="A5-nobody-over-20-no-winner"),
        pytest.param([(15, 0), (5, 0)], "over_twenty", None, False, id="A5-exactly-20-is-not-more"),
        pytest.param([(15, 0), (6, 0)], "over_twenty", 0, False, id="W10-more-than-20-wins"),
        pytest.param([(10, 10), (5, 5)], "over_twenty", None, True, id="A5-equal-at-15-is-a-draw"),
        pytest.param([(30, 30), (0, 0)], "over_twenty", None, True, id="A5-equal-over-20-draw"),
        pytest.param([(0, 0), (0, 0)], "higher", None, True, id="A5-equal-at-0-draw"),
    ],
)
def test_after_two_rounds_the_winner_follows_the_winner_option(
    rounds: list[tuple[int, int]], winner_rule: str, winner: int | None, draw: bool
) -> None:
    status = match_status([finished(*totals) for totals in rounds], 2, {"winner": winner_rule}, False)
    assert (status.finished, status.winner, status.draw) == (True, winner, draw)
    assert status.totals == tuple(sum(column) for column in zip(*rounds, strict=True))


def test_the_match_goes_on_after_round_one() -> None:
    status = match_status([finished(40, 0)], 2, {}, True)
    assert (status.finished, status.winner, status.draw, status.totals) == (False, None, False, (40, 0))


@pytest.mark.parametrize(
    ("rounds", "players", "error"),
    [
        pytest.param(3, 2, TooManyRounds, id="W1-two-rounds"),
        pytest.param(0, 3, BadPlayerCount, id="W1-two-players"),
    ],
)
def test_match_status_refuses_a_third_round_or_player(
    rounds: int, players: int, error: type[RuleViolation]
) -> None:
    with pytest.raises(error):
        match_status([finished(0, 0)] * rounds, players, {}, False)


@st.composite
def shuffled_rounds(draw: st.DrawFn) -> tuple[TwentyRound, tuple[Card, ...]]:
    """A started round with random bonus cards, starter and ``round_end``, and the 50 cards to play."""
    cards = draw(st.permutations(deck()))
    state = start_round(
        starter=draw(st.sampled_from((0, 1))),
        bonus_cards=cards[:2],
        round_end=draw(st.sampled_from(tuple(RoundEnd))),
    )
    return state, tuple(cards[2:])


@settings(max_examples=60, deadline=None)
@given(shuffled_rounds())
@pytest.mark.slow
def test_random_whole_rounds_keep_the_tally_under_20_and_add_up(
    start: tuple[TwentyRound, tuple[Card, ...]],
) -> None:
    state, cards = start
    for card in cards:
        if state.is_over:
            break
        assert state.next_seat is not None
        state = apply_play(state, TwentyPlay(state.next_seat, card))
        assert state.tally_value < 20
        seen = (*state.bonus_cards, card)
        assert not any(can_play(state, TwentyPlay(state.next_seat or 0, again)) for again in seen)
    assert len(state.plays) == (50 if state.round_end is RoundEnd.ALL_CARDS else 49)
    assert state.bonus_to == bonus_holder(state.events)
    bonus = [state.bonus if seat == state.bonus_to else 0 for seat in (0, 1)]
    assert state.totals == tuple(
        sum(event.points for event in state.events if event.seat == seat) + bonus[seat] for seat in (0, 1)
    )
    for event in state.events:
        if event.kind is TALLY:
            assert event.points == 15 * 2 ** (event.tally_cards - 5)


@settings(max_examples=60, deadline=None)
@given(shuffled_rounds(), st.data())
def test_a_card_seen_before_in_the_round_is_refused(
    start: tuple[TwentyRound, tuple[Card, ...]], data: st.DataObject
) -> None:
    state, cards = start
    repeat_at = data.draw(st.integers(min_value=0, max_value=48))
    seen = data.draw(st.sampled_from((*state.bonus_cards, *cards[:repeat_at])))
    plays = [TwentyPlay((state.starter + index) % 2, card) for index, card in enumerate(cards[:repeat_at])]
    plays.append(TwentyPlay((state.starter + repeat_at) % 2, seen))
    with pytest.raises(DuplicateCard) as caught:
        replay_round(starter=state.starter, bonus_cards=state.bonus_cards, plays=plays)
    assert caught.value.facts == {"play_index": repeat_at, "card": str(seen)}
