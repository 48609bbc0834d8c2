"""Nothing that changes who may do what, or a result that counts, is written without its record
(docs/audit.md): this walks every public function of every service module and requires that it reach
``audit_record`` or ``chain_append`` (itself, or through the functions it calls in the services), or be
listed in ``UNRECORDED`` with the reason it changes neither access nor a counted result.

A new service module is walked as soon as it exists (``SERVICE_MODULES`` globs them). A new service
either records (``audit_record(by=..., action=..., object=..., before=..., after=..., match=..., club=...)``
in its transaction) or goes into ``UNRECORDED`` with its reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVICE_MODULES = sorted(
    {
        *ROOT.glob("games/*/services.py"),
        *ROOT.glob("games/*/repair.py"),  # the events' repairs of a round
        *ROOT.glob("games/*/services/*.py"),
        *ROOT.glob("*/services/*.py"),  # another app's services, beside games/
    }
    - {*ROOT.glob(".venv/**/*.py")}
)
RECORDERS = {"audit_record", "chain_append"}

DERIVED = "derived: recomputed from the chained record (plays, summaries, entries), never a source of it"
READ = "reads or computes; writes nothing"
MACHINERY = "the log's own machinery"
UNRECORDED: dict[str, str] = {
    # the log itself
    "games.audit.services.chain_store": MACHINERY,
    # no access and no result
    "games.people.services.players.player_create": (
        "a new player belongs to its account, or (a guest) to its creator alone: nobody else's access "
        "changes, and it counts in nothing until seated (match.started, entry.added record that)"
    ),
    "games.clubs.services.clubs.season_create": "an empty season: its matches and events record themselves",
    "games.idempotency.services.idempotent_requests_prune": "drops stored answers to retries, not records",
    "games.matches.services.matches.match_draft": (
        "builds an unsaved match for the form's preview; stores nothing"
    ),
    # derived results and bookkeeping
    "games.matches.services.hands.hand_close": (
        "the engine closes a hand whose chained plays are over; its scores are derived from them"
    ),
    "games.matches.services.rescoring.match_rescore": DERIVED,
    "games.matches.services.rescoring.store_status": DERIVED,
    "games.matches.services.versions.match_version_bump": (
        "a counter for polls (it stores the chain's head that a caller appended)"
    ),
    "games.matches.services.versions.event_version_bump": (
        "a counter for polls; its caller records the change"
    ),
    "games.matches.services.versions.match_result_changed": "writes nothing: the open event screens are told",
    "games.matches.services.followups.followups_schedule": DERIVED,
    "games.matches.services.followups.followups_send": DERIVED,
    "games.matches.services.followups.followups_asked": READ,
    "games.matches.services.followups.followups_done": DERIVED,
    "games.matches.services.followups.followups_resend": DERIVED,
    "games.stats.services.stats_refresh_for_match": DERIVED,
    "games.stats.services.ratings_refresh": DERIVED,
    "games.stats.services.ratings_rebuild": DERIVED,
    "games.stats.services.stats_rebuild": DERIVED,
    "games.stats.services.rebuild_scopes": READ,
    # demo data goes through the recording services
    "games.matches.services.demo.random_setup": READ,
    "games.matches.services.demo.random_play": READ,
    # reads, checks and helpers that services call
    "games.matches.services.constraints.broken_constraint": READ,
    "games.matches.services.hands.summary_pending": READ,
    "games.matches.services.invitations.guest_seat_get": READ,
    "games.matches.services.locks.match_lock": "locks and checks; the write that follows records",
    "games.matches.services.locks.hand_lock": "locks and checks; the write that follows records",
    "games.people.services.names.clean_name": READ,
    "games.people.services.names.name_key": READ,
    "games.matches.services.plays.play_content": READ,
    "games.matches.services.plays.state_facts": READ,
    "games.matches.services.seating.handle_of": READ,
    "games.matches.services.seating.seat_key": READ,
    "games.matches.services.seating.seating_known": READ,
    "games.events.services.table_sizes": READ,
    "games.events.services.event_settings": READ,
    "games.events.services.round_seed": READ,
    "games.events.services.round_next": READ,
    "games.events.services.round_entrants": READ,
    "games.events.services.round_plan": READ,
    "games.events.services.result_facts": READ,
    "games.events.services.event_locked": "locks and checks; the write that follows records",
    "games.events.services.pairing_free": (
        "checks; a job found lost is failed, which frees the event for a pairing that records itself"
    ),
    "games.events.services.pairing_job_fail": (
        "a pairing job's status: nothing counts until its round is published (round.published)"
    ),
    "games.clubs.services.invitations.club_invitation_check": READ,
    "games.people.services.accounts.email_change_request": (
        "an address waiting for its link changes nothing until verified (account.email_verified)"
    ),
    "games.people.services.accounts.mail_send_later": "sends a mail; writes nothing",
    "games.people.services.accounts.mail_send_now": "sends a mail; writes nothing",
}


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _functions() -> dict[str, tuple[ast.FunctionDef, dict[str, str]]]:
    """Every top-level function of the service modules by dotted name, with the names it may call
    resolved: the module's own functions and those it imports from other service modules."""
    found: dict[str, tuple[ast.FunctionDef, dict[str, str]]] = {}
    for path in SERVICE_MODULES:
        module = _module_name(path)
        tree = ast.parse(path.read_text())
        names: dict[str, str] = {}
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, ast.FunctionDef):
                names[node.name] = f"{module}.{node.name}"
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                found[f"{module}.{node.name}"] = (node, names)
    return found


def _calls(function: ast.FunctionDef) -> Iterator[str]:
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            yield node.func.id


def _records(name: str, functions: dict[str, tuple[ast.FunctionDef, dict[str, str]]]) -> bool:
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen or current not in functions:
            continue
        seen.add(current)
        node, names = functions[current]
        for called in _calls(node):
            if called in RECORDERS:
                return True
            if called in names:
                todo.append(names[called])
    return False


def test_the_walk_finds_the_services() -> None:
    functions = _functions()
    assert "games.matches.services.plays.hand_play_record" in functions
    assert "games.events.services.table_result_set" in functions
    # it follows calls between service modules, and tells a silent one
    assert _records("games.matches.services.matches.matches_archive", functions)  # through match_abandon
    assert _records("games.matches.services.seating.match_start_seating", functions)  # through match_start
    assert not _records("games.matches.services.rescoring.match_rescore", functions)


def test_every_service_records_or_says_why_not() -> None:
    functions = _functions()
    public = [name for name in functions if not name.rsplit(".", 1)[1].startswith("_")]
    silent = [
        name
        for name in public
        if name not in UNRECORDED
        and name.rsplit(".", 1)[1] not in RECORDERS
        and not _records(name, functions)
    ]
    assert silent == [], "record these with audit_record, or list them in UNRECORDED with the reason"


def test_the_list_of_unrecorded_writes_is_current() -> None:
    functions = _functions()
    stale = [name for name in UNRECORDED if name not in functions]
    assert stale == [], "these are no longer services"
    recording = [name for name in UNRECORDED if _records(name, functions) and UNRECORDED[name] != MACHINERY]
    assert recording == [], "these record now: take them off UNRECORDED"
