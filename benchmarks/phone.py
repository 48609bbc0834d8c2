"""The phone's requests next to the API's, in one process, on the same kind of hand: queries
and the median time of each, and each time as a share of the API play's measured in the same run
(the machine may be shared: the ratios are what to compare). "CPU" is this process's time alone
(Django, the rules, the templates), which a busy machine blurs less than the time waited.

Every round starts fresh Tablo and Escoba matches (outside the timed part) with a hand dealt and one
card played, then times, interleaved: a play, an undo and an Escoba challenge through the API (a token)
and through the web UI (a session, htmx); a poll that finds nothing new (204), the API's scoreboard and
hand reads revalidated by ETag (304), in full (200), and the capture options of a tapped card next to
the public ``/captures/``; a poll that finds a change, by the phone that renders the region and by
another phone served it from the cache. Goals: a poll or a revalidation that finds nothing new in at
most 2 queries and a fifth of the API play's time; a web write at most 1.5 times the API's in both;
capture options at most ``/captures/`` plus one query; the queries of a play, a challenge and a poll
pinned exactly (``PINNED``).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from time import perf_counter, process_time
from typing import Any
from urllib.parse import urlencode

from benchmarks._django import django_setup, throwaway_database

ROUNDS = 30
HTMX = {"HTTP_HX_REQUEST": "true"}
TABLE = ["10D", "2C", "7S", "5H"]
ESCOBA_TABLE = ["3C", "4D", "5H", "6S"]
SUMMARY = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
LATER = 3  # closed hands before the later hand's play


@dataclass
class Figures:
    """Per request: its query counts and times (seconds)."""

    queries: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # this process's

    def measure(self, label: str, request: Callable[[], Any], expected: int) -> Any:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        connection.queries_log.clear()  # a full log (9,000 queries) would count none
        with CaptureQueriesContext(connection) as captured:
            start, cpu = perf_counter(), process_time()
            response = request()
            self.times[label].append(perf_counter() - start)
            self.cpu[label].append(process_time() - cpu)
        self.queries[label].append(len(captured.captured_queries))
        assert response.status_code == expected, (label, response.status_code, response.content[:300])
        return response

    def ms(self, label: str) -> float:
        return 1000 * statistics.median(self.times[label])

    def cpu_ms(self, label: str) -> float:
        return 1000 * statistics.median(self.cpu[label])


def _bench() -> Figures:
    from django.contrib.auth.models import User
    from django.test import Client
    from rest_framework.authtoken.models import Token

    owner = User.objects.create_user("bench")
    api = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    web, other = Client(), Client()
    web.force_login(owner)
    other.force_login(owner)
    figures = Figures()
    for number in range(ROUNDS):
        _round(figures, owner, api, web, other, number)
    return figures


def _dealt(
    owner: Any, game: str, table: list[str], first: dict[str, Any], closed: int = 0, **options: object
) -> Any:
    """A new match with ``closed`` hands scored from counts, then a hand dealt and one card played
    (through the services)."""
    from games.matches.services.hands import hand_start, hand_summary_record
    from games.matches.services.matches import match_start
    from games.matches.services.plays import hand_play_record
    from games.models import Hand
    from games.people.services.players import player_create

    players = [player_create(name=name, by=owner) for name in ("Ana", "Bo")]
    match = match_start(game=game, players=players, by=owner, options=options)
    for number in range(closed):
        hand = hand_start(match=match, dealer=number % 2, table=table)
        hand_summary_record(hand=hand, entries=SUMMARY)
    hand = hand_start(match=match, dealer=closed % 2, table=table)
    hand_play_record(hand=Hand.objects.get(pk=hand.pk), seat=(closed + 1) % 2, expected_seq=0, **first)
    return match


def _round(figures: Figures, owner: Any, api: Any, web: Any, other: Any, number: int) -> None:
    from django.core.cache import cache

    from games.models import Match
    from games.screen_keys import READ, WRITE, screen_key
    from web.screens import screen_version

    tablo = {"card": "9C", "taken": []}
    a, b = (_dealt(owner, "tablo", TABLE, tablo) for _ in range(2))
    hand_a = f"/api/v1/matches/{a.pk}/hands/1/"
    play = {"seat": 0, "card": "3H", "expected_seq": 1}
    figures.measure(
        "API play",
        lambda: api.post(f"{hand_a}plays/", play | {"idempotency_key": f"p{number}"}, "application/json"),
        201,
    )
    form = {"hand": 1, "capture": "trail", "key": f"p{number}", **play}
    figures.measure("web play", lambda: _htmx_post(web, f"/matches/{b.pk}/play/", form), 200)
    figures.measure(
        "API undo", lambda: api.post(f"{hand_a}plays/undo/", {"expected_seq": 2}, "application/json"), 200
    )
    undo = {"hand": 1, "expected_seq": 2}
    figures.measure("web undo", lambda: _htmx_post(web, f"/matches/{b.pk}/undo/", undo), 200)

    e, f = (_dealt(owner, "tablo", TABLE, tablo, closed=LATER) for _ in range(2))
    later, number = {"seat": 1, "card": "3H", "expected_seq": 1}, LATER + 1
    figures.measure(
        f"API play, hand {number}",
        lambda: api.post(
            f"/api/v1/matches/{e.pk}/hands/{number}/plays/",
            later | {"idempotency_key": f"l{number}"},
            "application/json",
        ),
        201,
    )
    form = {"hand": number, "capture": "trail", "key": f"l{number}", **later}
    figures.measure(f"web play, hand {number}", lambda: _htmx_post(web, f"/matches/{f.pk}/play/", form), 200)

    escoba = {"card": "7H", "taken": ["5H"]}  # wrong, and it stands (manual capture)
    c, d = (_dealt(owner, "escoba", ESCOBA_TABLE, escoba, manual_capture=True) for _ in range(2))
    challenge = {"seat": 0, "play_seq": 0, "expected_seq": 1}
    figures.measure(
        "API challenge",
        lambda: api.post(
            f"/api/v1/matches/{c.pk}/hands/1/challenges/",
            challenge | {"idempotency_key": f"c{number}"},
            "application/json",
        ),
        201,
    )
    form = {"hand": 1, "key": f"c{number}", **challenge}
    figures.measure("web challenge", lambda: _htmx_post(web, f"/matches/{d.pk}/challenge/", form), 200)

    version = screen_version(Match.objects.get(pk=b.pk))
    live = f"/matches/{b.pk}/live/"
    key = screen_key(b.pk, READ)  # as the screen gives it
    figures.measure("poll, nothing new (204)", lambda: web.get(live, {"v": version, "k": key}, **HTMX), 204)
    # The other phones of a table asking after a play, on a hand after LATER closed ones, are served
    # from the cache the region the play's answer rendered for its version ("cached"); were it gone
    # (expired, another language), the first to ask renders it ("rendered").
    live, vals = f"/matches/{f.pk}/live/", {"v": "old", "k": screen_key(f.pk, READ)}
    figures.measure("poll, changed, cached (200)", lambda: other.get(live, vals, **HTMX), 200)
    cache.clear()
    figures.measure("poll, changed, rendered (200)", lambda: web.get(live, vals, **HTMX), 200)
    for name, path in (("scoreboard", "scoreboard/"), ("hand", "hands/1/")):
        _revalidated(figures, api, name, f"/api/v1/matches/{a.pk}/{path}")
    options = {"card": "7H", "table": " ".join(TABLE), "k": screen_key(b.pk, WRITE)}
    figures.measure(
        "web capture options", lambda: web.get(f"/matches/{b.pk}/play/options/", options, **HTMX), 200
    )
    body = {"table": TABLE, "card": "7H", "limit": 8}
    figures.measure(
        "API /captures/", lambda: api.post("/api/v1/rules/tablo/captures/", body, "application/json"), 200
    )


def _htmx_post(web: Any, url: str, form: dict[str, Any]) -> Any:
    """A form sent as htmx sends it: URL-encoded (the test client's default is multipart)."""
    return web.post(url, urlencode(form), "application/x-www-form-urlencoded", **HTMX)


def _revalidated(figures: Figures, api: Any, name: str, url: str) -> None:
    """An API read in full, then again with its ETag."""
    tag = figures.measure(f"API {name} (200)", lambda: api.get(url), 200)["ETag"]
    figures.measure(f"API {name}, ETag (304)", lambda: api.get(url, HTTP_IF_NONE_MATCH=tag), 304)


Goal = tuple[str, int, float, str, float]
# Queries pinned, exactly (tests/web/test_phone_costs.py counts the same): a play and a challenge (their
# idempotency key found among the plays they read under the hand's lock), a poll that finds nothing new,
# one that finds the region rendered for its version by the play's answer, and one that renders it. The
# web's session is read from Redis; without REDIS_URL its row is one query more (``SIGNED_IN``).
PINNED = {
    "API play": 9,
    "web play": 10,
    f"web play, hand {LATER + 1}": 11,  # and the closed hands' reports, for the region's score sheet
    "API challenge": 9,
    "web challenge": 10,
    "poll, nothing new (204)": 1,
    "poll, changed, cached (200)": 3,
    "poll, changed, rendered (200)": 7,
}
SIGNED_IN = {
    "web play",
    f"web play, hand {LATER + 1}",
    "web challenge",
    "poll, changed, cached (200)",
    "poll, changed, rendered (200)",
}


def _goals(figures: Figures) -> list[Goal]:
    """(request, its queries, at most, compared with, at most this share of its time; 0: no time goal)."""
    most = {label: max(counts) for label, counts in figures.queries.items()}
    unchanged = ("poll, nothing new (204)", "API scoreboard, ETag (304)", "API hand, ETag (304)")
    goals: list[Goal] = [(label, most[label], 2, "API play", 0.2) for label in unchanged]
    for write in ("play", "undo", f"play, hand {LATER + 1}", "challenge"):
        goals.append((f"web {write}", most[f"web {write}"], 1.5 * most[f"API {write}"], f"API {write}", 1.5))
    goals.append(("web capture options", most["web capture options"], most["API /captures/"] + 1, "", 0))
    return goals


def _report(figures: Figures) -> None:
    from django.conf import settings

    play, play_cpu = figures.ms("API play"), figures.cpu_ms("API play")
    print(f"  {'request':<32} {'queries':>7} {'median':>9} {'x API play':>10} {'CPU':>9} {'x API play':>10}")
    for label in figures.times:
        queries, ms, cpu = max(figures.queries[label]), figures.ms(label), figures.cpu_ms(label)
        print(
            f"  {label:<32} {queries:>7} {ms:6.2f} ms {ms / play:9.2f}x {cpu:6.2f} ms {cpu / play_cpu:9.2f}x"
        )
    print("  goals:")
    for label, queries, allowed, base, share in _goals(figures):
        texts, met = [f"{queries} queries (at most {allowed:g})"], bool(queries <= allowed)
        if share:
            ratio = figures.ms(label) / figures.ms(base)
            cpu = figures.cpu_ms(label) / figures.cpu_ms(base)
            texts.append(f"{ratio:.2f}x the {base}'s time, {cpu:.2f}x its CPU (at most {share:g}x)")
            met = met and ratio <= share
        print(f"    {label:<30} {', '.join(texts)}: {'met' if met else 'MISSED'}")
    print("  pinned queries:")
    session_row = int(settings.REDIS is None)
    for label, pinned in PINNED.items():
        pinned += session_row if label in SIGNED_IN else 0
        counts = sorted(set(figures.queries[label]))
        verdict = "met" if counts == [pinned] else "MISSED"
        print(f"    {label:<30} {'/'.join(map(str, counts))} (exactly {pinned}): {verdict}")


def main() -> None:
    django_setup()
    from django.conf import settings
    from django.db import connection

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    print(f"The phone's requests next to the API's ({connection.vendor}, {ROUNDS} rounds, medians)")
    with throwaway_database():
        _report(_bench())


if __name__ == "__main__":
    main()
