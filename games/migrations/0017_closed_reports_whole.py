"""Closed hands keep their whole report in ``Hand.report``, sides included (as ``report_json`` writes
them): the sides, until now only in the ``HandScore`` rows, are copied in."""

from itertools import groupby
from operator import itemgetter

from django.db import migrations

BATCH = 500


def sides_in(apps, schema_editor):  # type: ignore[no-untyped-def]  # Django passes the historical apps
    Hand = apps.get_model("games", "Hand")
    HandScore = apps.get_model("games", "HandScore")
    Seat = apps.get_model("games", "Seat")
    closed = Hand.objects.filter(closed_at__isnull=False).exclude(report__has_key="sides").order_by("pk")
    while batch := list(closed[:BATCH]):
        matches = {hand.match_id for hand in batch}
        seats: dict[tuple[int, int], list[int]] = {}
        for match, side, number in (
            Seat.objects.filter(match_id__in=matches)
            .order_by("match_id", "side__index", "number")
            .values_list("match_id", "side__index", "number")
        ):
            seats.setdefault((match, side), []).append(number)
        scores = (
            HandScore.objects.filter(hand__in=batch)
            .order_by("hand_id", "side")
            .values("hand_id", "side", "cards", "sweeps", "points", "total")
        )
        by_hand = {pk: list(rows) for pk, rows in groupby(scores, key=itemgetter("hand_id"))}
        for hand in batch:
            hand.report = {
                **hand.report,
                "sides": [
                    {
                        "seats": seats.get((hand.match_id, row["side"]), []),
                        "cards": row["cards"],
                        "sweeps": row["sweeps"],
                        "points": row["points"],
                        "total": row["total"],
                    }
                    for row in by_hand.get(hand.pk, [])
                ],
            }
        Hand.objects.bulk_update(batch, ["report"])


class Migration(migrations.Migration):
    dependencies = [("games", "0016_audit_log")]

    operations = [migrations.RunPython(sides_in, migrations.RunPython.noop)]
