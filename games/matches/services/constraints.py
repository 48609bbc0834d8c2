"""Which unique constraint a failed insert broke, by the constraint's name, on PostgreSQL and SQLite."""

from __future__ import annotations

from django.db import IntegrityError, models

SQLITE_UNIQUE = "UNIQUE constraint failed: "


def broken_constraint(error: IntegrityError, model: type[models.Model]) -> str | None:
    """The name of ``model``'s unique constraint that ``error`` reports; ``None`` for any other fault.

    PostgreSQL names the constraint in its diagnostics. SQLite names only the columns
    (``UNIQUE constraint failed: games_play.match_id, games_play.idempotency_key``): they are matched
    to the constraint of ``model`` over exactly those columns.
    """
    named = getattr(getattr(error.__cause__, "diag", None), "constraint_name", None)
    if isinstance(named, str):
        return named
    text = str(error)
    if not text.startswith(SQLITE_UNIQUE):
        return None
    meta = model._meta
    named_columns = {part.strip() for part in text.removeprefix(SQLITE_UNIQUE).split(",")}
    for constraint in meta.constraints:
        if isinstance(constraint, models.UniqueConstraint):
            fields = [field for field in meta.concrete_fields if field.name in constraint.fields]
            columns = {f"{meta.db_table}.{field.column}" for field in fields}
            if columns == named_columns:
                return constraint.name
    return None
