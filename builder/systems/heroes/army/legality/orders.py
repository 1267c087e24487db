"""Order, special order and bluff tokens (000 core rules, Action! > Orders Phase;
Recruitment Options > Hardened, Planning, Battle Plan, Bluff; Multiplayer Rules >
2-vs-1 and 3-vs-1 games).

Printed stars beyond ten are simply lost (a warning); buying an option whose token the
army can never hold (an eleventh order, a third special order, a third bluff) is an
illegal purchase. An alliance shares one pool with the same limits.
"""

from __future__ import annotations

from typing import Iterator

from builder.systems.heroes.army import effects
from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import Roster
from builder.systems.heroes.army.totals import MAX_BLUFFS, MAX_ORDERS, MAX_SPECIAL_ORDERS, Totals
from builder.diagnostics import Severity, define_code

A_ORDERS = define_code("A410", "options give order tokens beyond the limit of 10")
A_SPECIAL = define_code("A411", "more than 2 special orders")
A_BLUFFS = define_code("A412", "more than 2 bluff tokens")
A_STARS_LOST = define_code("A429", "printed stars beyond 10 order tokens are lost")


def _last(roster: Roster, attribute: str):
    """The last option of the list that gives a token of this kind (the one to drop)."""
    found = [o for o in roster.options() if getattr(effects, attribute)(o.option)]
    return found[-1] if found else None


def check(roster: Roster, totals: Totals) -> Iterator[Finding]:
    who = "the alliance" if roster.is_alliance else "the army"
    limit_rule = rules.ALLIANCE_LIMITS if roster.is_alliance else rules.ORDER_TOKENS
    printed = totals.stars - totals.stars_from_options
    if totals.stars > MAX_ORDERS and totals.stars_from_options:
        last = _last(roster, "stars")
        wasted = min(totals.stars - MAX_ORDERS, totals.stars_from_options)
        yield Finding(A_ORDERS, f"{who} counts {totals.stars} stars; order tokens stop at {MAX_ORDERS}, so "
                      f"{wasted} bought from options can never be used", last.loc if last else ("name",),
                      rule=rules.HARDENED,
                      hint=f"drop '{last.name if last else 'an option'}' and spend the points elsewhere")
    elif printed > MAX_ORDERS:
        yield Finding(A_STARS_LOST, f"{who} counts {printed} printed stars; only {MAX_ORDERS} order tokens exist",
                      ("name",), rule=limit_rule, severity=Severity.WARNING,
                      hint="the extra stars are lost; nothing to fix unless you want the points back")
    if totals.special_orders > MAX_SPECIAL_ORDERS:
        last = _last(roster, "special_orders")
        yield Finding(A_SPECIAL, f"{who} would get {totals.special_orders} special orders; never more than "
                      f"{MAX_SPECIAL_ORDERS}", last.loc if last else ("name",), rule=rules.SPECIAL_ORDERS,
                      hint=f"drop '{last.name if last else 'a Battle Plan'}'")
    if totals.bluffs > MAX_BLUFFS:
        last = _last(roster, "bluffs")
        yield Finding(A_BLUFFS, f"{who} would get {totals.bluffs} bluff tokens (1 plus the Bluff options); "
                      f"never more than {MAX_BLUFFS}", last.loc if last else ("name",),
                      rule=rules.ALLIANCE_LIMITS if roster.is_alliance else rules.BLUFFS,
                      hint=f"keep a single Bluff option: drop '{last.name if last else 'one'}'")
