"""Position files: a scenario plus unit placements (this game's FEN).

A position is YAML::

    pack: ../pack            # optional, relative to this file (default: core)
    scenario: skirmish
    initiative: us           # optional
    orders: {us: 3, de: 2}   # optional: order tokens per side
    specials: {us: 1}        # optional: special order tokens per side (default 0)
    bluffs: {de: 0}          # optional: bluff tokens per side (default 1)
    phase: activation        # optional: orders (default) or activation
    options:                 # optional: recruitment options and their tokens left
      - {side: us, option: us-ammo, on: r1, tokens: 2}   # on a unit: its own; none: army-wide
    hands: {us: [us-card-id]}  # optional: action cards in hand, per side
    decks: {us: [us-card-id]}  # optional: the deck, top card first
    units:
      - {name: r1, unit: us-rifles, side: us, at: C3, order: 1}
      - {name: tank, unit: de-panzer, side: de, at: E6, facing: s, damage: [track], suppressed: 1,
         activated: true}
    smoke: [{at: D4, radius: 1, fading: true}]   # optional: what lies on the battlefield
    passages: [J4]             # hedgerow squares with a Passage token
    positions: [C5]            # advanced positions and MG nests
    demolition: {F7: 1}        # demolition points on a standing structure
    charges: [{at: G8, side: us}]
    ruined: [B9]               # a square of each structure already destroyed

``name`` is how the explainer refers to a unit. Everything written is kept as
written: what the engine would change on load (an Activated marker in the orders
phase, whose start removes them; a face the counter does not have) is a located
E670, an order token the side cannot have put there a located E671. Other mistakes
get located diagnostics (E611-E617, docs/diagnostics.md); schema mistakes get the
S2xx codes of content files. builder/systems/heroes/tools/position_write.py writes a state back
as a position.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.content.models.base import ContentModel, Id, Square
from builder.content.locate import locate
from builder.content.pydantic_errors import validation_diagnostics
from builder.content.yaml_io import read_yaml, read_yaml_positions
from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.board.battlefield import build_battlefield
from builder.kernel.dice import Rng, derive_seed
from builder.systems.heroes.board.grid import FACING_NAMES, GridError
from builder.systems.heroes.engine.profiles import profile_of
from builder.systems.heroes.engine.rules import Rules
from builder.systems.heroes.engine.state import (BLUFF, NO_ORDER, SPECIAL, GameState, GameStatic, Group, SideState, SideStatic,
                                  UnitState, UnitStatic, rule_field, set_rule_field)
from builder.errors import InvalidInputError, UsageError
from builder.inputs import check_input
from builder.systems.heroes.engine.transport import has_room
from builder.systems.heroes.engine.phases.activation import next_activation
from builder.systems.heroes.engine.phases.orders import advance, start_round
from builder.systems.heroes.engine.structures import DEMOLITION, structure_at
from builder.systems.heroes.engine.features.advanced_positions import POSITIONS, allowed
from builder.systems.heroes.engine.features.demolition_charges import CHARGES, KEY as CHARGE_KEY
from builder.systems.heroes.engine.features.gear import GEAR
from builder.systems.heroes.engine.features.hedgerow_cutter import PASSAGES, hedgerows
from builder.systems.heroes.board.intersections import intersection
from builder.systems.heroes.engine.markers import MARKERS
from builder.systems.heroes.engine.smoke import FADING, FRESH, SMOKE
from builder.systems.heroes.tools import position_solo
from builder.systems.heroes.tools.position_solo import PlacedSolo
from builder.systems.heroes.tools.position_support import PlacedSupport, support_tiles

E611 = define_code("E611", "position names an unknown scenario, unit or side")
E612 = define_code("E612", "unit placed off the battlefield or on terrain it cannot enter")
E613 = define_code("E613", "two units placed on the same square")
E614 = define_code("E614", "duplicate unit name in a position")
E615 = define_code("E615", "position's pack cannot be found")
E616 = define_code("E616", "unit placed aboard something that cannot carry it")
E617 = define_code("E617", "battlefield marker placed where the rules do not put one")
E670 = define_code("E670", "position holds a marker the engine would change on load")
E671 = define_code("E671", "order token a side cannot have placed on that unit")
E672 = define_code("E672", "position names an option or card its side cannot hold")
E673 = define_code("E673", "position loaded under rules whose set-up would change it")
DAMAGE_BITS = {"crew": 1, "track": 2, "hull": 4, "primary-weapon": 8}


_KIND_PLURAL = {"infantry": "infantry", "gun": "guns", "light_vehicle": "light vehicles",
                "heavy_vehicle": "heavy vehicles"}


class PlacedUnit(ContentModel):
    name: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,30}$", description="Name used by `heroes explain`.")
    unit: Id = Field(description="Unit counter id.")
    side: Id = Field(description="Side id of the scenario.")
    at: Square | None = Field(default=None, description="Square (front square of a vehicle); none for a "
                              "unit placed aboard a vehicle.")
    aboard: str | None = Field(default=None, description="Name of a friendly Transport vehicle placed earlier "
                               "in the file that carries the unit (000 core rules, Special Abilities > Transport).")
    facing: Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"] = Field(default="n", description="Facing.")
    face: int = Field(default=0, ge=0, le=1, description="Counter side up: 0 front, 1 back (a concealed unit: "
                      "its concealed side, given or not).")
    suppressed: int = Field(default=0, ge=0, le=20, description="Suppressed markers.")
    activated: bool = Field(default=False, description="Activated marker (the activation phase only: the orders "
                            "phase starts by removing them; 000 core rules, Action! > Activation Phase).")
    order: Annotated[int, Field(ge=1, le=10)] | Literal["special", "bluff"] | None = Field(
        default=None, description="Order token on the unit: a number of its side's tokens, 'special' or 'bluff' "
        "(000 core rules, Action! > Order Phase).")
    damage: list[Literal["crew", "track", "hull", "primary-weapon"]] = Field(default_factory=list)
    concealed: bool = Field(default=False, description="Concealed (Ambush) side up.")
    set_aside: bool = Field(default=False, description="Set aside, off the battlefield, until a scenario event "
                            "places it (no square: at and aboard left out).")
    markers: dict[Literal["life_point", "avert_suppression", "opportunity_fire", "defence_bonus"],
                  Annotated[int, Field(ge=1, le=10)]] = Field(
        default_factory=dict, description="Scenario markers on the unit and how many (builder/systems/heroes/engine/markers.py): "
        "life points, avert-suppression, opportunity-fire and defence-bonus markers.")


class PlacedSmoke(ContentModel):
    at: Square = Field(description="Square whose top-left corner is the smoke pattern's intersection.")
    radius: int = Field(default=1, ge=1, le=2, description="1: the 4 squares around the intersection; 2: the "
                        "4x4 block around it without its corners (builder/systems/heroes/board/intersections.py).")
    fading: bool = Field(default=False, description="Turned to its fading side (-2) by a Supply phase; fresh "
                         "smoke obscures by -4 (000 core rules, Recruitment Options > Orders > Smoke).")


class PlacedCharge(ContentModel):
    at: Square = Field(description="A square of the standing structure the demolition charge is laid in.")
    side: Id = Field(description="Side that laid it.")


class PlacedOption(ContentModel):
    side: Id = Field(description="Side that bought the option.")
    option: Id = Field(description="Recruitment option id of the pack (its faction the side's).")
    on: str | None = Field(default=None, description="Name of the unit the option's tile sits with: its tokens "
                           "are that unit's own; none: bought for the whole army (000 core rules, Recruitment "
                           "Options).")
    tokens: Annotated[int, Field(ge=0, le=20)] | None = Field(
        default=None, description="Tokens left on the option (default: the number it is bought with).")


class PositionFile(ContentModel):
    pack: str | None = Field(default=None, description="Content pack folder, relative to this file.")
    scenario: Id = Field(description="Scenario whose battlefield and sides are used.")
    seed: int = Field(default=1, description="Seed of the dice from this position.")
    turn: int = Field(default=1, ge=1, le=20)
    initiative: Id | None = Field(default=None, description="Side with the initiative.")
    orders: dict[str, int] = Field(default_factory=dict, description="Order tokens per side (default: "
                                   "the units' stars, at least 1).")
    specials: dict[str, Annotated[int, Field(ge=0, le=10)]] = Field(
        default_factory=dict, description="Special order tokens per side (default 0; Order Phase > Special Order "
        "Tokens).")
    bluffs: dict[str, Annotated[int, Field(ge=0, le=10)]] = Field(
        default_factory=dict, description="Bluff tokens per side (default 1; Order Phase > Bluff Tokens).")
    phase: Literal["orders", "activation"] = Field(default="orders", description="orders: the tokens on units "
                                                   "are face down, the rest still to place; activation: every "
                                                   "token is placed, units without an Activated marker act in "
                                                   "token order.")
    next_side: Id | None = Field(default=None, description="Activation phase: the side that reveals the next "
                                 "token (default: the initiative side).")
    units: list[PlacedUnit] = Field(default_factory=list)
    options: list[PlacedOption] = Field(default_factory=list, description="Recruitment options bought and "
                                        "the tokens left on each.")
    hands: dict[str, list[Id]] = Field(default_factory=dict, description="Action cards in each side's hand.")
    decks: dict[str, list[Id]] = Field(default_factory=dict, description="Each side's deck, top card first.")
    smoke: list[PlacedSmoke] = Field(default_factory=list, description="Smoke patterns on the battlefield.")
    passages: list[Square] = Field(default_factory=list, description="Hedgerow squares holding a Passage token "
                                   "(000 core rules, Recruitment Options > Equipment > Culling Hedgerow Cutter).")
    positions: list[Square] = Field(default_factory=list, description="Squares holding an advanced position or an "
                                    "MG Nest (000 core rules, Recruitment Options > Equipment > Position; Orders > "
                                    "MG Nest).")
    demolition: dict[Square, Annotated[int, Field(ge=1, le=20)]] = Field(
        default_factory=dict, description="Demolition points on standing structures, by a square of the structure "
        "(000 core rules, Terrain and Terrain Overlays > Structure).")
    charges: list[PlacedCharge] = Field(default_factory=list, description="Demolition charges laid, exploding at "
                                        "the next Supply phase (Recruitment Options > Equipment > Demolition Charge).")
    ruined: list[Square] = Field(default_factory=list, description="A square of each structure already destroyed: "
                                 "its overlay is on its ruin side (or gone) from the start.")
    support: list[PlacedSupport] = Field(default_factory=list, description="Support tiles in play "
                                         "(builder/systems/heroes/tools/position_support.py).")
    solo: PlacedSolo | None = Field(default=None, description="The Solo game mode's dashboard: the position is "
                                    "loaded under its rules, the dashboard as written "
                                    "(builder/systems/heroes/tools/position_solo.py).")


def load_position(path: Path, pack_path: Path | None = None, default_pack: Path | None = None,
                  rules: type[Rules] = Rules, factions: bool = False) -> tuple[GameState, dict[str, int]]:
    """Read, check and set up a position file; raises InvalidInputError with
    located diagnostics on mistakes. ``factions``: each unit must stand on a side of its
    own faction, as a game sets it up (``heroes explain``); the rules' worked examples
    place a counter on whichever side the example needs."""
    shown = str(path)
    if not path.exists():
        raise UsageError(f"no such position file: {path}")
    check_input(path)  # a FIFO, a device or a folder is named as such (H840), never read
    data = read_yaml(path, shown)
    try:
        pos = PositionFile.model_validate(data if data is not None else {})
    except ValidationError as exc:
        diags = validation_diagnostics(exc, PositionFile, shown, read_yaml_positions(path, shown))
        raise InvalidInputError(f"{shown}: invalid position file", diags) from None
    if pack_path is None:
        pack_path = (path.parent / pos.pack) if pos.pack else default_pack
    if pack_path is None or not (Path(pack_path) / "pack.yaml").is_file():
        raise InvalidInputError(f"{shown}: pack not found", [_diag(path, ("pack",), E615,
                                f"no content pack at '{pack_path}'", "give 'pack' relative to the position file")])
    pack = load_pack(pack_path)
    return position_state(pack, pos, path, rules, factions)


def _check_sides(pos: Any, side_ids: list[str], path: Path | None, problems: list[Diagnostic]) -> None:
    """Every side a position names is one of the scenario's, and every token count is 0 or
    more (``initiative: nobody`` and ``orders: {us: -3}`` were played; 000 core rules,
    Order Phase: a side draws its tokens, never fewer than none)."""
    if pos.initiative is not None and pos.initiative not in side_ids:
        problems.append(_diag(path, ("initiative",), E611, f"unknown side '{pos.initiative}' has the initiative "
                              f"(the scenario's sides: {', '.join(side_ids)})"))
    if pos.next_side is not None and pos.next_side not in side_ids:
        problems.append(_diag(path, ("next_side",), E611, f"unknown side '{pos.next_side}' "
                              f"(the scenario's sides: {', '.join(side_ids)})"))
    for key in ("orders", "specials", "bluffs", "hands", "decks"):
        for side, value in getattr(pos, key).items():
            if side not in side_ids:
                problems.append(_diag(path, (key, side), E611, f"{key} of unknown side '{side}' "
                                      f"(the scenario's sides: {', '.join(side_ids)})"))
            elif isinstance(value, int) and value < 0:
                problems.append(_diag(path, (key, side), E611, f"{key} of side '{side}' is {value}; "
                                      "a count of tokens is 0 or more"))


def _diag(path: Path | None, loc: tuple[Any, ...], code: str, message: str, hint: str = "") -> Diagnostic:
    line = col = 0
    if path is not None:
        try:
            line, col = locate(read_yaml_positions(path, str(path)), loc)
        except Exception:  # noqa: BLE001 - locating is best effort; the message still names the place
            line, col = 1, 1
    return Diagnostic(code, message, file=str(path or ""), line=line, col=col, hint=hint,
                      rule="docs/engine.md, Position files")


def _board(state: GameState, unit: UnitState, vehicle_id: int | None, pu: PlacedUnit) -> str:
    """Put ``unit`` inside the vehicle named by ``pu.aboard``; the problem, if any."""

    if pu.aboard is None:
        return f"{pu.name}: give a square (at) or a vehicle (aboard)"
    if pu.at is not None:
        return f"{pu.name}: a unit aboard a vehicle has no square (at) of its own"
    vehicle = state.units[vehicle_id] if vehicle_id is not None else None
    if vehicle is None or vehicle.sq < 0:
        return f"{pu.name}: '{pu.aboard}' is not a vehicle placed above it"
    if not unit.is_infantry:
        return f"{pu.name}: only infantry rides in a vehicle"
    if not has_room(state, vehicle, unit):
        return f"{pu.name}: '{pu.aboard}' has no Transport room for it (or is not a friendly Transport vehicle)"
    unit.carried_by = vehicle.id
    return ""


def position_state(pack: Any, pos: PositionFile, path: Path | None = None,
                   rules: type[Rules] = Rules, factions: bool = False) -> tuple[GameState, dict[str, int]]:
    problems: list[Diagnostic] = []
    scenario = pack.items["scenarios"].get(pos.scenario)
    if scenario is None:
        raise InvalidInputError("unknown scenario", [_diag(path, ("scenario",), E611,
                                f"unknown scenario '{pos.scenario}'", "use a scenario id of the pack")])
    bf = build_battlefield(pack, scenario.layout)
    side_ids = [s.id for s in scenario.sides[:2]]
    _check_sides(pos, side_ids, path, problems)
    ruined = _ruined(bf, pos, path, problems)
    if ruined:
        bf = build_battlefield(pack, scenario.layout, ruined)
    sides = [SideStatic(s.id, s.faction, [], 0, 1, 0, {}, {}) for s in scenario.sides[:2]]
    statics: list[UnitStatic] = []
    owners: list[int] = []
    names: dict[str, int] = {}
    entries: list[tuple[int, PlacedUnit]] = []
    for i, pu in enumerate(pos.units):
        where = ("units", i)
        model = pack.items["units"].get(pu.unit)
        if model is None:
            problems.append(_diag(path, where + ("unit",), E611, f"unknown unit '{pu.unit}'"))
            continue
        if pu.side not in side_ids:
            problems.append(_diag(path, where + ("side",), E611, f"unknown side '{pu.side}' "
                                  f"(the scenario's sides: {', '.join(side_ids)})"))
            continue
        if pu.name in names:
            problems.append(_diag(path, where + ("name",), E614, f"unit name '{pu.name}' used twice"))
            continue
        si = side_ids.index(pu.side)
        side_faction = scenario.sides[si].faction
        if factions and side_faction and model.faction != side_faction:  # issue 37: explain played a unit on the wrong side
            problems.append(_diag(path, where + ("side",), E611, f"unit '{pu.unit}' is a {model.faction} unit; "
                                  f"side '{pu.side}' plays {side_faction}", "put it on its faction's side"))
            continue
        if pos.solo is not None and pu.name in pos.solo.decoys:  # a decoy counter: in no group or tile
            names[pu.name] = len(statics)
            entries.append((i, pu))
            statics.append(position_solo.decoy_of(profile_of(model)))
            owners.append(si)
            continue
        sides[si].groups.append(Group(pu.name, "unit", [len(statics)]))
        names[pu.name] = len(statics)
        entries.append((i, pu))
        group = len(sides[si].groups) - 1  # with options, each unit its own tile: tokens on it are its own
        statics.append(UnitStatic(profile_of(model), {}, group, group if pos.options else -1, set_aside=pu.set_aside))
        owners.append(si)
    _options(pack, pos, sides, statics, names, owners, side_ids, path, problems)
    objectives = []
    for o in scenario.objectives:
        owner = side_ids.index(o.owner) if o.owner in side_ids else -1
        objectives.append((o.id, bf.square(o.at), o.kind.value, o.victory_points, owner))
    static = GameStatic(pack, scenario, bf, sides, statics, objectives, pos.seed,
                        has_ambush=any(f.role == "concealed" for u in statics for f in u.profile.faces))
    rules_obj = rules()
    solo_problem = position_solo.Located(path, _diag)
    if pos.solo is not None:  # the Solo game mode's rules, whatever rules the caller asked for
        rules_obj = position_solo.solo_rules(pos.solo, side_ids, scenario, solo_problem, problems) or rules_obj
    state = GameState(rules_obj, static, Rng(derive_seed(pos.seed, "dice")))
    state.units = [UnitState(i, owners[i], st) for i, st in enumerate(statics)]
    by_name = {v: k for k, v in names.items()}
    for i, pu in entries:
        u = state.units[names[pu.name]]
        where = ("units", i)
        _kept_as_written(u, pu, pos, path, where, problems)
        u.face = min(pu.face, len(u.st.profile.faces) - 1)
        u.facing = FACING_NAMES.index(pu.facing)
        u.suppressed = pu.suppressed
        u.concealed = pu.concealed or u.st.profile.faces[u.face].role == "concealed"
        if u.concealed and u.st.profile.faces[u.face].role != "concealed":
            u.face = max(0, next((i for i, f in enumerate(u.st.profile.faces) if f.role == "concealed"), u.face))
        for d in pu.damage:
            u.damage |= DAMAGE_BITS[d]
        set_rule_field(state, MARKERS, rule_field(state, MARKERS) + tuple((u.id, m, n) for m, n in pu.markers.items()))
        if pu.at is None and pu.aboard is None and (pu.set_aside or (pos.solo is not None and pu.name in pos.solo.offboard)):
            continue  # set aside, or waiting off the battlefield (the Solo section's offboard: position_solo)
        if pu.aboard is not None or pu.at is None:
            problem = _board(state, u, names.get(pu.aboard or ""), pu)
            if problem:
                problems.append(_diag(path, where + ("aboard",), E616, problem,
                                      "name a friendly Transport vehicle placed above with room left"))
            continue
        try:
            u.sq = bf.square(pu.at)
        except GridError as exc:
            problems.append(_diag(path, where + ("at",), E612, str(exc)))
            continue
        cover = state.squares_of(u)
        amph = u.ability("amphibious") is not None
        if len(cover) != u.st.profile.footprint:
            problems.append(_diag(path, where + ("facing",), E612,
                                  f"{pu.name}: the vehicle's back square is off the battlefield", "turn it"))
            continue
        for sq in cover:
            if not bf.enterable(sq, u.type, amph):
                problems.append(_diag(path, where + ("at",), E612, f"{pu.name}: {bf.terrain[sq].id} at "
                                      f"{bf.name(sq)} cannot hold {_KIND_PLURAL.get(u.type, u.type)}",
                                      "place the unit on a square its kind can enter"))
            elif state.occ[sq] >= 0:
                other = by_name[state.occ[sq]]
                problems.append(_diag(path, where + ("at",), E613, f"{pu.name} and {other} both on {bf.name(sq)}"))
            else:
                state.set_occupant(sq, u.id)
    _battlefield_markers(state, pos, side_ids, path, problems)
    _known_sides(pos, side_ids, path, problems)
    if problems:
        raise InvalidInputError(f"{path or 'position'}: {len(problems)} problem(s)", problems)
    set_rule_field(state, MARKERS, tuple(sorted(rule_field(state, MARKERS))))
    state.initiative = side_ids.index(pos.initiative) if pos.initiative in side_ids else 0
    state.turn = pos.turn
    for i in range(len(sides)):
        s = SideState()
        s.lost, s.broken = [0] * len(sides[i].groups), [False] * len(sides[i].groups)
        state.sides.append(s)
        from_units = rules_obj.order_tokens_for(state, i)
        wanted = pos.orders.get(side_ids[i], from_units or 1)
        sides[i].stars_fixed = max(0, wanted - from_units)  # the count holds for later rounds too
        s.orders = rules_obj.order_tokens_for(state, i)
        s.equipment = dict(sides[i].equipment)
        s.hand, s.deck = list(pos.hands.get(side_ids[i], [])), list(pos.decks.get(side_ids[i], []))
        sides[i].specials = pos.specials.get(side_ids[i], 0)
        sides[i].bluffs = pos.bluffs.get(side_ids[i], 1)
    cards = pack.items["cards"]  # a Camouflage card hides units: spotting runs after moves (as set-up says)
    static.has_ambush = static.has_ambush or any(
        getattr(cards.get(c), "effect_key", None) == "conceal" for s in state.sides for c in s.hand + s.deck)
    before = [_placement(u) for u in state.units]
    if pos.solo is not None:
        _solo_dashboard(state, pos.solo, side_ids, names, solo_problem)
    else:
        start_round(state)
        _unchanged_by_variant(state, before, pos, entries, names, path)
    if "support" in pos.model_fields_set:  # after the round's own choice, in its place
        placed = support_tiles(state, pos.support, side_ids, pos.phase, solo_problem)
        if placed:
            raise InvalidInputError(f"{path or 'position'}: {len(placed)} problem(s)", placed)
    _tokens_as_written(state, pos, entries, names, side_ids, path)
    return state, names


def _solo_dashboard(state: GameState, spec: PlacedSolo, side_ids: list[str], names: dict[str, int],
                    problem: position_solo.Problem) -> None:
    """The Solo dashboard as written (the AI's hand is its reserve); the round then
    starts under the core rules' hooks, so that the Solo order phase (an action card
    drawn, the tokens moved to the box) does not change what the file says."""
    rules_obj = state.rules
    ai = side_ids.index(spec.ai)
    problems: list[Diagnostic] = []
    if state.sides[ai].hand:
        problems.append(problem(("hands", spec.ai), position_solo.E691, "the AI's hand is its reserve of action "
                                "cards (002, 2.3)", "write the AI's cards as solo: reserve"))
    state.sides[ai].hand, state.sides[ai].discard = list(spec.reserve), list(spec.action_discard)
    position_solo.dashboard(state, spec, names, problem, problems)
    if problems:
        raise InvalidInputError(f"{problems[0].file or 'position'}: {len(problems)} problem(s)", problems)
    state.rules = Rules()  # the round's start with no variant hook; the Solo rules from then on
    start_round(state)
    state.rules = rules_obj


def _placement(u: UnitState) -> tuple[int, int, int, int, bool]:
    return u.sq, u.carried_by, u.face, u.facing, u.concealed


def _unchanged_by_variant(state: GameState, before: list[tuple[int, int, int, int, bool]], pos: PositionFile,
                          entries: list[tuple[int, PlacedUnit]], names: dict[str, int], path: Path | None) -> None:
    """Refuse (E673) a position whose rules set a variant up at the first phase: the
    Solo Mode deploys the AI's units, conceals them, fills its bag and dashboard
    (002 Solo Mode, 2 Set Up), none of which a position file writes down, so the
    units would not stand as written. The located unit is the first one moved."""
    if state.variant is None:
        return
    moved = [(i, pu) for i, pu in entries if before[names[pu.name]] != _placement(state.units[names[pu.name]])]
    where: tuple[Any, ...] = ("units", moved[0][0], "at") if moved else ("scenario",)
    who = f"; it moved or turned {', '.join(pu.name for _, pu in moved[:5])}" if moved else ""
    raise InvalidInputError(f"{path or 'position'}: variant set-up", [_diag(
        path, where, E673, f"the {state.rules.name} rules set the game up again when the position's round "
        f"starts (the AI's deployment, concealment, bag and dashboard){who}; a position file holds no variant "
        "state", "load the position with the standard rules (as heroes explain does), or play the scenario "
        "from its start")])


def _options(pack: Any, pos: PositionFile, sides: list[SideStatic], statics: list[UnitStatic],
             names: dict[str, int], owners: list[int], side_ids: list[str], path: Path | None,
             problems: list[Diagnostic]) -> None:
    """The options bought, as an army list would give them (builder/systems/heroes/engine/armies.py):
    the effect key known to the side, its tokens on the unit's tile or the army's, a
    trait or order marked, the option's abilities granted to the unit it sits with
    (000 core rules, Recruitment Options). Order counts come from the position's
    ``orders``, ``specials`` and ``bluffs``, not from options' stars."""
    for i, po in enumerate(pos.options):
        where = ("options", i)
        option = pack.items["options"].get(po.option)
        if po.side not in side_ids:
            problems.append(_diag(path, where + ("side",), E611, f"unknown side '{po.side}' "
                                  f"(the scenario's sides: {', '.join(side_ids)})"))
            continue
        si = side_ids.index(po.side)
        if option is None or option.faction != sides[si].faction:
            problems.append(_diag(path, where + ("option",), E672, f"'{po.option}' is not an option of the pack for "
                                  f"faction {sides[si].faction}", "use a recruitment option id of the side's faction"))
            continue
        key = option.effect_key or option.id
        tokens = option.tokens if po.tokens is None else po.tokens
        if key == GEAR or option.units or (tokens and not option.tokens):
            problems.append(_diag(path, where + ("tokens" if po.tokens else "option",), E672,
                                  f"'{po.option}' " + ("holds no tokens" if tokens and not option.tokens else
                                                      "brings units or other options' tokens"),
                                  "place the units, or name the options its tokens go to"))
            continue
        uid = names.get(po.on or "", -1)
        if po.on is not None and (uid < 0 or owners[uid] != si):
            problems.append(_diag(path, where + ("on",), E672, f"'{po.on}' is not a unit of {po.side} placed above",
                                  "name one of the side's units, or leave 'on' out for an army-wide option"))
            continue
        scope = statics[uid].group if uid >= 0 and option.category.value not in ("order",) else -1
        ss = sides[si]
        ss.keys = ss.keys | {key}
        if option.tokens:
            ss.equipment[(scope, key)] = ss.equipment.get((scope, key), 0) + tokens
        if option.category.value in ("trait", "order"):
            ss.traits[(scope, key)] = 1
        if uid >= 0:
            statics[uid].granted.update({a.id: a.value or 0 for a in option.abilities})
    for key in ("hands", "decks"):
        for side, cards in getattr(pos, key).items():
            faction = sides[side_ids.index(side)].faction if side in side_ids else ""
            for j, card_id in enumerate(cards):
                card = pack.items["cards"].get(card_id)
                if side in side_ids and (card is None or card.faction != faction):
                    problems.append(_diag(path, (key, side, j), E672, f"'{card_id}' is not an action card of the "
                                          f"pack for faction {faction}", "use a card id of the side's deck"))


