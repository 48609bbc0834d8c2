"""Stored matches keep the rules they were played under (docs/rules/shared.md A5).

Edition 2 of the rules reference (docs/rules/shared.md A5) changed what some option values mean (Tablo ``leftovers: last_card``, Escoba ``sevens:
primera`` and ``manual_capture``, Twenty ``winner: over_twenty``, the quick-entry checks, Tamlin's time
limit). Every match stored before it is marked ``"edition": 1``, so its replay gives exactly what it
gave; new matches store the current edition with their resolved options.
"""

from django.db import migrations


def mark_edition_1(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    for match in Match.objects.only("pk", "options").iterator():
        if "edition" not in match.options:
            match.options = {**match.options, "edition": 1}
            match.save(update_fields=["options"])


def unmark_edition_1(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    for match in Match.objects.only("pk", "options").iterator():
        if match.options.get("edition") == 1:
            match.options = {key: value for key, value in match.options.items() if key != "edition"}
            match.save(update_fields=["options"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_hand_review"),
    ]

    operations = [
        migrations.RunPython(mark_edition_1, unmark_edition_1),
    ]
