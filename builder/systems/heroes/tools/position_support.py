"""Support tiles in play in a position file (issue 27, item 4; 003 Battle for Normandy,
Recruitment Options > Support Tile; builder/systems/heroes/engine/features/support_tiles.py)::

    support:
      - {side: de, tile: de-support-flak-88, at: K4, uses: 2, order: 3}  # a tile of units: red dot, uses left
      - {side: cw, option: cw-artillery, uses: 1}                        # an Artillery order's support markers

``uses`` left (none: as many as the game lasts), ``order`` the numbered token on the tile
this round (the orders phase only: the activation phase's start uses the tile and takes
the token back). The tiles are put in play after the round has started, as written: they
replace any a scenario event of the position's turn brought in, and the engine's own
choice of a token does not replace the one written; anything it would not keep is a
located E696. A position without ``support`` keeps what the round's start put in play. An option a tile grants for good (the Initiative order) is an
``options`` row like any other.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from builder.systems.heroes.content.models.base import ContentModel, Id, Square
from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.board.grid import GridError
from builder.systems.heroes.engine.features.support_tiles import ARTILLERY, PATTERN, SUPPORT, UNITS
from builder.systems.heroes.engine.state import GameState, rule_field, set_rule_field
from builder.systems.heroes.tools.position_solo import Located

E696 = define_code("E696", "position holds a support tile the engine would not keep in play")
UNLIMITED = 10**6
"""Uses of a tile whose scenario gives no count (support_tiles.enter)."""


class PlacedSupport(ContentModel):
    side: Id = Field(description="Side whose support tile it is.")
    tile: Id | None = Field(default=None, description="A support tile of units that fire from its red dot.")
    option: Id | None = Field(default=None, description="An Artillery order whose support markers drop its pattern.")
    at: Square | None = Field(default=None, description="The red dot square (a tile of units).")
    uses: int | None = Field(default=None, ge=0, le=100, description="Uses left (none: no limit).")
    order: int | None = Field(default=None, ge=1, le=10, description="Numbered order token on the tile this round.")


def support_tiles(state: GameState, rows: list[PlacedSupport], side_ids: list[str], phase: str,
                  problem: Located) -> list[Diagnostic]:
    """Put the tiles in play as written, each token taken from its side's tokens to place.
    They replace those the round's start put in play (a scenario event bringing a tile in
    on the position's turn), whose tokens go back to their sides."""
    pack, bf = state.static.pack, state.static.bf
    problems: list[Diagnostic] = []
    for side, _, _, _, _, token in rule_field(state, SUPPORT):
        if token:
            state.sides[side].to_place = sorted(state.sides[side].to_place + [token])
    set_rule_field(state, SUPPORT, ())
    entries = []
    for j, row in enumerate(rows):
        where: tuple[Any, ...] = ("support", j)
        if row.side not in side_ids:
            problems.append(problem(where + ("side",), E696, f"unknown side '{row.side}'"))
            continue
        side = side_ids.index(row.side)
        uses = UNLIMITED if row.uses is None else row.uses
        if (row.tile is None) == (row.option is None):
            problems.append(problem(where, E696, "a support tile is either a tile of units (tile, at) or an "
                                    "Artillery order's support markers (option)", "give one of tile and option"))
            continue
        if row.tile is not None:
            tile = pack.items["tiles"].get(row.tile)
            if tile is None or not tile.units or row.at is None:
                problems.append(problem(where + ("tile",), E696, f"'{row.tile}' is not a support tile of units with "
                                        "its red dot square (at)", "name a tile of the pack with units, and 'at'"))
                continue
            try:
                dot = bf.square(row.at)
            except GridError as exc:
                problems.append(problem(where + ("at",), E696, str(exc)))
                continue
            entry = (side, UNITS, row.tile, uses, dot, 0)
        else:
            option = pack.items["options"].get(row.option)
            if option is None or (option.effect_key or option.id) != ARTILLERY or getattr(option, "blast", None) is None:
                problems.append(problem(where + ("option",), E696, f"'{row.option}' is not an Artillery order with "
                                        "support markers", "a tile's other options are 'options' rows"))
                continue
            entry = (side, PATTERN, option.id, uses, -1, 0)
        if row.order is not None:
            to_place = state.sides[side].to_place
            if phase != "orders":
                problems.append(problem(where + ("order",), E696, "an order token on a support tile in the activation "
                                        "phase (its start uses the tile and takes the token back)",
                                        "remove the token, or give 'phase: orders'"))
                continue
            if row.order not in to_place:
                problems.append(problem(where + ("order",), E696, f"order token {row.order} is not one of "
                                        f"{row.side}'s tokens (1 to {state.sides[side].orders}, each once)"))
                continue
            to_place.remove(row.order)
            entry = (*entry[:5], row.order)
        entries.append(entry)
    set_rule_field(state, SUPPORT, tuple(entries))
    return problems


def support_data(state: GameState) -> list[dict[str, Any]]:
    """The ``support`` rows of ``state``'s position."""
    bf, side_ids = state.static.bf, state.side_ids
    out = []
    for side, kind, key, uses, dot, token in rule_field(state, SUPPORT):
        row: dict[str, Any] = {"side": side_ids[side]}
        if kind == UNITS:
            row.update(tile=key, at=bf.name(dot))
        else:
            row["option"] = key
        row["uses"] = None if uses >= UNLIMITED else uses
        if token:
            row["order"] = token
        out.append(row)
    return out
