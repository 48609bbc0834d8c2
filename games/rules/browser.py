"""The engine's face for the phone: the calls ``static/js/engine_worker.js`` makes inside Pyodide.

Each call takes a JSON text and answers one; :func:`answer` dispatches by name. Every call is the
engine's own functions, the ones the server calls for the same hand, so what the phone shows offline
is what the server would answer. Cards travel as canonical texts, setups and logs as
:mod:`games.rules.records` writes them; a refusal travels as its ``code``, its English ``message``, its
``template`` and ``facts`` and the ``rule`` it cites; asked with the page's texts, each answer comes
worded too (:func:`worded`), by the wording the server runs (:mod:`games.rules.wording`).

The payloads: ``game`` and ``options`` (the match's), with

- ``hand``: ``setup`` and ``log``: where the hand stands (its report; once complete, its breakdown's
  rows), the cards seen and the one-tap plays;
- ``choices``: ``table``, ``card`` and ``taken``: a tapped card's captures and the verdict on the cards
  ticked by hand (``web.views.hands.play_choices``);
- ``play``: ``setup``, ``log`` and ``play`` (a play or a challenge): accepted with the hand after it,
  or refused;
- ``summary``: ``setup`` and ``entries``: a quick end-of-hand entry scored, or every problem with it;
- ``next_dealer``: ``players``, ``previous`` (the last hand's dealer, ``None`` before the first) and
  ``first_dealer``;
- ``match``: ``sides``, ``hands`` (the finished hands' reports) and ``time_up``: where the match stands.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.rules.breakdown import hand_rows
from games.rules.capture.capturing import Capture, Verdict, capture_check
from games.rules.cards import format_cards
from games.rules.choices import card_choices, one_tap_plays
from games.rules.errors import (
    CaptureIllegal,
    CodedError,
    RuleViolation,
    SummaryInconsistent,
)
from games.rules.game import Game, HandReport, HandSetup, LogEntry
from games.rules.records import entry_of, jsonable, report_json, report_of, setup_of
from games.rules.registry import GAMES, find_game, refusal_rule
from games.rules.wording import PageWords, event_text, page_words, problem_of, row_text, violation_text

Json = dict[str, Any]


def games(_: Json) -> Json:
    """The games this engine knows (a first call to see it answer)."""
    return {"games": sorted(GAMES)}


def hand(payload: Json) -> Json:
    """Where a hand stands after its log: the report (its table, next seat, live events, complete or
    not), once complete the breakdown's rows, the cards seen so far and the one-tap plays."""
    game, options = find_game(payload["game"]), payload.get("options") or {}
    setup, log = setup_of(payload["setup"]), [entry_of(entry) for entry in payload.get("log", ())]
    return _hand_json(game, options, setup, log, game.replay_hand(setup, log, options))


def _hand_json(
    game: Game, options: Mapping[str, object], setup: HandSetup, log: Sequence[LogEntry], report: HandReport
) -> Json:
    seen = {*format_cards(setup.table), *format_cards(setup.set_aside)}
    seen |= {str(entry.card) for entry in log if entry.card is not None}
    return {
        "report": report_json(report),
        "rows": _rows(game, options, report) if report.complete else [],
        "seen": sorted(seen),
        "one_tap": one_tap_plays(game.name, options, report.table, seen),
    }


def _rows(game: Game, options: Mapping[str, object], report: HandReport) -> list[Json]:
    return [row.as_json() for row in hand_rows(game.name, options, report)]


def choices(payload: Json) -> Json:
    """A tapped card's captures, best first, whether its trail costs a point, and the verdict on the
    cards ticked by hand, as ``play_choices`` gives them on the server; an ``error`` where it shows
    one (captures listed before it are kept)."""
    game, options = payload["game"], payload.get("options") or {}
    table, card, taken = list(payload.get("table", ())), payload["card"], list(payload.get("taken", ()))
    found = card_choices(game, options, table, card)
    listed = found.captures
    answer: Json = {
        "captures": [_capture_json(capture) for capture in listed.captures],
        "count": listed.count,
        "complete": listed.complete,
        "exact": listed.exact,
        "trail_costs": found.trail_costs,
    }
    if taken:
        try:
            answer["verdict"] = _verdict_json(
                game, capture_check(game, table, card, taken, options), card, taken
            )
        except RuleViolation as violation:
            answer["error"] = error_json(violation, game)
    return answer


def _capture_json(capture: Capture) -> Json:
    return {
        "cards": format_cards(capture.cards),
        "sweep": capture.sweep,
        "points": capture.points,
        "groups": [format_cards(group) for group in capture.groups],
    }


def _verdict_json(game: str, verdict: Verdict, card: str, taken: Sequence[str]) -> Json:
    """A verdict; an illegal capture's ``reason`` is the error ``verdict_reason`` words on the server."""
    answer: Json = {
        "legal": verdict.legal,
        "groups": [format_cards(group) for group in verdict.groups],
        "sweep": verdict.sweep,
        "code": verdict.code,
        "message": verdict.message,
        "alternatives": [format_cards(cards) for cards in verdict.alternatives],
        "rule": refusal_rule(verdict.code, game),
    }
    if verdict.code == CaptureIllegal.code:
        answer["reason"] = error_json(CaptureIllegal(card=card, taken_text=list(taken)), game)
    return answer


