"""What the director's repair page of a round shows (docs/events.md, "Repairing a round"): its tables,
which have started (a repair keeps them), its byes, the players a swap may move, and which repairs
the round still allows. The repairs themselves are :mod:`games.events.repair`'s."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.events.models import Event
from games.events.selectors import entry_names, round_find, round_last_number, tables_started


@dataclass(frozen=True, slots=True, kw_only=True)
class RepairTable:
    """A table on the repair page: its sides and whether play has started."""

    number: int
    sides: tuple[str, ...]
    started: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class RepairView:
    """A round as its repair page shows it, and what may be done to it."""

    number: int
    is_last: bool  # only the last round is repaired
    round_robin: bool  # its rounds follow the schedule: swaps only
    tables: tuple[RepairTable, ...]
    byes: tuple[str, ...]
    movable: tuple[tuple[int, str], ...]  # (player, "name: where") of unstarted tables and byes

    @property
    def started(self) -> tuple[int, ...]:
        """The numbers of the tables where play has started."""
        return tuple(table.number for table in self.tables if table.started)

    @property
    def can_withdraw(self) -> bool:
        """The last round may be withdrawn while no table has started."""
        return self.is_last and not self.started

    @property
    def can_repair(self) -> bool:
        """The last round may be repaired, but not in a round robin, while a table has not started."""
        return self.is_last and not self.round_robin and len(self.started) < len(self.tables)

    @property
    def can_swap(self) -> bool:
        """The last round's players may be swapped while two can move."""
        return self.is_last and len(self.movable) > 1


def repair_view(event: Event, number: int) -> RepairView | None:
    """Round ``number`` as its repair page shows it (``None``: no such round)."""
    played = round_find(event=event, number=number)
    if played is None:
        return None
    names = entry_names(event=event)
    tables = list(played.tables.all())
    started = set(tables_started(tables=tables))
    rows = tuple(
        RepairTable(
            number=table.number,
            sides=tuple(" & ".join(names.get(player, "?") for player in side) for side in table.sides),
            started=table.number in started,
        )
        for table in tables
    )
    byes = [bye.player_id for bye in played.byes.all()]
    where = _("table %(table)s")
    movable = [
        (player, f"{names.get(player, '?')}: {where % {'table': table.number}}")
        for table in tables
        if table.number not in started
        for player in table.players
    ]
    movable += [(player, f"{names.get(player, '?')}: {_('bye')}") for player in byes]
    return RepairView(
        number=number,
        is_last=round_last_number(event=event) == number,
        round_robin=event.format == Event.Format.ROUND_ROBIN,
        tables=rows,
        byes=tuple(names.get(player, "?") for player in byes),
        movable=tuple(movable),
    )


class SwapForm(forms.Form):
    """Two players of the round's unstarted tables (or byes) to swap."""

    first = forms.TypedChoiceField(label=gettext_lazy("First player"), coerce=int)
    second = forms.TypedChoiceField(label=gettext_lazy("Second player"), coerce=int)

    def __init__(self, *args: Any, movable: tuple[tuple[int, str], ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The first and the last player to start from: two tables (or a table and a bye).
        starts = (movable[0][0], movable[-1][0]) if movable else (None, None)
        for name, start in zip(("first", "second"), starts, strict=True):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = [(str(player), label) for player, label in movable]
            field.initial = start

    def clean(self) -> dict[str, Any]:
        """Refuse a player swapped with themselves."""
        data = super().clean() or {}
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose two different players."))
        return data

    def players(self) -> list[int]:
        """The two players to swap."""
        return [self.cleaned_data["first"], self.cleaned_data["second"]]


def rematch_names(pairs: tuple[tuple[int, int], ...], names: Mapping[int, str]) -> str:
    """The pairs that meet again, in words."""
    return ", ".join(" vs ".join(names.get(player, "?") for player in pair) for pair in pairs)
