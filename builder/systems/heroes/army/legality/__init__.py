"""Army legality: one module per rules section, each a function of plain data.

:func:`check` runs them all on a resolved army and returns findings (problems with a
path inside the list, not yet a line and column).
"""

from __future__ import annotations

from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.roster import Roster
from builder.systems.heroes.army.totals import Totals, compute


def check(roster: Roster, totals: Totals | None = None) -> list[Finding]:
    """Every rule broken by the army, in the order of the rulebook's sections."""
    from builder.systems.heroes.army.legality import (aviation, deck, equipment, heroes, multiplayer, orders, points,
                                                      references, scenario, slots, support)

    totals = totals or compute(roster)
    findings: list[Finding] = []
    findings += references.check(roster)
    findings += points.check(roster, totals)
    findings += slots.check(roster)
    findings += heroes.check(roster)
    findings += orders.check(roster, totals)
    findings += deck.check(roster)
    findings += multiplayer.check(roster, totals)
    findings += scenario.check(roster)
    findings += support.check(roster)
    findings += aviation.check(roster)
    findings += equipment.check(roster)
    return findings
