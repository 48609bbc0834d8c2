"""Escoba options and deal schedules (docs/rules/escoba.md A2 ``escoba``, E3, 3.2(e), A4-A5)."""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.cards import deck
from games.rules.game import EDITION, Options, OptionSpec, typed_options

OPTION_SPECS = (
    OptionSpec(key="capture", default="pair", allowed=("pair", "any", "fifteen"), rule="E5, 3.2(b), 3.2(f)"),
    OptionSpec(key="deal", default="classic", allowed=("classic", "scopone"), rule="E3, 3.2(e)"),
    OptionSpec(key="muerto", default=False, allowed=(False, True), rule="3.2(d)"),
    OptionSpec(key="manual_capture", default=False, allowed=(False, True), rule="3.2(g)"),
    OptionSpec(key="sevens", default="most_sevens", allowed=("most_sevens", "primera"), rule="3.2(c)"),
    OptionSpec(key="lead", default="after_dealer", allowed=("after_dealer", "dealer"), rule="3.2(a)"),
    OptionSpec(key="last_play_sweep", default=True, allowed=(True, False), rule="E7"),
    OptionSpec(key="capture_priority", default=False, allowed=(False, True), rule="3.2(b)"),
    OptionSpec(key="target", default=11, positive_int=True, rule="E10"),
    EDITION,
)

DECK = deck(faces=False)  # A-10 in four suits (docs/rules/escoba.md E1)
PLAYERS = (2, 3, 4, 5, 6)
TEAM_PLAYERS = (4, 6)  # {0,2} {1,3}; {0,3} {1,4} {2,5} (docs/rules/shared.md A4, A5)


@dataclass(frozen=True, slots=True)
class Deal:
    """How a hand is dealt: table cards, then cards to each player deal by deal, and cards left out."""

    table: int
    hands: tuple[int, ...]
    out: int = 0


# docs/rules/escoba.md E3: 4 table cards (5 with 5 players), 3 each until the pack is out; with 5 the last
# deal is 4.
CLASSIC = {
    2: Deal(4, (3,) * 6),
    3: Deal(4, (3,) * 4),
    4: Deal(4, (3,) * 3),
    5: Deal(5, (3, 4)),
    6: Deal(4, (3, 3)),
}
# docs/rules/escoba.md 3.2(e): no table; 2p two deals of 10; 3p 13 each, 1 out; 4p 10; 5p 8; 6p 6 each, 4 out.
SCOPONE = {
    2: Deal(0, (10, 10)),
    3: Deal(0, (13,), out=1),
    4: Deal(0, (10,)),
    5: Deal(0, (8,)),
    6: Deal(0, (6,), out=4),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class EscobaOptions:
    """The resolved options as typed values."""

    capture: str
    deal: str
    muerto: bool
    manual_capture: bool
    sevens: str
    lead: str
    last_play_sweep: bool
    capture_priority: bool
    target: int
    edition: int

    @classmethod
    def of(cls, resolved: Options) -> EscobaOptions:
        """Type the options that ``resolve_options`` has checked."""
        return typed_options(cls, OPTION_SPECS, resolved)

    def deal_for(self, players: int) -> Deal:
        """The deal schedule for ``players`` (checked against ``PLAYERS`` by the caller)."""
        return (SCOPONE if self.deal == "scopone" else CLASSIC)[players]
