"""Scenarios of three or four players: two sides, each one player or an alliance
(000 core rules, Multiplayer Rules 3-4 Players).

The rules seat three or four players as two alliances facing each other (2-vs-1,
2-vs-2, 3-vs-1): a scenario lists an alliance's players under its side (``players:``),
its army points are divided among them or drawn on in turn (``budget``), each player
recruits at least one tile with units (Army Creation), and the alliance's deck is the
army of one of its players (Action Cards). ``players`` at the top counts everybody.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

MULTI = "000 core rules, Multiplayer Rules 3-4 Players"
ALLIANCE = f"{MULTI} > Alliance"
ARMY = f"{MULTI} > Army Creation"
CARDS = f"{MULTI} > Action Cards"

C_SIDES = define_code("C340", "more than two sides: three or four players form two alliances", ALLIANCE)
C_COUNT = define_code("C341", "the scenario's player count differs from the players its sides seat", ALLIANCE)
C_ONE = define_code("C342", "an alliance lists a single player", ALLIANCE)
C_IDS = define_code("C343", "a player id is used twice, or is a side's id", ALLIANCE)
C_FACTION = define_code("C344", "an alliance player's faction is not in the pack", ALLIANCE)
C_SIDE_COMPOSITION = define_code("C345", "an alliance side has a composition of its own", ARMY)
C_OVERSPENT = define_code("C346", "an alliance's players are given more points than the alliance has", ARMY)
C_NO_UNITS = define_code("C347", "an alliance player's composition recruits no units", ARMY)
C_DECK = define_code("C348", "the alliance's deck faction is no player's", CARDS)
C_REMAINDER = define_code("C349", "a split budget leaves points no player may spend", ARMY)


def _seated(sc: Any) -> int:
    return sum(max(1, len(s.players)) for s in sc.sides)


@rule
def alliances_seat_their_players(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Two sides; players counted and named once; each player can field units; the
    alliance's points and deck fit its players."""
    for sc in ctx.pack.scenarios.values():
        yield from _scenario(ctx, sc)


def _scenario(ctx: CheckContext, sc: Any) -> Iterable[Diagnostic]:
    """The diagnostics of one scenario."""
    def at(path: tuple[str | int, ...], code: str, message: str, hint: str, rule: str,
           severity: Severity = Severity.ERROR) -> Diagnostic:
        return ctx.at("scenarios", sc.id, path, code, message, hint=hint, rule=rule, severity=severity)

    if len(sc.sides) > 2:
        yield at(("sides", 2), C_SIDES,
                 f"scenario '{sc.id}' has {len(sc.sides)} sides; three or four players play as two alliances",
                 "list an alliance's players under one side: 'players: [{id: us-north}, {id: us-south}]'",
                 ALLIANCE)
    seated = _seated(sc)
    if sc.players != seated and (seated > 2 or sc.players > 2):  # 1: the Solo Mode's player
        yield at(("players",), C_COUNT, f"'players: {sc.players}' but the sides seat {seated}",
                 f"write 'players: {seated}', or list the alliance's players under its side", ALLIANCE)
    side_ids = {s.id for s in sc.sides}
    seen: set[str] = set()
    for s, side in enumerate(sc.sides):
        if not side.players:
            continue
        if len(side.players) == 1:
            yield at(("sides", s, "players"), C_ONE, f"side '{side.id}' lists one player",
                     "an alliance has two or three players; leave 'players' out for a side of one", ALLIANCE)
        if side.army.composition:
            yield at(("sides", s, "army", "composition"), C_SIDE_COMPOSITION,
                     f"alliance '{side.id}' has a composition of its own besides its players'",
                     "give each player its 'composition' (or points) and keep the side's 'army' to the points",
                     ARMY)
        for j, p in enumerate(side.players):
            if p.id in seen or p.id in side_ids:
                yield at(("sides", s, "players", j, "id"), C_IDS,
                         f"player id '{p.id}' is used twice or is a side's id",
                         "give each player an id of its own (e.g. us-north)", ALLIANCE)
            seen.add(p.id)
            if p.faction is not None and p.faction not in ctx.pack.items["factions"]:
                yield at(("sides", s, "players", j, "faction"), C_FACTION, f"unknown faction '{p.faction}'",
                         "use a faction of the pack, or leave it out for the side's", ALLIANCE)
            if p.composition and not any(e.tile or e.unit or e.hero for e in p.composition):
                yield at(("sides", s, "players", j, "composition"), C_NO_UNITS,
                         f"player '{p.id}' recruits no tile, hero or unit",
                         "each player buys at least one recruitment tile with units", ARMY)
        yield from _points(s, side, at)
        factions = {p.faction or side.faction for p in side.players}
        if side.faction not in factions:
            yield at(("sides", s, "faction"), C_DECK,
                     f"alliance '{side.id}' plays the '{side.faction}' deck, which no player's army belongs to",
                     f"set the side's faction to one of its players' ({', '.join(sorted(factions))})", CARDS)


def _points(s: int, side: Any, at: Callable[..., Diagnostic]) -> Iterable[Diagnostic]:
    """C346 when the players' own points exceed the alliance's; C349 (warning) when a
    split budget does not divide among the players left to share it."""
    pool = side.army.points
    players = side.players
    if pool is None:
        return
    own = sum(p.points or 0 for p in players)
    if own > pool:
        yield at(("sides", s, "players"), C_OVERSPENT,
                 f"alliance '{side.id}' has {pool} points but its players are given {own}",
                 f"give the players at most {pool} points between them, or raise the side's points", ARMY)
        return
    sharing = [p for p in players if p.points is None]
    if side.budget == "split" and sharing and (pool - own) % len(sharing):
        left = (pool - own) % len(sharing)
        yield at(("sides", s, "army", "points"), C_REMAINDER,
                 f"{pool - own} points split among {len(sharing)} players leave {left} unspent",
                 f"make the points a multiple of {len(sharing)}, or give the players their own 'points'",
                 ARMY, Severity.WARNING)
