"""The event's pages at 8 and 800 entrants for ``make bench`` (docs/events.md, "How big an event's pages
get"): the event page, the TV page and the standings API, each read by its club's director through the
whole stack (the test client, middleware included), with the time and the size of each answer.

Each event has four rounds of two-player tables written as rows (``tests.events.bulk``), the last one
still playing. Each read runs once untimed, then the median of five is printed; "cold" is one read
right after a result changed (nothing cached for the new version); CPU is this process's (the app's
own work, the database's and Redis's aside), steadier than the time on a shared machine. A play in an
open match then tells whether the pages' poll answers 204 (the event's version unchanged) or renders
again.
Goals: at 800 entrants, each answer under 200 KB and within 3x the 8-entrant time.
"""

from __future__ import annotations

from statistics import median
from time import perf_counter, process_time
from typing import Any

from benchmarks._django import django_setup, throwaway_database

SIZES = (8, 800)
READS = 5
GOAL_BYTES = 200 * 1024


def _read(client: Any, url: str) -> tuple[float, int, float]:
    """The time of one read, its size, and the CPU this process spent on it (the app's own work, which
    other work on a shared machine slows less than the time)."""
    start, cpu = perf_counter(), process_time()
    response = client.get(url, headers={"host": "localhost"})
    elapsed, spent = 1000 * (perf_counter() - start), 1000 * (process_time() - cpu)
    if response.status_code != 200:
        raise SystemExit(f"{url}: {response.status_code}")
    return elapsed, len(response.content), spent


def _pages(event: Any) -> dict[str, str]:
    return {
        "event page": f"/events/{event.pk}/",
        "TV page": f"/events/{event.pk}/tv/",
        "standings API": f"/api/v1/events/{event.pk}/standings/",
    }


def _finish_one(built: Any) -> None:
    """One more result: an open match finished (the event's version changes)."""
    from games.models import Match

    match = built.open_matches.pop()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, totals=[21, 3], winner=0)


def _line(entrants: int, label: str, warm: float, cpu: float, cold: float, size: int) -> None:
    mark = "" if size < GOAL_BYTES else "  (over 200 KB)"
    print(
        f"  {entrants:>4} entrants  {label:<14} {warm:7.1f} ms (CPU {cpu:6.1f} ms)  cold {cold:7.1f} ms"
        f"  {size / 1024:7.1f} KB{mark}"
    )


def _measure(entrants: int) -> dict[str, tuple[float, float]]:
    from django.db.models import F
    from django.test import Client

    from games.events.selectors import event_version
    from games.models import Match
    from tests.events.bulk import bulk_event

    built = bulk_event(entrants, username=f"bench-{entrants}")
    client = Client()
    client.force_login(built.director)
    client.get("/api/v1/players/", headers={"host": "localhost"})  # the first request's imports, untimed
    times: dict[str, tuple[float, float]] = {}
    for label, url in _pages(built.event).items():
        _finish_one(built)
        cold = _read(client, url)[0]
        runs = [_read(client, url) for _ in range(READS)]
        times[label] = median(run[0] for run in runs), median(run[2] for run in runs)
        _line(entrants, label, *times[label], cold, runs[0][1])
    before = event_version(built.event.pk)
    Match.objects.filter(pk=built.open_matches[0].pk).update(screen_version=F("screen_version") + 1)
    kept = "keeps" if event_version(built.event.pk) == before else "changes"
    print(f"  {entrants:>4} entrants  a play in an open match {kept} the event's version")
    return times


def main() -> None:
    django_setup()
    from django.db import connection

    print(f"Event pages ({connection.vendor}):")
    figures = {}
    for entrants in SIZES:
        with throwaway_database():
            figures[entrants] = _measure(entrants)
    small, big = figures[SIZES[0]], figures[SIZES[-1]]
    for label, (time, cpu) in big.items():
        ratio, cpu_ratio = time / small[label][0], cpu / small[label][1]
        goal = "met" if ratio <= 3 else "MISSED"
        print(
            f"  {label:<14} {SIZES[-1]} / {SIZES[0]} entrants: {ratio:5.1f}x, CPU {cpu_ratio:4.1f}x"
            f" (goal <= 3x: {goal})"
        )


if __name__ == "__main__":
    main()
