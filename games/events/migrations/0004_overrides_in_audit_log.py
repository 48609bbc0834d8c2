"""The director's overrides recorded before the audit log, brought into it (each in its table's match
chain), oldest first."""

from typing import Any

from django.db import migrations

from games.migrations._chain_backfill import Chain, entry


def overrides_into_log(apps: Any, schema_editor: Any) -> None:  # noqa: ANN401
    ResultOverride = apps.get_model("events", "ResultOverride")
    Match = apps.get_model("games", "Match")
    earlier: dict[int, Any] = {}
    for override in ResultOverride.objects.select_related("table__round__event", "by").order_by("at", "pk"):
        table = override.table
        match = Match.objects.get(pk=table.match_id)
        previous = earlier.get(table.pk)
        before = (
            {"source": "match", "winner": match.winner, "draw": match.draw, "status": match.status}
            if previous is None
            else {"source": "override", "winner": previous.winner, "places": previous.places}
        )
        links = Chain(apps, match)
        entry(
            apps,
            links,
            at=override.at,
            by=override.by,
            action="table.result_overridden",
            object_type="resultoverride",
            object_id=str(override.pk),
            object_name=f"override of table {table.number} of round {table.round.number} of {table.round.event.name}",
            before=before,
            after={"source": "override", "winner": override.winner, "places": override.places},
            match=match,
            club_id=table.round.event.club_id,
        )
        links.save()
        earlier[table.pk] = override


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0003_pairing_job"),
        ("games", "0016_audit_log"),
    ]

    operations = [migrations.RunPython(overrides_into_log, migrations.RunPython.noop)]
