"""Words several games share (docs/rules/shared.md): a game's presentation names them where it uses
them, so each is written and translated once."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

CARDS_TAKEN = _("Cards taken")
MOST_CARDS = _("Most cards")
SWEEPS = _("Sweeps")
SWEEP = _("sweep")
A_SWEEP = _("a sweep")
SWITCH = {True: _("yes"), False: _("no")}
"""The values of an option that is on or off."""

LEFTOVERS = _("Leftovers")
EARNED = _("Earned")
CREDITED = _("Credited")
TOTAL = _("Total")
"""The rows that close every breakdown: leftovers, and the total (Muerto's earned and credited)."""