def _known_sides(pos: PositionFile, side_ids: list[str], path: Path | None, problems: list[Diagnostic]) -> None:
    """Token counts, hands, decks and the next side name the scenario's sides (E611)."""
    for key in ("orders", "specials", "bluffs", "hands", "decks"):
        for side in getattr(pos, key):
            if side not in side_ids:
                problems.append(_diag(path, (key, side), E611, f"unknown side '{side}' "
                                      f"(the scenario's sides: {', '.join(side_ids)})"))
    if pos.next_side is not None and pos.next_side not in side_ids:
        problems.append(_diag(path, ("next_side",), E611, f"unknown side '{pos.next_side}' "
                              f"(the scenario's sides: {', '.join(side_ids)})"))


def _kept_as_written(u: UnitState, pu: PlacedUnit, pos: PositionFile, path: Path | None, where: tuple[Any, ...],
                     problems: list[Diagnostic]) -> None:
    """E670 for a unit marker the engine would change on load rather than keep."""
    faces = u.st.profile.faces
    if pu.activated and pos.phase == "orders":
        problems.append(_diag(path, where + ("activated",), E670, f"{pu.name}: an Activated marker in the orders "
                              "phase (its start removes every Activated marker; 000 core rules, Action! > Order "
                              "Phase)", "add 'phase: activation' to the position, or remove the marker"))
    if pu.face >= len(faces):
        problems.append(_diag(path, where + ("face",), E670, f"{pu.name}: the counter has no face {pu.face} "
                              f"(faces 0 to {len(faces) - 1})", "give face 0"))
    elif ("face" in pu.model_fields_set and pu.concealed and faces[pu.face].role != "concealed"
          and (pos.solo is None or any(f.role == "concealed" for f in faces))):  # Solo: an anonymous counter
        problems.append(_diag(path, where + ("face",), E670, f"{pu.name}: concealed, yet face {pu.face} is not "
                              "the counter's concealed side (000 core rules, Special Abilities > Ambush)",
                              "leave 'face' out, or give the concealed side's number"))


