"""Seeded random matches of every game played through the services, with every call the phone's engine
makes for them and what the server computed for each (issue 25, docs/offline-engine.md).

:func:`match_asks` records a match's hands with ``hand_start``, ``hand_play_record``,
``hand_challenge_record`` and ``hand_close`` and writes down, as it goes, each call of
``games.rules.browser`` the phone would make (the next dealer, the dealt hand, a quick end-of-hand
entry refused, a tapped card's captures, the verdict on a capture ticked by hand, each play or
challenge with the cards seen and the one-tap plays, an illegal play, the finished hand, where the
match stands), with the server's answer.
Every choice (the capture taken, the illegal one tried, the challenge) is made on the server's values,
so the same asks go to any engine: tests/test_offline_engine.py asks them of
``games.rules.browser.answer`` in CPython, tests/ui/test_engine_replay.py of ``window.SkEngine`` in
Chromium with the network off.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from games import breakdowns
from games.matches.replay import hand_report_now, next_dealer, setup_of, table_of
from games.matches.selectors.hands import hand_report
from games.matches.services.hands import hand_close, hand_start
from games.matches.services.plays import hand_challenge_record, hand_play_record
from games.messages import problem_texts, violation_text
from games.models import Hand, Match, Play
from games.rule_links import refusal_rule
from games.rules.breakdown import Row
from games.rules.capture.capturing import CaptureList, Verdict
from games.rules.cards import format_cards
from games.rules.choices import EVERY_CARD
from games.rules.errors import RuleViolation, SummaryInconsistent
from games.rules.game import HandReport, OptionValue
from games.rules.records import entry_json, report_json, setup_json
from games.rules.registry import GAMES
from games.rules.wording import BreakdownRow, Who
from tests.factories import MatchFactory
from tests.rules.playouts import game_hand
from web.one_tap import one_tap_plays
from web.screens import hand_view, options_screen, summary_preview, who_of
from web.views.hands import play_choices, refusal

Json = dict[str, Any]  # Any: decoded JSON

Table = tuple[str, dict[str, object], int, bool]  # (game, options, players, teams)
VARIANTS: list[Table] = [
    ("tablo", {"direction": "counterclockwise"}, 3, False),
    ("escoba", {"manual_capture": True, "muerto": True}, 4, True),
]
"""Tables played besides each registered game's default one (its rules, its fewest players)."""
TABLES: list[Table] = [
    table
    for name, game in sorted(GAMES.items())
    for table in [(name, {}, min(game.players), False), *(row for row in VARIANTS if row[0] == name)]
]
assert {table[0] for table in VARIANTS} <= set(GAMES), "a variant of a game that is not registered"
assert {table[0] for table in TABLES} == set(GAMES), "a registered game without a table"
TABLE_IDS = [f"{game}-{players}" for game, _, players, _ in TABLES]
HANDS = 2


@dataclass(frozen=True, slots=True)
class Ask:
    """One call of the phone's engine and the server's answer: ``seen`` picks out of the engine's answer
    what ``expected`` holds; ``what`` names the moment, for a failure."""

    name: str
    payload: Json
    expected: object
    seen: Callable[[Json], object]
    what: str


@dataclass(slots=True)
class Replayed:
    """A match's asks, in the phone's order, and per hand how many illegal plays were refused (under
    Escoba's ``manual_capture``: illegal captures challenged)."""

    game: str
    options: dict[str, OptionValue]
    asks: list[Ask] = field(default_factory=list)
    refused: list[int] = field(default_factory=list)

    def ask(
        self, name: str, what: str, expected: object, seen: Callable[[Json], object], **payload: Any
    ) -> None:
        self.asks.append(
            Ask(name, {"game": self.game, "options": self.options, **payload}, expected, seen, what)
        )


