"""Every registered game has its piece in each table the app keeps per game outside the engine
(docs/adding-a-game.md): a game forgotten in one of them fails here, not on a screen's silent default.

The event kinds and point items each game produces come from its golden hands and rounds
(tests/rules/hands/, tests/rules/rounds/), replayed through the engine.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from games import breakdowns, labels
from games.rules import errors as rule_errors
from games.rules.capture.capturing import CAPTURE_GAMES
from games.rules.cards import parse_cards
from games.rules.game import Game, HandReport, HandSetup, LogEntry, resolve_options
from games.rules.registry import GAMES
from games.rules.twenty_round import parse_plays
from games.services import demo
from tests.rules.test_hands_golden import log_entry
from web import breakdowns as web_breakdowns
from web import deals, presets, reviews
from web.entries import SummaryForm, entry_form

RULES_TESTS = Path(__file__).parent / "rules"
EACH_GAME = [pytest.param(game, id=name) for name, game in sorted(GAMES.items())]


def golden_reports(game: Game) -> Iterator[HandReport]:
    """The game's golden hands (and Twenty's rounds) replayed."""
    for path in sorted((RULES_TESTS / "hands").glob(f"{game.name}-*.json")):
        request = json.loads(path.read_text())["request"]
        setup = HandSetup(
            players=request["players"],
            teams=request["teams"],
            dealer=request["dealer"],
            table=parse_cards(request["table"]),
            set_aside=parse_cards(request.get("set_aside", [])),
            sweeps_before=tuple(request.get("tablos_before", [])),
        )
        yield game.replay_hand(setup, [log_entry(entry) for entry in request["plays"]], request["options"])
    for path in sorted((RULES_TESTS / "rounds").glob(f"{game.name}-*.json")):
        request = json.loads(path.read_text())["request"]
        setup = HandSetup(
            players=2,
            starter=request["starter"],
            set_aside=parse_cards(request["bonus_cards"]),
            number=request["round"],
        )
        log = [
            LogEntry(seat=play.seat, card=play.card)
            for play in parse_plays((play["seat"], play["card"]) for play in request["plays"])
        ]
        yield game.replay_hand(setup, log, request["options"])


@pytest.mark.parametrize("game", EACH_GAME)
def test_the_game_has_a_title_and_a_preset(game: Game) -> None:
    assert game.name in labels.GAME_TITLES  # games/labels.py
    assert any(preset.game == game.name for preset in presets.PRESETS)  # web/presets.py


@pytest.mark.parametrize("game", [param for param in EACH_GAME if param.id in CAPTURE_GAMES])
def test_a_capture_game_names_its_sweep(game: Game) -> None:
    assert game.name in presets.SWEEP_NAMES  # web/presets.py
    assert game.name in reviews.SWEEP_ARTICLES  # web/reviews.py


@pytest.mark.parametrize("game", EACH_GAME)
def test_every_preset_has_a_quick_entry_asking_the_engines_keys(game: Game) -> None:
    for preset in (preset for preset in presets.PRESETS if preset.game == game.name):
        options = resolve_options(game, preset.options)
        form = entry_form(game.name, options, sides=["Ana", "Bo"])  # web/entries.py
        assert form is not None, preset.slug
        if isinstance(form, SummaryForm):  # web/deals.py: summary_keys, DECK_TOTALS, COUNT_LABELS
            assert form.keys == game.summary_keys(options), preset.slug
            assert game.name in deals.DECK_TOTALS
            asked = {  # under some option (Tamlin asks spades only under scoring: cassino)
                key
                for spec in game.option_specs
                for value in spec.allowed
                for key in game.summary_keys({spec.key: value})
            }
            assert set(deals.DECK_TOTALS[game.name]) <= asked | set(form.keys)
            assert all(key in deals.COUNT_LABELS for key in form.keys)
            assert all(key in rule_errors.COUNT_LABELS for key in form.keys)  # games/rules/errors.py


@pytest.mark.parametrize("game", EACH_GAME)
def test_the_demo_can_deal_the_game(game: Game) -> None:
    assert game.name in demo.DEALS  # games/services/demo.py


@pytest.mark.parametrize("game", EACH_GAME)
def test_every_event_and_point_item_of_the_golden_hands_has_words(game: Game) -> None:
    reports = list(golden_reports(game))
    assert reports, f"no golden hand of {game.name} in tests/rules/hands/ or tests/rules/rounds/"
    kinds = {event.kind for report in reports for event in report.events}
    items = {key for report in reports for side in report.sides for key in side.points}
    worded = {*web_breakdowns.EVENT_TEXTS, "tally"}  # web/breakdowns.py; a tally is worded by its length
    assert sorted(kinds - worded) == []
    assert sorted(items - set(breakdowns.LABELS)) == []  # games/breakdowns.py