def _tokens_as_written(state: GameState, pos: PositionFile, entries: list[tuple[int, PlacedUnit]],
                       names: dict[str, int], side_ids: list[str], path: Path | None) -> None:
    """Put each unit's order token and Activated marker back as written after the
    round has started (which removes them), checking each token is one its side
    holds (E671; 000 core rules, Action! > Order Phase); then the phase written:
    the orders phase goes on with the side whose turn it is, the activation phase
    reveals the next token (Action! > Activation Phase)."""
    problems: list[Diagnostic] = []
    for i, pu in entries:
        u = state.units[names[pu.name]]
        u.activated = pu.activated
        if pu.order is None:
            continue
        s = state.sides[u.side]
        where = ("units", i, "order")
        if pu.order == "special" and s.specials_left > 0:
            s.specials_left -= 1
            u.order = SPECIAL
        elif pu.order == "bluff" and s.bluffs_left > 0:
            s.bluffs_left -= 1
            u.order = BLUFF
        elif isinstance(pu.order, int) and pu.order in s.to_place:
            s.to_place.remove(pu.order)
            u.order = pu.order
        else:
            problems.append(_diag(path, where, E671, _token_problem(state, pu, side_ids),
                                  "give each token once, within the side's counts ('orders', 'specials', "
                                  "'bluffs')"))
    if pos.solo is not None:
        problems += position_solo.orders(state, pos.solo, position_solo.Located(path, _diag))
    if problems:
        raise InvalidInputError(f"{path or 'position'}: {len(problems)} problem(s)", problems)
    placed = [sum(1 for u in state.units if u.side == i and u.order != NO_ORDER) for i in (0, 1)]
    first = state.initiative
    if pos.phase == "orders":  # the sides alternate, the initiative side first
        state.turn_side = first if placed[first] <= placed[1 - first] else 1 - first
        advance(state)
        return
    for s in state.sides:
        s.to_place, s.bluffs_left, s.specials_left = [], 0, 0
    state.phase = "activation"
    queues: list[list[tuple[int, int]]] = [[], []]
    for u in state.units:
        if u.order >= 0 and not u.activated:
            queues[u.side].append((u.order, u.id))
    state.queues = [sorted(q) for q in queues]
    state.turn_side = side_ids.index(pos.next_side) if pos.next_side in side_ids else first
    if pos.solo is None:
        next_activation(state)
        return
    # a Solo position stands after the AI's reaction to the token revealed: no card drawn again
    rules_obj, state.rules = state.rules, Rules()
    next_activation(state)
    state.rules = rules_obj


