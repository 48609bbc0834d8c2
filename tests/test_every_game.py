"""Every registered game has every part the engine asks of it and a presentation (games/presentation/
<game>.py) with every piece the app needs (docs/adding-a-game.md): a piece forgotten fails here, not on a
screen's silent default. A toy game shows the registry refusing a game without its parts and serving one
with them.

The event kinds and point items each game produces come from its golden hands and rounds
(tests/rules/hands/, tests/rules/rounds/), replayed and reviewed through the engine.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from games.matches.services.demo import random_setup
from games.presentation import PRESENTATIONS, presentation_of
from games.rule_links import PAGE_OF_LETTER
from games.rules import tablo
from games.rules.breakdown import hand_rows
from games.rules.capture.capturing import CAPTURE_GAMES, capture_list
from games.rules.cards import parse_cards
from games.rules.errors import COUNT_LABELS
from games.rules.game import (
    REVIEWED_AS_ROUND,
    Breakdown,
    Game,
    HandReport,
    HandSetup,
    LogEntry,
    Options,
    resolve_options,
)
from games.rules.registry import GAMES, IncompleteGame, register
from games.rules.review import REVIEWED, review, reviewing_of
from games.rules.twenty_round import parse_plays
from tests.rules.test_hands_golden import log_entry
from web.entries import SummaryForm, TwentySummaryForm, entry_form
from web.options import choice_specs

RULES_TESTS = Path(__file__).parent / "rules"
RULES_DOCS = Path(__file__).parent.parent / "docs" / "rules"
EACH_GAME = [pytest.param(game, id=name) for name, game in sorted(GAMES.items())]


Hand = tuple[HandSetup, list[LogEntry], Options]


def golden_hands(game: Game) -> Iterator[Hand]:
    """The game's golden hands (and Twenty's rounds): setup, log and options."""
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
        yield setup, [log_entry(entry) for entry in request["plays"]], request["options"]
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
        yield setup, log, request["options"]


def golden_reports(game: Game) -> Iterator[HandReport]:
    """The game's golden hands (and Twenty's rounds) replayed."""
    for setup, log, options in golden_hands(game):
        yield game.replay_hand(setup, log, options)


def test_every_registered_game_has_a_presentation_and_no_other() -> None:
    assert sorted(set(GAMES) - set(PRESENTATIONS)) == []  # games/presentation/__init__.py
    assert sorted(set(PRESENTATIONS) - set(GAMES)) == []


def test_presets_and_rule_letters_are_unique() -> None:
    slugs = [preset.slug for each in PRESENTATIONS.values() for preset in each.presets]
    assert len(slugs) == len(set(slugs))
    letters = [each.rule_letter for each in PRESENTATIONS.values()]
    assert len(letters) == len(set(letters))
    assert "A" not in letters  # the shared rules' letter


@pytest.mark.parametrize("game", EACH_GAME)
def test_the_game_has_a_title_presets_and_a_rules_page(game: Game) -> None:
    presentation = presentation_of(game.name)
    assert str(presentation.title)
    assert presentation.presets
    for preset in presentation.presets:
        assert preset.game == game.name, preset.slug
        resolve_options(game, preset.options)  # the engine accepts its options
    assert PAGE_OF_LETTER[presentation.rule_letter] == game.name
    assert (RULES_DOCS / f"{game.name}.md").is_file()


@pytest.mark.parametrize("game", EACH_GAME)
def test_every_option_offered_and_its_values_have_words(game: Game) -> None:
    presentation = presentation_of(game.name)
    for spec in choice_specs(game.option_specs):  # web/options.py
        assert spec.key in presentation.options
        assert [value for value in spec.allowed if not isinstance(value, bool)] == [
            value for value in spec.allowed if value in presentation.option_values
        ], spec.key


@pytest.mark.parametrize("game", [param for param in EACH_GAME if param.id in CAPTURE_GAMES])
def test_a_capture_game_names_its_sweep_and_the_rule_of_an_illegal_capture(game: Game) -> None:
    presentation = presentation_of(game.name)
    assert presentation.sweep_name is not None
    assert presentation.sweep_article is not None
    assert game.refusal_rules["capture.illegal"].startswith(presentation.rule_letter)


@pytest.mark.parametrize("game", EACH_GAME)
def test_every_preset_has_a_quick_entry_asking_the_engines_keys(game: Game) -> None:
    presentation = presentation_of(game.name)
    asked = {  # under some option (Tamlin asks spades only under scoring: cassino)
        key
        for spec in game.option_specs
        for value in spec.allowed
        for key in game.summary_keys({spec.key: value})
    }
    for preset in presentation.presets:
        options = resolve_options(game, preset.options)
        form = entry_form(game.name, options, sides=["Ana", "Bo"])  # web/entries.py
        keys = game.summary_keys(options)
        assert all(key in presentation.counts for key in keys), preset.slug  # worded, in history too
        if presentation.awards:
            assert isinstance(form, TwentySummaryForm), preset.slug
            continue
        assert isinstance(form, SummaryForm), preset.slug
        assert form.keys == keys, preset.slug
        assert all(key in game.count_labels for key in keys)  # the Game's count labels
        assert set(presentation.deck_totals) <= asked | set(keys)


@pytest.mark.parametrize("game", EACH_GAME)
def test_the_deal_of_every_preset_and_of_the_demo_starts_a_hand(game: Game) -> None:
    presentation = presentation_of(game.name)
    for preset in presentation.presets:
        presentation.deal_questions(resolve_options(game, preset.options))
    setup = random_setup(game.name, 1, random.Random(0))  # games/matches/services/demo.py
    options = resolve_options(game, None)
    hand = HandSetup(
        players=2,
        table=parse_cards(setup["table"]),
        set_aside=parse_cards(setup["set_aside"]),
        starter=setup.get("starter"),
        number=1,
    )
    assert game.replay_hand(hand, [], options).next_seat is not None  # the engine takes the deal


@pytest.mark.parametrize("game", EACH_GAME)
def test_every_event_and_point_item_of_the_golden_hands_has_words(game: Game) -> None:
    presentation = presentation_of(game.name)
    reports = list(golden_reports(game))
    assert reports, f"no golden hand of {game.name} in tests/rules/hands/ or tests/rules/rounds/"
    kinds = {event.kind for report in reports for event in report.events}
    items = {key for report in reports for side in report.sides for key in side.points}
    worded = {*presentation.events, "tally"}  # a tally is worded by its length
    assert sorted(kinds - worded) == []
    assert sorted(items - set(presentation.breakdown)) == []
    shown = game.breakdown
    assert sorted({*shown.items, *shown.counts} - set(presentation.breakdown)) == []


@pytest.mark.parametrize("game", EACH_GAME)
def test_every_golden_hand_is_reviewed_and_its_points_are_shown_in_the_games_order(game: Game) -> None:
    """The engine's cross-game parts follow the game: its review (games/rules/review.py) rates every
    play, and its breakdown order (``Game.breakdown``) places every points item it scores."""
    assert game.name in REVIEWED
    hands = list(golden_hands(game))
    assert hands, f"no golden hand of {game.name} in tests/rules/hands/ or tests/rules/rounds/"
    for setup, log, options in hands:
        reviewed = review(game.name, setup, log, options)
        assert len(reviewed.plays) == sum(entry.card is not None for entry in log)
        report = game.replay_hand(setup, log, options)
        items = {key for side in report.sides for key in side.points}
        assert game.breakdown.items, f"{game.name} has no points order"
        assert sorted(items - set(game.breakdown.items)) == [], f"{game.name}: points outside its order"
        shown = [row.key for row in hand_rows(game.name, resolve_options(game, options), report)]
        ordered = [key for key in game.breakdown.items if key in shown]
        assert [key for key in shown if key in game.breakdown.items] == ordered
    assert (game.name in CAPTURE_GAMES) == (game.captures is not None)


# A toy game: Tablo's rules under another name, its parts replaced one at a time.
TOY = "toy"


def toy(**parts: Any) -> Game:  # Any: a part of any type, or a wrong one on purpose
    return dataclasses.replace(tablo.GAME, name=TOY, **parts)


PARTS = ("captures", "reviewing", "breakdown", "count_labels")


@pytest.mark.parametrize("part", PARTS)
def test_a_game_cannot_be_described_without_a_part_the_engine_asks_of_it(part: str) -> None:
    described = {field.name: getattr(tablo.GAME, field.name) for field in dataclasses.fields(Game)}
    del described[part]
    with pytest.raises(TypeError, match=part):
        Game(**described)


@pytest.mark.parametrize(
    ("parts", "refusal"),
    [
        pytest.param({"captures": None}, "reviewed by its captures but has no captures", id="no-captures"),
        pytest.param({"reviewing": None}, "no reviewing", id="no-reviewing"),
        pytest.param({"reviewing": REVIEWED_AS_ROUND}, "not as a round", id="captures-reviewed-as-round"),
        pytest.param({"breakdown": Breakdown(items=())}, "no points items", id="no-points-order"),
        pytest.param(
            {"breakdown": Breakdown(items=("point_cards",), tied=frozenset({"most_cards"}))},
            "tied items not in its breakdown order",
            id="tie-outside-the-order",
        ),
        pytest.param({"count_labels": {"cards": "pips"}}, "already labelled 'cards'", id="count-label-clash"),
    ],
)
def test_registering_a_game_with_a_part_missing_or_wrong_fails_loudly(
    parts: Mapping[str, object], refusal: str
) -> None:
    labels = dict(COUNT_LABELS)
    with pytest.raises(IncompleteGame, match=refusal):
        register(toy(**parts))
    assert TOY not in GAMES
    assert dict(COUNT_LABELS) == labels


def test_a_toy_game_with_every_part_is_served_by_every_cross_game_part_of_the_engine() -> None:
    """Registering is all it takes (docs/adding-a-game.md): captures, review, breakdown and labels."""
    register(toy())
    try:
        assert TOY in CAPTURE_GAMES
        assert TOY in REVIEWED
        assert reviewing_of(TOY) == reviewing_of(tablo.GAME.name)
        assert capture_list(TOY, ["5H", "4C"], "9S").captures[0].cards == parse_cards(["5H", "4C"])
        for setup, log, options in golden_hands(tablo.GAME):
            assert review(TOY, setup, log, options) == review(tablo.GAME.name, setup, log, options)
            report = tablo.GAME.replay_hand(setup, log, options)
            resolved = resolve_options(tablo.GAME, options)
            assert hand_rows(TOY, resolved, report) == hand_rows(tablo.GAME.name, resolved, report)
    finally:
        del GAMES[TOY]