def match_asks(
    game: str, options: dict[str, object], players: int, teams: bool, seed: int, refusals: int | None = None
) -> Replayed:
    """Record a seeded random match of ``game`` (at most ``HANDS`` hands), and what the phone asks of it;
    an illegal capture is tried at every chance, or at the first ``refusals`` of each hand (the hands
    are the same either way)."""
    match = MatchFactory.create(game=game, players=players, teams=teams, options=options)
    rng, replayed = random.Random(seed), Replayed(game, dict(match.options))
    reports: list[Json] = []  # the finished hands' reports, as the phone keeps them
    previous: Hand | None = None
    for number in range(1, HANDS + 1):
        dealer = next_dealer(match, previous)
        replayed.ask(
            "next_dealer",
            f"hand {number}: its dealer",
            dealer,
            lambda answer: answer["dealer"],
            players=players,
            previous=None if previous is None else previous.dealer,
            first_dealer=match.first_dealer,
        )
        dealt, cards = game_hand(
            game, replayed.options, players, rng.randrange, teams=teams, dealer=dealer, number=number
        )
        hand = hand_start(
            match=match,
            starter=dealt.starter,
            table=[str(card) for card in dealt.table],
            set_aside=[str(card) for card in dealt.set_aside],
        )
        assert hand.dealer == dealer
        table = table_of(match)
        setup = setup_json(setup_of(hand, table))
        # The phone counts the sweeps before this hand (Tablo's per_five) from the reports it kept.
        kept = [
            sum(report["sides"][side]["sweeps"] for report in reports) for side in range(len(table.sides))
        ]
        assert setup["sweeps_before"] == kept
        entries = [entry_json(entry) for entry in cards]
        reports.append(_hand_asks(replayed, match, hand, setup, entries, rng, refusals))
        previous = hand
        match.refresh_from_db()
        replayed.ask(
            "match",
            f"after hand {number}: the match",
            (match.totals, match.winner, match.status == Match.Status.FINISHED),
            lambda answer: (answer["totals"], answer["winner"], answer["finished"]),
            sides=len(match.totals),
            hands=list(reports),
        )
        if match.status == Match.Status.FINISHED:
            break
    return replayed


def _hand_asks(
    replayed: Replayed,
    match: Match,
    hand: Hand,
    setup: Json,
    cards: list[Json],
    rng: random.Random,
    refusals: int | None,
) -> Json:
    """Record the hand's plays (each card of ``cards`` in turn, its capture chosen now among the
    server's, one illegal play tried and refused, or under ``manual_capture`` one illegal capture made
    and challenged) and ask the phone of each; the finished hand's report."""
    game, who, number = match.game, who_of(match), hand.number
    manual = bool(replayed.options.get("manual_capture"))
    seq, refused, log = hand.next_seq, 0, list[Json]()
    dealt = hand_report_now(hand, table_of(match))
    report = report_json(dealt)
    replayed.ask("hand", f"hand {number}: dealt", shown(match, hand, dealt, ()), _shown, setup=setup, log=[])
    _summary_ask(replayed, match, hand, setup, who)
    for entry in cards:
        card, what = entry["card"], f"hand {number}, play {len(log) + 1} ({entry['card']})"
        wrong: list[str] = []
        if game != "twenty":
            table = report["table"]
            captures = _choices_asks(replayed, match, table, card, what)
            wrong = _wrong_capture(replayed, match, table, card, what)
            # Limited, the refusals come where the card could take something: they list alternatives.
            if wrong and not manual and (refusals is None or (refused < refusals and captures)):
                refused += _refusal(replayed, hand, setup, log, {**entry, "taken": wrong}, seq, who, what)
            taken = captures[rng.randrange(len(captures))] if captures else []
            if manual and wrong and (rng.randrange(3) == 0 or not refused):
                taken = wrong  # an illegal capture stands under manual_capture, to be challenged
            entry = {**entry, "taken": taken}
        elif len(log) == 1:  # Twenty has no captures: a card played twice is its illegal play
            refused += _refusal(replayed, hand, setup, log, {**entry, "card": log[0]["card"]}, seq, who, what)
        recorded = hand_play_record(
            hand=hand, seat=entry["seat"], card=card, taken=entry["taken"], expected_seq=seq
        )
        report = report_json(recorded.report)
        expected = (True, shown(match, hand, recorded.report, recorded.plays))
        replayed.ask("play", what, expected, _accepted, setup=setup, log=list(log), play=entry)
        log.append(entry)
        seq = recorded.next_seq
        if manual and wrong and entry["taken"] == wrong and not recorded.report.complete:
            seq, report = _challenge(replayed, hand, setup, log, recorded.row.seq, seq, what)
            refused += 1
    assert report["complete"]
    stored = hand_report(Hand.objects.get(pk=hand_close(hand=hand).pk))
    replayed.ask(
        "hand",
        f"hand {number}: scored",
        ([side.total for side in stored.sides], breakdowns.hand_breakdown(game, replayed.options, stored)),
        lambda answer: ([side["total"] for side in answer["report"]["sides"]], worded(game, answer["rows"])),
        setup=setup,
        log=list(log),
    )
    replayed.refused.append(refused)
    return report