def _token_problem(state: GameState, pu: PlacedUnit, side_ids: list[str]) -> str:
    side = side_ids.index(pu.side)
    if pu.order == "special":
        return (f"{pu.name}: more special order tokens than {pu.side}'s "
                f"{state.static.sides[side].specials}")
    if pu.order == "bluff":
        return f"{pu.name}: more bluff tokens than {pu.side}'s {state.static.sides[side].bluffs}"
    return (f"{pu.name}: order token {pu.order} is not one of {pu.side}'s tokens still to place "
            f"(1 to {state.sides[side].orders}, each once)")


def _square(bf: Any, name: str, where: tuple[Any, ...], path: Path | None, problems: list[Diagnostic]) -> int:
    """The square named, or -1 with an E612 diagnostic when it is off the battlefield."""
    try:
        return int(bf.square(name))
    except GridError as exc:
        problems.append(_diag(path, where, E612, str(exc)))
        return -1


def _structure(bf: Any, name: str, where: tuple[Any, ...], path: Path | None, problems: list[Diagnostic]) -> int:
    """The area of the standing structure on the square named, or -1 with a diagnostic."""

    sq = _square(bf, name, where, path, problems)
    if sq < 0:
        return -1
    area = structure_at(bf, sq)
    if area < 0:
        problems.append(_diag(path, where, E617, f"{name}: no standing structure there",
                              "name a square of a building that is a structure (its overlay has a demolition "
                              "value)"))
    return area


