"""The phone's engine calls (games/rules/browser.py): JSON in and out, each one the engine's own answer.

Random whole hands of every game go through :func:`~games.rules.browser.answer` play by play and are
compared with the engine's functions called directly, as the server calls them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.rules.breakdown import hand_rows
from games.rules.browser import CALLS, answer
from games.rules.capture.capturing import CAPTURE_GAMES, capture_check
from games.rules.choices import card_choices, one_tap_plays
from games.rules.errors import CaptureIllegal, RuleViolation, SummaryInconsistent
from games.rules.game import HandSetup, LogEntry, Options, resolve_options
from games.rules.records import (
    entry_json,
    entry_of,
    report_json,
    report_of,
    setup_json,
    setup_of,
)
from games.rules.registry import find_game, refusal_rule
from tests.rules.playouts import game_hand

# (game, options, players, teams): each game with a few of its options and player counts.
TABLES: list[tuple[str, dict[str, object], int, bool]] = [
    ("tablo", {}, 2, False),
    ("tablo", {"direction": "counterclockwise", "leftovers": "last_capturer"}, 3, False),
    ("tablo", {}, 4, True),
    ("escoba", {}, 2, False),
    ("escoba", {"capture": "any", "muerto": True}, 4, True),
    ("tamlin", {}, 2, False),
    ("tamlin", {"ace_takes_ace": True}, 3, False),
    ("twenty", {}, 2, False),
]
IDS = [
    f"{game}-{players}{'t' if teams else ''}-{index}"
    for index, (game, _, players, teams) in enumerate(TABLES)
]


def call(name: str, **payload: object) -> Any:  # Any: the call's decoded JSON
    return json.loads(answer(name, json.dumps(payload)))


def random_table(index: int, seed: int) -> tuple[str, Options, HandSetup, tuple[LogEntry, ...]]:
    game, raw, players, teams = TABLES[index]
    options = resolve_options(find_game(game), raw)
    setup, log = game_hand(
        game, options, players, random.Random(seed).randrange, teams=teams, dealer=seed % players
    )
    return game, options, setup, log


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(TABLES)), ids=IDS)
@pytest.mark.parametrize("seed", range(3))
def test_a_hand_play_by_play_is_the_engines_replay(index: int, seed: int) -> None:
    game, options, setup, log = random_table(index, seed)
    played: list[dict[str, Any]] = []
    for entry in log:
        accepted = call(
            "play", game=game, options=options, setup=setup_json(setup), log=played, play=entry_json(entry)
        )
        played.append(entry_json(entry))
        assert accepted["accepted"] is True
        report = find_game(game).replay_hand(setup, [entry_of(each) for each in played], options)
        assert accepted["report"] == report_json(report)
        seen = {*map(str, setup.table), *map(str, setup.set_aside), *(each["card"] for each in played)}
        assert accepted["seen"] == sorted(seen)
        assert accepted["one_tap"] == one_tap_plays(game, options, report.table, seen)
    final = call("hand", game=game, options=options, setup=setup_json(setup), log=played)
    assert final["report"] == accepted["report"]
    assert final["report"]["complete"] is True
    assert final["rows"] == [row.as_json() for row in hand_rows(game, options, report)]


@pytest.mark.slow
@pytest.mark.parametrize(
    "index", [i for i, table in enumerate(TABLES) if table[0] in CAPTURE_GAMES], ids=IDS[:-1]
)
def test_choices_and_refusals_are_the_engines(index: int) -> None:
    game, options, setup, log = random_table(index, 7)
    refused = 0
    for number, entry in enumerate(log):
        before = find_game(game).replay_hand(setup, log[:number], options)
        table, card = list(map(str, before.table)), str(entry.card)
        wrong = table[:1] if table and not entry.taken else []
        choices = call("choices", game=game, options=options, table=table, card=card, taken=wrong)
        expected = card_choices(game, options, table, card)
        assert [each["cards"] for each in choices["captures"]] == [
            list(map(str, c.cards)) for c in expected.captures.captures
        ]
        assert [each["groups"] for each in choices["captures"]] == [
            [list(map(str, group)) for group in c.groups] for c in expected.captures.captures
        ]
        assert choices["trail_costs"] == expected.trail_costs
        if not wrong:
            continue
        verdict = capture_check(game, table, card, wrong, options)
        assert choices["verdict"]["legal"] == verdict.legal
        assert choices["verdict"]["alternatives"] == [list(map(str, cards)) for cards in verdict.alternatives]
        if verdict.legal:
            continue
        assert choices["verdict"]["reason"]["template"] == CaptureIllegal.template
        assert choices["verdict"]["reason"]["facts"] == {"card": card, "taken_text": wrong}
        play = {"seat": entry.seat, "card": card, "taken": wrong}
        answered = call(
            "play",
            game=game,
            options=options,
            setup=setup_json(setup),
            log=list(map(entry_json, log[:number])),
            play=play,
        )
        with pytest.raises(RuleViolation) as raised:
            find_game(game).replay_hand(setup, [*log[:number], entry_of(play)], options)
        assert answered["accepted"] is False
        error = answered["error"]
        assert (error["code"], error["template"], error["message"]) == (
            raised.value.code,
            raised.value.template,
            raised.value.message,
        )
        assert error["rule"] == refusal_rule(raised.value.code, game)
        assert error["alternatives"] == raised.value.facts.get("alternatives", [])
        refused += 1
    assert refused


def test_a_summary_is_scored_or_refused_with_every_problem() -> None:
    setup = setup_json(HandSetup(players=2, sweeps_before=(4, 0)))
    rows = [{"cards": 28, "point_cards": 14, "tablos": 1}, {"cards": 24, "point_cards": 8, "tablos": 2}]
    scored = call("summary", game="tablo", options={}, setup=setup, entries=rows)
    report = find_game("tablo").score_summary(setup_of(setup), rows, {})
    assert scored["report"] == report_json(report)
    assert scored["rows"] == [row.as_json() for row in hand_rows("tablo", {}, report)]
    bad = [{"cards": 60, "point_cards": 14, "tablos": 1}, {"cards": 24, "point_cards": 8}]
    refused = call("summary", game="tablo", options={}, setup=setup, entries=bad)["error"]
    with pytest.raises(SummaryInconsistent) as raised:
        find_game("tablo").score_summary(setup_of(setup), bad, {})
    assert refused["code"] == SummaryInconsistent.code
    problems = raised.value.facts["problems"]
    assert isinstance(problems, list)
    assert [problem["code"] for problem in refused["problems"]] == [problem["code"] for problem in problems]
    assert all("{" in problem["template"] for problem in refused["problems"])


@pytest.mark.parametrize("game", ["tablo", "escoba", "tamlin", "twenty"])
@pytest.mark.parametrize("options", [{}, {"direction": "counterclockwise"}])
def test_the_next_dealer_is_the_games(game: str, options: Options) -> None:
    found = find_game(game)
    options = options if game == "tablo" else {}
    assert call("next_dealer", game=game, options=options, players=2, previous=None, first_dealer=1) == {
        "dealer": 1
    }
    for previous in range(3):
        expected = found.next_dealer(previous, 3 if game != "twenty" else 2, options)
        players = 3 if game != "twenty" else 2
        assert call("next_dealer", game=game, options=options, players=players, previous=previous) == {
            "dealer": expected
        }


@pytest.mark.parametrize("index", range(len(TABLES)), ids=IDS)
def test_where_the_match_stands_is_the_games(index: int) -> None:
    game, options, setup, log = random_table(index, 3)
    report = find_game(game).replay_hand(setup, log, options)
    sides = len(report.sides)
    status = find_game(game).match_status([report], sides, options, False)
    answered = call("match", game=game, options=options, sides=sides, hands=[report_json(report)])
    assert (answered["totals"], answered["finished"], answered["winner"]) == (
        list(status.totals),
        status.finished,
        status.winner,
    )


@pytest.mark.parametrize("index", range(len(TABLES)), ids=IDS)
def test_records_read_back_what_they_wrote(index: int) -> None:
    game, options, setup, log = random_table(index, 5)
    assert setup_of(setup_json(setup)) == setup
    assert [entry_of(entry_json(entry)) for entry in log] == list(log)
    report = find_game(game).replay_hand(setup, log, options)
    assert report_json(report_of(report_json(report))) == report_json(report)
    challenge = LogEntry(seat=1, challenge_of=3)
    assert entry_of(entry_json(challenge)) == challenge


def test_every_call_answers_and_bad_input_is_an_error() -> None:
    assert set(CALLS) >= {"games", "hand", "choices", "play", "summary", "next_dealer", "match"}
    assert call("nope")["error"]["code"] == "engine.unknown_call"
    assert call("hand", game="tablo")["error"]["code"] == "engine.bad_payload"
    bad_card = call("choices", game="tablo", options={}, table=["ZZ"], card="3S")
    assert bad_card["error"]["code"] == "card.bad_text"
    assert call("hand", game="chess", setup={"players": 2})["error"]["code"] == "game.unknown"