def _choices_asks(
    replayed: Replayed, match: Match, table: list[str], card: str, what: str
) -> list[list[str]]:
    """A tapped card's captures and whether its trail costs a point, as the server lists them."""
    server = play_choices(match, options_screen(match, table).hand, card, [])
    listed = server["captures"]
    assert isinstance(listed, CaptureList)
    captures = [format_cards(capture.cards) for capture in listed.captures]
    replayed.ask(
        "choices",
        f"{what}: its captures",
        (captures, server["trail_costs"]),
        lambda answer: ([capture["cards"] for capture in answer["captures"]], answer["trail_costs"]),
        table=table,
        card=card,
    )
    return captures


def _wrong_capture(replayed: Replayed, match: Match, table: list[str], card: str, what: str) -> list[str]:
    """The first table card ``card`` may not take alone (none: ``[]``), each verdict asked on the way."""
    screen = options_screen(match, table).hand
    for each in table:
        server = play_choices(match, screen, card, [each])
        verdict = server["verdict"]
        assert isinstance(verdict, Verdict)
        alternatives = [format_cards(cards) for cards in verdict.alternatives]
        replayed.ask(
            "choices",
            f"{what}: the verdict on {each}",
            (verdict.legal, verdict.code, alternatives, server["reason"]),
            _verdict,
            table=table,
            card=card,
            taken=[each],
        )
        if not verdict.legal:
            return [each]
    return []


def _refusal(
    replayed: Replayed,
    hand: Hand,
    setup: Json,
    log: list[Json],
    play: Json,
    seq: int,
    who: Who,
    what: str,
) -> int:
    """An illegal play refused by the phone as the server refuses it: code, facts, rule, legal
    alternatives and the words the match screen shows."""
    with pytest.raises(RuleViolation) as raised:
        hand_play_record(
            hand=hand, seat=play["seat"], card=play["card"], taken=play["taken"], expected_seq=seq
        )
    error = raised.value
    facts = json.loads(json.dumps(error.facts))
    rule = refusal_rule(error.code, replayed.game)
    replayed.ask(
        "play",
        f"{what}: {play['card']} taking {' '.join(play['taken']) or 'nothing'} refused",
        (False, error.code, facts, rule, facts.get("alternatives", []), refusal(error, who)[0]),
        lambda answer: _refused(answer, who),
        setup=setup,
        log=list(log),
        play=play,
    )
    return 1


