"""Alliances of 2 or 3 players (000 core rules, Multiplayer Rules 3-4 Players).

Each player spends at most the alliance budget divided by the players; each buys at
least one tile that brings units; the alliance buys at most one high command tile,
whose cost (with its options) the players share in any split; high command tiles are
for alliances only and hold no units.
"""

from __future__ import annotations

from typing import Iterator

from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import HIGH_COMMAND, Roster
from builder.systems.heroes.army.totals import Totals
from builder.diagnostics import define_code

A_PLAYER_POINTS = define_code("A418", "a player spends more than their share of the alliance's points")
A_PLAYER_UNITS = define_code("A419", "a player has no recruitment tile bringing units")
A_HIGH_COMMAND = define_code("A420", "high command tile misused")
A_SHARES = define_code("A421", "high command cost shares do not add up")


def check(roster: Roster, totals: Totals) -> Iterator[Finding]:
    for tile in roster.tiles:
        if tile.is_high_command and tile.force != HIGH_COMMAND:
            where = "the alliance's 'high_command'" if roster.is_alliance else "an alliance (3-4 players)"
            yield Finding(A_HIGH_COMMAND, f"'{tile.name}' is a high command tile; only {where} may hold it",
                          tile.loc + ("tile",), rule=rules.HIGH_COMMAND,
                          hint="move it under alliance.high_command" if roster.is_alliance else "remove it")
        if tile.force == HIGH_COMMAND and tile.tile is not None and not tile.is_high_command:
            yield Finding(A_HIGH_COMMAND, f"'{tile.name}' is a {tile.tile.kind.value} tile, not a high command "
                          "tile", tile.loc + ("tile",), rule=rules.HIGH_COMMAND,
                          hint="list it under a player's 'tiles' instead")
    if not roster.is_alliance:
        return
    alliance = roster.army.alliance
    assert alliance is not None
    if len(alliance.high_command) > 1:
        yield Finding(A_HIGH_COMMAND, f"the alliance holds {len(alliance.high_command)} high command tiles; it "
                      "may buy a single one", ("alliance", "high_command", 1), rule=rules.HIGH_COMMAND,
                      hint="keep one high command tile")
    for f, force in enumerate(roster.forces):
        if not any(t.tile is not None and t.unit_grants() for t in roster.tiles_of(f)):
            yield Finding(A_PLAYER_UNITS, f"{force.label()} has no recruitment tile that brings units",
                          force.loc + ("tiles",) if force.tiles else force.loc + ("name",), rule=rules.MULTI_POINTS,
                          hint="each player buys at least one tile with units")
    yield from _points(roster, totals)


def _points(roster: Roster, totals: Totals) -> Iterator[Finding]:
    alliance = roster.army.alliance
    assert alliance is not None
    hc = totals.high_command_cost
    shares = alliance.high_command[0].shares if alliance.high_command else None
    if shares is not None:
        if len(shares) != len(roster.forces) or sum(shares) != hc:
            yield Finding(A_SHARES, f"the shares {shares} add up to {sum(shares)} for {len(shares)} player(s); "
                          f"the high command costs {hc} for {len(roster.forces)} players",
                          ("alliance", "high_command", 0, "shares"), rule=rules.HIGH_COMMAND,
                          hint="give one share per player, adding up to the high command's cost")
            shares = None
    for f, force_totals in enumerate(totals.forces):
        if force_totals.budget is None:
            continue
        paid = force_totals.spent + (shares[f] if shares else 0)
        if paid > force_totals.budget:
            yield Finding(A_PLAYER_POINTS, f"{roster.forces[f].label()} spends {paid} points; each of the "
                          f"{len(roster.forces)} players has {force_totals.budget}",
                          roster.forces[f].loc + ("name",), rule=rules.MULTI_POINTS,
                          hint=f"drop {paid - force_totals.budget} points from this player's army")
    if shares is None and hc and all(f.budget is not None for f in totals.forces):
        slack = sum(max(0, (f.left or 0)) for f in totals.forces)
        if slack < hc:
            yield Finding(A_PLAYER_POINTS, f"the high command costs {hc} points but the players have only "
                          f"{slack} left between them", ("alliance", "high_command", 0, "tile"),
                          rule=rules.HIGH_COMMAND, hint=f"free {hc - slack} points or drop high command options")
