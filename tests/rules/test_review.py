"""Hand review: each play rated against the best capture the table and the seat's cards allowed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import escoba_hand
from games.rules.cards import Card, parse_cards
from games.rules.errors import ReviewIncomplete, UnknownGame, WrongSeat
from games.rules.game import HandSetup, LogEntry, OptionValue
from games.rules.hand import HandRules, HandState, apply_play, new_hand
from games.rules.registry import find_game
from games.rules.review import HandReview, Value, review, review_hand, reviewing_of
from tests.rules.playouts import random_hand
from tests.rules.reference import reference_is_legal

BRUTE_TABLE = 10  # the reference tries every subset: keep it small


def play(seat: int, card: str, taken: str = "") -> LogEntry:
    return LogEntry(seat=seat, card=Card.parse(card), taken=parse_cards(taken.split()))


# The points, written out again as the oracle: Tablo's point cards (B3), Tamlin's 10♦ 2, 2♠ 1,
# each ace 1 (T14), Escoba's 7♦ 1 (E9).
def tablo_points(card: Card) -> int:
    return {"10D": 2, "2C": 1}.get(str(card), int(card.rank in (1, 10, 11, 12, 13)))


def tamlin_points(card: Card) -> int:
    return {"10D": 2, "2S": 1}.get(str(card), int(card.rank == 1))


def escoba_points(card: Card) -> int:
    return int(str(card) == "7D")


POINTS: dict[str, Callable[[Card], int]] = {
    "tablo": tablo_points,
    "tamlin": tamlin_points,
    "escoba": escoba_points,
}


def _rules(game: str, players: int, options: dict[str, OptionValue]) -> HandRules:
    captures = find_game(game).captures
    assert captures is not None
    return captures.hand_rules(players, options)


def sweep_points(game: str, options: Mapping[str, OptionValue]) -> int:
    """What a sweep scores at once: Escoba's escoba (E7) and Tamlin's tamlin (T12) 1; Tablo's tablo 1
    only per_tablo (B9: under per_five, every fifth of the match)."""
    return int(options.get("tablo_points") == "per_tablo") if game == "tablo" else 1


def brute_best(game: str, state: HandState, card: Card, swept: int) -> Value:
    """The best allowed play of ``card`` now, trying every subset of the table; a sweep scores ``swept``."""
    table, capturing, points = state.table, state.rules.capturing, POINTS[game]
    last = len(state.turns) == state.plays - 1
    if capturing.takes_all(card):
        captures = [tuple(range(len(table)))] if table else []
    else:
        board, targets = capturing.board(table), capturing.targets(card)
        captures = [
            taken
            for size in range(1, len(table) + 1)
            for taken in combinations(range(len(table)), size)
            if reference_is_legal(board, targets, taken, capturing.mode)
        ]
    values = []
    for taken in captures:
        sweep = len(taken) == len(table) and (state.rules.last_play_sweeps or not last)
        carried = points(card) + sum(points(table[index]) for index in taken)
        values.append(Value(sweep, carried + (swept if sweep else 0), len(taken) + 1))
    if not values or not capturing.compulsory:
        jack_on_empty = game == "tamlin" and card.rank == 11 and not table
        values.append(Value(False, -1 if jack_on_empty else 0, 0))
    return max(values)


def check_against_reference(
    game: str,
    rules: HandRules,
    setup: HandSetup,
    log: tuple[LogEntry, ...],
    reviewed: HandReview,
    options: Mapping[str, OptionValue],
) -> int:
    """Assert every property of ``reviewed``; returns how many plays the brute force checked."""
    state, checked, swept = new_hand(rules, setup), 0, sweep_points(game, options)
    deal_ends = [sum(rules.deals[: deal + 1]) * setup.players for deal in range(len(rules.deals))]
    assert len(reviewed.plays) == len(log)
    for index, (entry, rated) in enumerate(zip(log, reviewed.plays, strict=True)):
        end = next(stop for stop in deal_ends if index < stop)
        held = {later.card for later in log[index:end] if later.seat == entry.seat and later.card is not None}
        assert (rated.play_index, rated.seat, rated.card, rated.table) == (
            index,
            entry.seat,
            entry.card,
            state.table,
        )
        assert set(rated.taken) == set(entry.taken)
        assert rated.best_with_card.card == entry.card
        assert rated.best_play.card in held
        assert rated.best_with_card.value <= rated.best_play.value
        assert rated.illegal is False  # random hands play by the rules
        assert rated.missed == (rated.value < rated.best_play.value)
        assert rated.points_lost == max(0, rated.best_play.value.points - rated.value.points)
        for option in (rated.best_with_card, rated.best_play):  # the suggested play is allowed, as valued
            after = apply_play(state, LogEntry(seat=entry.seat, card=option.card, taken=option.taken))
            assert option.value.cards == (len(option.taken) + 1 if option.taken else 0)
            assert option.value.sweep == after.turns[-1].sweep
        if len(state.table) <= BRUTE_TABLE:
            assert rated.exact
            assert rated.best_with_card.value == brute_best(game, state, rated.card, swept)
            assert rated.best_play.value == max(brute_best(game, state, card, swept) for card in held)
            checked += 1
        state = apply_play(state, entry)
    for seat in reviewed.seats:
        mine = [rated for rated in reviewed.plays if rated.seat == seat.seat]
        assert seat.plays == len(mine)
        assert seat.best_plays == sum(not rated.missed for rated in mine)
        assert seat.points_missed == sum(
            max(0, rated.best_play.value.points - rated.value.points) for rated in mine
        )
        assert seat.illegal_plays == 0
    assert [seat.seat for seat in reviewed.seats] == list(range(setup.players))
    return checked


CASES = [
    pytest.param("tablo", 2, False, {}, id="tablo-2p"),
    pytest.param("tablo", 3, False, {"direction": "counterclockwise"}, id="tablo-3p-counterclockwise"),
    pytest.param("tablo", 4, True, {"leftovers": "last_capturer"}, id="tablo-4p-pairs"),
    pytest.param("escoba", 2, False, {}, id="escoba-2p-pair"),
    pytest.param("escoba", 3, False, {"capture": "any", "last_play_sweep": False}, id="escoba-3p-any"),
    pytest.param(
        "escoba", 4, True, {"capture": "fifteen", "deal": "scopone"}, id="escoba-4p-scopone-fifteen"
    ),
    pytest.param("escoba", 2, False, {"capture_priority": True, "muerto": True}, id="escoba-2p-priority"),
    pytest.param("tamlin", 2, False, {}, id="tamlin-2p"),
    pytest.param(
        "tamlin", 4, True, {"ace_takes_ace": True, "scoring": "cassino"}, id="tamlin-4p-ace-takes-ace"
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "teams", "options"), CASES)
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_review_matches_the_brute_force_reference(
    game: str, players: int, teams: bool, options: dict[str, OptionValue], data: st.DataObject
) -> None:
    rules = _rules(game, players, options)
    choose = lambda n: data.draw(st.integers(0, n - 1))  # noqa: E731
    table_ok = (lambda card: card.rank != 11) if game == "tamlin" else (lambda card: True)
    setup, log = random_hand(rules, players, choose, teams=teams, table_ok=table_ok)
    reviewed = review(game, setup, log, options)
    assert check_against_reference(game, rules, setup, log, reviewed, options) > 0


def tiny_review(game: str, options: dict[str, OptionValue], table: str, log: list[LogEntry]) -> HandReview:
    """A hand of 2 players dealt ``len(log) // 2`` cards each, once (small enough to work out by hand)."""
    rules = replace(_rules(game, 2, options), deals=(len(log) // 2,))
    setup = HandSetup(players=2, table=parse_cards(table.split()))
    state = new_hand(rules, setup)
    for entry in log:
        state = apply_play(state, entry)
    reviewed = review_hand(state, setup, reviewing_of(game), options)
    assert check_against_reference(game, rules, setup, tuple(log), reviewed, options) == len(log)
    return reviewed


def test_tablo_a_trail_when_a_king_could_make_a_tablo_is_missed() -> None:
    reviewed = tiny_review(
        "tablo",
        {},
        "10D 4C 5H 9S",
        [play(1, "7S"), play(0, "5D", "5H"), play(1, "KC", "10D 4C"), play(0, "4H")],
    )
    first = reviewed.plays[0]
    assert (first.value, first.missed) == (Value(False, 0, 0), True)
    assert first.best_with_card.taken == ()
    assert (first.best_play.card, set(first.best_play.taken)) == (
        Card.parse("KC"),
        set(parse_cards(["10D", "4C", "5H", "9S"])),
    )
    assert first.best_play.value == Value(True, 3, 5)  # 10♦ 2 and K♣ 1, a tablo
    assert [rated.missed for rated in reviewed.plays] == [True, False, False, False]
    assert [(seat.plays, seat.best_plays, seat.points_missed) for seat in reviewed.seats] == [
        (2, 2, 0),
        (2, 1, 3),
    ]


def test_tamlin_a_jack_trailed_to_an_empty_table_is_minus_one() -> None:
    log = [play(1, "AS", "2S 3D 4C 5H"), play(0, "JS"), play(1, "6C"), play(0, "3H")]
    reviewed = tiny_review("tamlin", {}, "2S 3D 4C 5H", log)
    assert reviewed.plays[0].value == Value(True, 3, 5)  # a played ace is 14: a tamlin (+1), A♠ and 2♠
    jack = reviewed.plays[1]
    assert (jack.value, jack.best_play.card, jack.best_play.value) == (
        Value(False, -1, 0),
        Card.parse("3H"),
        Value(False, 0, 0),
    )
    assert reviewed.seats[0].points_missed == 1


def test_escoba_an_illegal_capture_nobody_challenged_is_named_and_never_a_best_play() -> None:
    options: dict[str, OptionValue] = {"manual_capture": True, "capture": "fifteen"}
    rules = replace(_rules("escoba", 2, options), deals=(1,))
    setup = HandSetup(players=2, table=parse_cards(["10C", "4C", "3D", "9S"]))
    log = [play(1, "2H", "10C 4C"), play(0, "6H", "9S")]  # 2 + 10 + 4 is 16, not 15
    state = new_hand(rules, setup)
    for entry in log:
        state = apply_play(state, entry)
    reviewed = review_hand(state, setup, reviewing_of("escoba"), options)
    wrong = reviewed.plays[0]
    assert (wrong.illegal, wrong.missed, wrong.value) == (True, True, Value(False, 0, 3))
    for best in (wrong.best_with_card, wrong.best_play):  # 10♣ 3♦ or 4♣ 9♠: the legal ones
        assert best.card == Card.parse("2H")
        assert sum(card.rank for card in best.taken) == 13
        assert best.value == Value(False, 0, 3)
    assert wrong.points_lost == 0
    assert not reviewed.plays[1].illegal
    assert [(seat.best_plays, seat.illegal_plays) for seat in reviewed.seats] == [(1, 0), (0, 1)]


def test_escoba_a_wrong_capture_challenged_and_taken_back_is_named_caught_with_its_penalty() -> None:
    """Rated as the trail it became, named a caught mistake, and charged the challenger's +2 (3.2(g))."""
    options: dict[str, OptionValue] = {"manual_capture": True, "capture": "fifteen"}
    rules = replace(_rules("escoba", 2, options), deals=(1,))
    setup = HandSetup(players=2, table=parse_cards(["10C", "4C", "3D", "9S"]))
    log = [play(1, "2H", "10C 4C"), LogEntry(seat=0, challenge_of=0), play(0, "6H", "9S")]
    state = escoba_hand.replay_with_challenges(rules, setup, log)[0]
    reviewed = review_hand(state, setup, reviewing_of("escoba"), options)
    caught = reviewed.plays[0]
    assert (caught.illegal, caught.caught, caught.taken, caught.value) == (
        False,
        True,
        (),
        Value(False, 0, 0),
    )
    assert caught.taken_back == parse_cards(["10C", "4C"])
    assert (caught.missed, caught.missed_item, caught.rule) == (True, "caught", "3.2(g)")
    assert (caught.penalty, caught.points_lost) == (2, 2)  # 2♥ could take 0 points more, and +2 went over
    assert (reviewed.seats[1].caught_plays, reviewed.seats[1].best_plays) == (1, 0)


def test_escoba_a_trail_that_could_capture_caught_by_a_challenge_cites_the_compulsory_capture() -> None:
    options: dict[str, OptionValue] = {"manual_capture": True}
    rules = replace(_rules("escoba", 2, options), deals=(1,))
    setup = HandSetup(players=2, table=parse_cards(["7D", "4C", "2H", "10S"]))
    stood = [play(1, "7S"), play(0, "6H", "4C 2H")]  # 7♠ could take the 7♦: 1 point (E9)
    state = escoba_hand.replay_with_challenges(rules, setup, stood)[0]
    wrong = review_hand(state, setup, reviewing_of("escoba"), options).plays[0]
    assert (wrong.illegal, wrong.missed_item, wrong.rule, wrong.points_lost) == (True, "illegal", "E6", 1)
    caught_log = [stood[0], LogEntry(seat=0, challenge_of=0), stood[1]]
    state = escoba_hand.replay_with_challenges(rules, setup, caught_log)[0]
    caught = review_hand(state, setup, reviewing_of("escoba"), options).plays[0]
    assert (caught.caught, caught.missed_item, caught.rule, caught.points_lost) == (
        True,
        "caught",
        "3.2(g)",
        3,
    )


def test_each_miss_cites_its_own_rule() -> None:
    sweep = tiny_review(
        "escoba",
        {"capture": "fifteen"},
        "AC 4C 3S 2S",
        [play(1, "7H", "AC 4C 3S"), play(0, "6C"), play(1, "5D"), play(0, "2H", "2S 6C 5D")],
    ).plays[0]
    assert (sweep.missed_item, sweep.rule) == ("sweep", "E7")
    seven = tiny_review(
        "escoba",
        {},
        "7D 3C 5H 10S",
        [play(1, "8S", "3C 5H"), play(0, "9H"), play(1, "7S", "7D"), play(0, "2H")],
    ).plays[0]
    assert (seven.missed_item, seven.rule, seven.points_lost) == ("points", "E9", 1)  # the 7♦ (E9)
    jack = tiny_review(
        "tamlin",
        {},
        "2S 3D 4C 5H",
        [play(1, "AS", "2S 3D 4C 5H"), play(0, "JS"), play(1, "6C"), play(0, "3H")],
    ).plays[1]
    assert (jack.missed_item, jack.rule, jack.points_lost) == ("trail_cost", "T11", 1)
    cards = tiny_review(
        "tablo",
        {},
        "3S 4D 2H 6C",
        [play(1, "7S", "3S 4D"), play(0, "9H"), play(1, "6S", "6C"), play(0, "8H")],
    ).plays[0]
    assert (cards.missed_item, cards.rule, cards.points_lost) == ("cards", "B8", 0)  # 6♠: 6♣, 4♦ 2♥


def test_escoba_a_missed_escoba_is_missed() -> None:
    log = [play(1, "7H", "AC 4C 3S"), play(0, "6C"), play(1, "5D"), play(0, "2H", "2S 6C 5D")]
    reviewed = tiny_review("escoba", {"capture": "fifteen"}, "AC 4C 3S 2S", log)
    first = reviewed.plays[0]  # 5♦ could take the whole table: 5 + 1 + 4 + 3 + 2
    assert first.missed
    assert not first.value.sweep
    assert (first.best_play.card, first.best_play.value.sweep) == (Card.parse("5D"), True)
    assert (first.points_lost, first.missed_item) == (1, "sweep")  # the escoba scores 1 at once (E7)


def test_tamlin_a_missed_tamlin_is_missed() -> None:
    log = [play(1, "9C", "4C 5H"), play(0, "3H", "3D")]  # 9♣ could take the table as two nines
    reviewed = tiny_review("tamlin", {}, "4C 5H 6S 3D", log)
    first = reviewed.plays[0]
    assert first.missed
    assert first.best_play.value.sweep
    assert not first.value.sweep
    assert (first.points_lost, first.missed_item) == (1, "sweep")  # the tamlin scores 1 at once (T12)


@pytest.mark.parametrize(("tablo_points", "lost"), [("per_five", 0), ("per_tablo", 1)])
def test_tablo_a_missed_tablo_costs_its_point_only_when_each_tablo_scores(
    tablo_points: str, lost: int
) -> None:
    log = [play(1, "9C", "4C 5H"), play(0, "3H")]  # 9♣ could take 2♠ 7♦ too: the whole table
    reviewed = tiny_review("tablo", {"tablo_points": tablo_points}, "4C 5H 2S 7D", log)
    first = reviewed.plays[0]
    assert (first.missed_item, first.points_lost) == ("sweep", lost)


@pytest.mark.parametrize("counts", [True, False])
def test_escoba_taking_the_whole_table_with_the_last_card_sweeps_as_the_option_says(counts: bool) -> None:
    log = [play(1, "9H", "2C 3C 4C"), play(0, "AD", "AC")]
    reviewed = tiny_review("escoba", {"last_play_sweep": counts, "capture": "any"}, "AC 2C 3C 4C", log)
    assert reviewed.plays[1].value == reviewed.plays[1].best_play.value == Value(counts, int(counts), 2)


def test_review_refuses_an_unfinished_hand() -> None:
    setup = HandSetup(players=2, table=parse_cards(["10D", "2C", "5H", "3S"]))
    with pytest.raises(ReviewIncomplete) as raised:
        review("tablo", setup, [play(1, "7S")], {})
    assert raised.value.facts == {"plays": 48, "played": 1}


@pytest.mark.parametrize(
    ("game", "error"),
    [pytest.param("chess", UnknownGame, id="unknown")],
)
def test_review_is_for_capture_games_only(game: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        review(game, HandSetup(players=2), [], {})


def test_review_raises_the_replays_own_errors() -> None:
    setup = HandSetup(players=2, table=parse_cards(["10D", "2C", "5H", "3S"]))
    with pytest.raises(WrongSeat):
        review("tablo", setup, [play(0, "7S")], {})