def _summary_ask(replayed: Replayed, match: Match, hand: Hand, setup: Json, who: Who) -> None:
    """A quick end-of-hand entry of 99 of everything, refused with every problem the server's live check
    (``summary_check``) words."""
    table = table_of(match)
    keys = [key for key in table.game.summary_keys(table.options) if key != "awards"]  # Twenty's list
    entries = [dict.fromkeys(keys, 99) for _ in table.sides]
    with pytest.raises(RuleViolation) as raised:
        summary_preview(match, hand, entries)
    error = raised.value
    texts = (
        problem_texts(error, who) if isinstance(error, SummaryInconsistent) else [violation_text(error, who)]
    )
    replayed.ask(
        "summary",
        f"hand {hand.number}: a quick entry of 99s",
        (error.code, texts),
        lambda answer: _summary_refused(answer, who),
        setup=setup,
        entries=entries,
    )


def _challenge(
    replayed: Replayed, hand: Hand, setup: Json, log: list[Json], play_seq: int, seq: int, what: str
) -> tuple[int, Json]:
    """The next seat challenges the latest play (Escoba ``manual_capture``, 3.2(g)); appended to ``log``."""
    seat = (log[-1]["seat"] + 1) % hand.match.player_count
    entry = {"seat": seat, "challenge_of": sum(1 for each in log if "card" in each) - 1}
    recorded = hand_challenge_record(hand=hand, seat=seat, play_seq=play_seq, expected_seq=seq)
    report = report_json(recorded.report)
    expected = (True, shown(hand.match, hand, recorded.report, recorded.plays))
    replayed.ask("play", f"{what}: challenged", expected, _accepted, setup=setup, log=list(log), play=entry)
    log.append(entry)
    return recorded.next_seq, report


def shown(match: Match, hand: Hand, report: HandReport, plays: Sequence[Play]) -> object:
    """What the match screen shows of the hand after ``plays``: the report, the cards seen and the
    one-tap plays (``web.screens.hand_view``, ``web.one_tap``)."""
    view = hand_view(match, hand, {}, [], draft=(report, tuple(plays)))
    one_tap = one_tap_plays(match, view.table, view.seen)
    return report_json(report), sorted(view.seen), one_tap if one_tap == EVERY_CARD else json.loads(one_tap)


def _shown(answer: Json) -> object:
    """The hand the phone's engine answered, its events without their words (in the browser it words them
    with the page's texts; tests/web/test_offline_words.py compares those with the server's)."""
    events = [
        {key: value for key, value in each.items() if key != "text"} for each in answer["report"]["events"]
    ]
    return {**answer["report"], "events": events}, answer["seen"], answer["one_tap"]


def _accepted(answer: Json) -> object:
    return answer["accepted"], _shown(answer) if answer["accepted"] else answer.get("error")


def _refused(answer: Json, who: Who) -> object:
    """A refusal's code, facts, rule and alternatives, and its words as the match screen shows them."""
    error = answer.get("error")
    if answer["accepted"] or not error:
        return answer["accepted"], error
    text = violation_text(Shown(error), who)
    return False, error["code"], error["facts"], error["rule"], error["alternatives"], text


def _summary_refused(answer: Json, who: Who) -> object:
    """A refused quick entry's code and its problems as the match screen words them."""
    error = answer.get("error")
    if not error:
        return answer
    problems = error.get("problems") or [error]
    return error["code"], [violation_text(Shown(problem), who) for problem in problems]


def _verdict(answer: Json) -> object:
    """The verdict's legality, code and alternatives, and its reason worded as the server words it."""
    verdict = answer.get("verdict") or {}
    if verdict.get("legal", True):
        reason = ""
    elif "reason" in verdict:
        reason = violation_text(Shown(verdict["reason"]))
    else:
        reason = verdict["message"] or ""
    return verdict.get("legal"), verdict.get("code"), verdict.get("alternatives"), reason


class Shown:
    """A refusal the phone got, with what ``violation_text`` reads."""

    def __init__(self, error: Json) -> None:
        self.code, self.template, self.facts = error["code"], error["template"], error["facts"]


def worded(game: str, rows: list[Json]) -> list[BreakdownRow]:
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