def play(payload: Json) -> Json:
    """``play`` (a play or a challenge) after the hand's ``log``: ``accepted`` with the hand as
    :func:`hand` gives it, or refused with the ``error``."""
    game, options = find_game(payload["game"]), payload.get("options") or {}
    setup = setup_of(payload["setup"])
    log = [*(entry_of(entry) for entry in payload.get("log", ())), entry_of(payload["play"])]
    try:
        report = game.replay_hand(setup, log, options)
    except RuleViolation as violation:
        return {"accepted": False, "error": error_json(violation, game.name)}
    return {"accepted": True, **_hand_json(game, options, setup, log, report)}


def summary(payload: Json) -> Json:
    """A quick end-of-hand entry scored (the report and the breakdown's rows), or ``error`` with every
    ``problem`` at once (the server's live check, ``web.views.hands.summary_check``)."""
    game, options = find_game(payload["game"]), payload.get("options") or {}
    try:
        report = game.score_summary(setup_of(payload["setup"]), payload["entries"], options)
    except RuleViolation as violation:
        return {"error": error_json(violation, game.name)}
    return {"report": report_json(report), "rows": _rows(game, options, report)}


def next_dealer(payload: Json) -> Json:
    """Who deals the next hand: hand 1 the match's ``first_dealer``, then the deal passes as the game
    says (docs/rules/shared.md A4; ``games.matches.replay.next_dealer`` on the server)."""
    previous = payload.get("previous")
    if previous is None:
        return {"dealer": payload.get("first_dealer", 0)}
    game = find_game(payload["game"])
    return {"dealer": game.next_dealer(previous, payload["players"], payload.get("options") or {})}


def match(payload: Json) -> Json:
    """Where the match stands after its finished hands: totals, target, finished, winner, draw and the
    game's extra (its progress to the target and its end)."""
    game = find_game(payload["game"])
    hands = [report_of(fields) for fields in payload.get("hands", ())]
    status = game.match_status(
        hands, payload["sides"], payload.get("options") or {}, bool(payload.get("time_up"))
    )
    return {
        "totals": list(status.totals),
        "target": status.target,
        "finished": status.finished,
        "winner": status.winner,
        "draw": status.draw,
        "extra": jsonable(status.extra),
    }


def error_json(error: CodedError, game: str = "") -> Json:
    """A refusal as the phone words it: ``code``, English ``message``, ``template`` and ``facts`` (as
    ``games.messages.violation_text`` fills them), the ``rule`` it cites and, for a capture refused,
    the legal ``alternatives``; a summary's ``problems`` each with its own code, template and facts."""
    facts = {key: jsonable(value) for key, value in error.facts.items()}
    answer: Json = {
        "code": error.code,
        "message": error.message,
        "template": error.template,
        "facts": facts,
        "rule": refusal_rule(error.code, game),
        "alternatives": facts.get("alternatives", []),
    }
    if isinstance(error, SummaryInconsistent):
        answer["problems"] = [_problem_json(problem) for problem in facts.get("problems", ())]
    return answer


def _problem_json(problem: Mapping[str, Any]) -> Json:
    template, facts = problem_of(problem)
    return {"code": problem["code"], "message": problem["message"], "template": template, "facts": facts}


CALLS: dict[str, Callable[[Json], Json]] = {
    "games": games,
    "hand": hand,
    "choices": choices,
    "play": play,
    "summary": summary,
    "next_dealer": next_dealer,
    "match": match,
}


def answer(name: str, payload: str, texts: str = "") -> str:
    """The answer of call ``name`` to ``payload`` (both JSON); an unknown call, or a payload the engine
    refuses (a bad setup, a bad card), answers an ``error``. Given the page's ``texts`` (JSON, see
    :func:`worded`), the answer comes in the reader's words too."""
    call = CALLS.get(name)
    if call is None:
        return json.dumps({"error": {"code": "engine.unknown_call", "message": f"No engine call {name!r}."}})
    try:
        result = call(json.loads(payload))
    except RuleViolation as violation:
        result = {"error": error_json(violation)}
    except (KeyError, TypeError, ValueError, AttributeError) as bad:
        return json.dumps(
            {"error": {"code": "engine.bad_payload", "message": f"Bad payload for {name}: {bad!r}."}}
        )
    return json.dumps(worded(result, page_words(texts)) if texts else result)


def worded(result: Json, words: PageWords) -> Json:
    """``result`` with its words, as the server words the same (:mod:`games.rules.wording`): each refusal
    (``error``, a verdict's ``reason``) and each of a summary's ``problems`` gets its ``text``, each of
    the breakdown's ``rows`` its ``worded`` row, each of the report's ``events`` its ``text``."""
    who = words.who
    for error in (result.get("error"), result.get("verdict", {}).get("reason")):
        if isinstance(error, dict) and "template" in error:
            for each in (error, *error.get("problems", ())):
                each["text"] = violation_text(each["template"], each["facts"], words, who)
    for row in result.get("rows", ()):
        row["worded"] = row_text(row, words)
    for event in result.get("report", {}).get("events", ()):
        event["text"] = event_text(event["kind"], event["side"], event["points"], who.sides, words)
    return result