def _ruined(bf: Any, pos: PositionFile, path: Path | None,
            problems: list[Diagnostic]) -> tuple[tuple[int, str | None], ...]:
    """The structures destroyed before the position, as build_battlefield takes them."""
    out: dict[int, str | None] = {}
    for i, name in enumerate(pos.ruined):
        area = _structure(bf, name, ("ruined", i), path, problems)
        if area >= 0:
            out[area] = bf.structures[area][1]
    return tuple(sorted(out.items()))


def _battlefield_markers(state: GameState, pos: PositionFile, side_ids: list[str], path: Path | None,
                         problems: list[Diagnostic]) -> None:
    """Smoke, Passage tokens, advanced positions and nests, demolition points and
    charges: what lies on the battlefield besides the units, checked where the rules
    put each (each module's docstring cites its rule)."""

    bf = state.static.bf
    for i, smoke in enumerate(pos.smoke):
        sq = _square(bf, smoke.at, ("smoke", i, "at"), path, problems)
        if sq >= 0:
            y, x = divmod(sq, bf.width)
            laid = ((intersection(bf, x, y), smoke.radius, FADING if smoke.fading else FRESH),)
            set_rule_field(state, SMOKE, rule_field(state, SMOKE) + laid)
    for i, name in enumerate(pos.passages):
        sq = _square(bf, name, ("passages", i), path, problems)
        if sq >= 0 and sq not in hedgerows(bf):
            problems.append(_diag(path, ("passages", i), E617, f"{name}: a Passage token goes on a hedgerow "
                                  f"square, not on {bf.terrain[sq].id}", "name a hedgerow square"))
        elif sq >= 0:
            set_rule_field(state, PASSAGES, tuple(sorted(set(rule_field(state, PASSAGES)) | {sq})))
    for i, name in enumerate(pos.positions):
        sq = _square(bf, name, ("positions", i), path, problems)
        if sq >= 0 and not allowed(bf, sq):
            problems.append(_diag(path, ("positions", i), E617, f"{name}: no position on {bf.terrain[sq].id} "
                                  "(not in a building, ruins, a bunker or water)", "name an open square"))
        elif sq >= 0 and sq not in rule_field(state, POSITIONS):
            set_rule_field(state, POSITIONS, rule_field(state, POSITIONS) + (sq,))
    for name, count in pos.demolition.items():
        area = _structure(bf, name, ("demolition", name), path, problems)
        if area < 0:
            continue
        value = bf.structures[area][0]
        if count >= value:
            problems.append(_diag(path, ("demolition", name), E617, f"{name}: {count} demolition point(s) destroy "
                                  f"this structure (its value is {value})",
                                  f"give fewer than {value}, or list the structure under 'ruined'"))
        else:
            set_rule_field(state, DEMOLITION, tuple(sorted({**dict(rule_field(state, DEMOLITION)), area: count}.items())))
    for i, charge in enumerate(pos.charges):
        area = _structure(bf, charge.at, ("charges", i, "at"), path, problems)
        if charge.side not in side_ids:
            problems.append(_diag(path, ("charges", i, "side"), E611, f"unknown side '{charge.side}' "
                                  f"(the scenario's sides: {', '.join(side_ids)})"))
        elif area >= 0:
            si = side_ids.index(charge.side)
            set_rule_field(state, CHARGES, rule_field(state, CHARGES) + ((bf.square(charge.at), si),))
            side = state.static.sides[si]  # the side has the equipment: its charges roll their dice
            side.keys = side.keys | {CHARGE_KEY}
