"""The Solo game mode's dashboard in a position file (issue 27, item 4; 002 Solo Mode,
2 Set Up and 3 Game Turn).

A position with a ``solo`` section is loaded under the Solo game mode's rules with the
dashboard as written instead of the set-up's (no deployment, bag or deck is drawn)::

    solo:
      ai: de                   # the AI's side (one the scenario gives the AI)
      attitude: aggressive     # defensive, balanced, aggressive
      difficulty: medium       # easy, medium, hard
      danger: 4                # the danger marker's space (its level follows the gauge)
      revealed: [yellow]       # danger tiles turned over: every level reached, no other
      tiles: {yellow: t1}      # optional: the tile lying on each level (default: drawn)
      reserve: [de-jammed]     # the AI's action cards in reserve (its hand)
      action_discard: []       # the AI's discarded action cards
      deck: [r1, r2]           # reaction cards, top first
      discard: [r3]            # reaction cards played
      available: [2, 3]        # numbered tokens in the Available Orders box
      bag: [de-grenadiers]     # units in the reinforcements bag (counter ids)
      offboard: [g3]           # AI units (named, no square) waiting to come on by the arrows
      decoys: [d1]             # units written as the counter a decoy copies: decoy counters
      dashboard: [tactician]   # tactical bonus tokens on the AI's dashboard
      bonuses: {F5: trap}      # tactical bonus tokens still on the battlefield
      extra_orders: 0          # and the other counters of the dashboard (default 0)

Anything the engine would change when the position's round starts is a located E69x
(docs/diagnostics.md) rather than silently changed: the initiative with the AI (the
player always holds it, 002 3.2), a level reached but not revealed (its tile would be
turned over at the next step), more than four tokens on the dashboard (2.2), a reserve
beyond its slots (2.3). :func:`solo_data` writes the section back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import Field

from builder.systems.heroes.content.models.base import ContentModel, Id, Square
from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.board.grid import GridError
from builder.systems.heroes.engine.profiles import profile_of
from builder.systems.heroes.engine.solo_mode import clarifications, modifiers, reaction_abilities
from builder.systems.heroes.engine.solo_mode.action_cards import effect_key
from builder.systems.heroes.engine.solo_mode.bonuses import DASHBOARD, LASTING
from builder.systems.heroes.engine.solo_mode.brains import make_brain
from builder.systems.heroes.engine.solo_mode.content import solo_content
from builder.systems.heroes.engine.solo_mode.danger import LEVELS, make_gauge
from builder.systems.heroes.engine.decoys import decoy_static
from builder.systems.heroes.engine.solo_mode.decoys import DECOY_ID
from builder.systems.heroes.engine.solo_mode.forces import is_particular, sort_forces
from builder.systems.heroes.engine.solo_mode.rules import RESERVE, SoloModeRules, SoloState
from builder.systems.heroes.engine.state import INFANTRY, GameState, UnitState, UnitStatic
from builder.kernel.dice import Rng, derive_seed

E690 = define_code("E690", "Solo position names a side the AI cannot play")
E691 = define_code("E691", "Solo position names a card its pile cannot hold")
E692 = define_code("E692", "Solo position's danger gauge the engine would change")
E693 = define_code("E693", "Solo position's tactical bonus the engine would not keep")
E694 = define_code("E694", "Solo position's tokens or initiative the engine would change")
E695 = define_code("E695", "Solo position's bag holds a unit the AI cannot draw")
E698 = define_code("E698", "Solo position's decoy counter the engine would not keep")
E697 = define_code("E697", "Solo position's unit waiting off the battlefield the AI cannot bring on")

DECOY_NAME = "Decoy Unit"
Level = Literal["yellow", "red", "black"]


class Located:
    """Makes this file's diagnostics, located in the position file (the loader's ``_diag``)."""

    def __init__(self, path: Path | None, diag: Callable[..., Diagnostic]) -> None:
        self.path, self.diag = path, diag

    def __call__(self, where: tuple[Any, ...], code: str, message: str, hint: str = "") -> Diagnostic:
        return self.diag(self.path, where, code, message, hint)


Problem = Located


class PlacedSolo(ContentModel):
    ai: Id = Field(description="The AI's side (a side the scenario lets the Solo Mode AI play).")
    attitude: Literal["defensive", "balanced", "aggressive"] = Field(default="aggressive")
    difficulty: Literal["easy", "medium", "hard"] = Field(default="medium")
    danger: int = Field(default=1, ge=1, le=40, description="The danger marker's space on the gauge.")
    revealed: list[Level] = Field(default_factory=list, description="Danger levels whose tile is turned over.")
    tiles: dict[Level, Id] = Field(default_factory=dict, description="The danger tile on each level (default: "
                                   "drawn from the Solo stream as the set-up draws them).")
    reserve: list[Id] = Field(default_factory=list, description="The AI's action cards in reserve (002, 2.3).")
    action_discard: list[Id] = Field(default_factory=list, description="The AI's discarded action cards.")
    deck: list[Id] = Field(default_factory=list, description="Reaction cards still to draw, top first.")
    discard: list[Id] = Field(default_factory=list, description="Reaction cards drawn.")
    available: list[int] = Field(default_factory=list, description="Numbered tokens in the Available Orders box.")
    bag: list[Id] = Field(default_factory=list, description="Unit counters in the reinforcements bag.")
    decoys: list[str] = Field(default_factory=list, description="Names of units that are decoy counters, each "
                              "written as the counter whose face it copies, face down (002, 2.4).")
    offboard: list[str] = Field(default_factory=list, description="Names of the AI's units waiting off the "
                                "battlefield to come on by the arrow squares, first first (002, 3.2 Far Far "
                                "Away...); such a unit has no square (at).")
    dashboard: list[Id] = Field(default_factory=list, description="Tactical bonus tokens on the AI's dashboard.")
    bonuses: dict[Square, Id] = Field(default_factory=dict, description="Tactical bonus tokens on the "
                                      "battlefield, by square.")
    extra_orders: int = Field(default=0, ge=0, le=10)
    combat: int = Field(default=0, ge=0, le=10)
    lasting: Literal["none", "movement", "defence", "combat"] = Field(default="none")
    tactician: int = Field(default=0, ge=0, le=10)
    player_orders: int = Field(default=0, ge=0, le=10)
    player_specials: int = Field(default=0, ge=0, le=10)
    player_hand: int = Field(default=0, ge=0, le=10)
    player_tokens: list[Literal["resupply", "reinforcements"]] = Field(default_factory=list)


COUNTERS = ("extra_orders", "combat", "lasting", "tactician", "player_orders", "player_specials", "player_hand",
            "player_tokens")
"""Dashboard fields written as they are."""


def solo_rules(spec: PlacedSolo, side_ids: list[str], scenario: Any, problem: Problem,
               problems: list[Diagnostic]) -> SoloModeRules | None:
    """The Solo game mode's rules for the section, or None with an E690."""
    allowed = list(scenario.solo.ai_sides) if scenario.solo and scenario.solo.ai_sides else side_ids
    if spec.ai not in side_ids or spec.ai not in allowed:
        problems.append(problem(("solo", "ai"), E690, f"the Solo Mode AI cannot play side '{spec.ai}' of "
                                f"'{scenario.id}' (it may play: {', '.join(s for s in allowed if s in side_ids)})",
                                "name a side the scenario gives the AI (002 Solo Mode, 2 Set Up)"))
        return None
    return SoloModeRules({"ai_side": side_ids.index(spec.ai), "attitude": spec.attitude,
                          "difficulty": spec.difficulty})


def dashboard(state: GameState, spec: PlacedSolo, names: dict[str, int], problem: Problem,
              problems: list[Diagnostic]) -> None:
    """Set the Solo dashboard up as written (``state.variant``), before the round starts:
    what the set-up would otherwise draw, deal and deploy (002, 2 Set Up) is taken from
    the section; the rules the variant gives the AI's units are granted as at set-up."""
    rules = state.rules
    assert isinstance(rules, SoloModeRules)
    ai, pack, bf = rules.ai, state.static.pack, state.static.bf
    content = solo_content(pack)
    rng = Rng(derive_seed(state.static.seed, "solo-mode", rules.attitude, rules.difficulty))
    brain = make_brain(pack, ai, rules.attitude, rng, rules.rules_fired)
    gauge = make_gauge(content.gauge, content.tiles, rules.attitude, rules.difficulty, rng)
    _gauge(gauge, spec, content, problem, problems)
    for key, pile in (("deck", spec.deck), ("discard", spec.discard)):
        for j, cid in enumerate(pile):
            if cid not in content.cards:
                problems.append(problem(("solo", key, j), E691, f"'{cid}' is not a reaction card of the pack",
                                        "name the pack's reaction cards (solo/reaction-cards.yaml)"))
    solo = SoloState(rng, brain, gauge, content.cards, list(spec.deck), sort_forces(state, ai, state.static.scenario.solo),
                     [], discard=list(spec.discard))
    for name in COUNTERS:
        value = getattr(spec, name)
        setattr(solo, name, list(value) if isinstance(value, list) else value)
    modifiers.grant(state, ai)
    reaction_abilities.grant(state, ai)
    clarifications.ignore_options(state, ai)
    scenario_side = state.static.scenario.sides[ai]
    solo.entry = [bf.square(sq) for sq in scenario_side.entry]
    solo.zone = [s for area in scenario_side.deployment for s in bf.area_squares(area)] or list(solo.entry)
    _tactical_bonuses(state, solo, spec, problem, problems)
    _cards(state, rules, spec, problem, problems)
    _bag(state, rules, solo, spec, problem, problems)
    _offboard(state, rules, solo, spec, names, problem, problems)
    _decoys(state, rules, solo, spec, names, problem, problems)
    solo.counted = {u.id for u in state.units if u.side == ai and not u.alive}
    state.variant = solo


def _gauge(gauge: Any, spec: PlacedSolo, content: Any, problem: Problem, problems: list[Diagnostic]) -> None:
    """The danger marker and its tiles as written; a level reached and not revealed (or
    revealed and not reached) is an E692: the next step would turn it over."""
    by_id = {t.id: t for t in content.tiles}
    for level, tid in spec.tiles.items():
        tile = by_id.get(tid)
        if tile is None or tile.level != level:
            problems.append(problem(("solo", "tiles", level), E692, f"'{tid}' is not a {level} danger tile of the "
                                    "pack", "name a danger tile of that level (solo/danger-tiles.yaml)"))
        else:
            gauge.tiles[level] = tile
    gauge.position = spec.danger
    reached = [lv for lv in LEVELS if spec.danger >= gauge.thresholds[lv]]
    if sorted(spec.revealed, key=LEVELS.index) != reached:
        problems.append(problem(("solo", "revealed"), E692, f"danger space {spec.danger} reaches "
                                f"{', '.join(reached) or 'no level'} (thresholds {gauge.thresholds}), yet the tiles "
                                f"revealed are {', '.join(spec.revealed) or 'none'}",
                                "reveal exactly the levels the marker has reached (002 Solo Mode, Danger Tiles)"))
    gauge.revealed = [lv for lv in LEVELS if lv in spec.revealed]


def _tactical_bonuses(state: GameState, solo: SoloState, spec: PlacedSolo, problem: Problem,
                      problems: list[Diagnostic]) -> None:
    """Tokens on the battlefield and on the AI's dashboard (002, 2.2 Tactical Bonuses)."""
    known = {b.effect_key or b.id for b in state.static.pack.items.get("tactical_bonuses", {}).values()}
    bf = state.static.bf
    for name, token in spec.bonuses.items():
        where = ("solo", "bonuses", name)
        if token not in known:
            problems.append(problem(where, E693, f"'{token}' is not a tactical bonus token of the pack",
                                    f"one of: {', '.join(sorted(known))}"))
            continue
        try:
            solo.bonuses[bf.square(name)] = token
        except GridError as exc:
            problems.append(problem(where, E693, str(exc)))
    for j, token in enumerate(spec.dashboard):
        if token not in LASTING:
            problems.append(problem(("solo", "dashboard", j), E693, f"'{token}' does not stay on the dashboard "
                                    "(it takes effect when taken)", f"the dashboard holds {', '.join(LASTING)}"))
    if len(spec.dashboard) > DASHBOARD:
        problems.append(problem(("solo", "dashboard"), E693, f"{len(spec.dashboard)} tokens on the dashboard, "
                                f"which holds {DASHBOARD}", "remove tokens (002, 2.2 Tactical Bonuses)"))
    solo.dashboard = list(spec.dashboard)
    solo.reserve_cap = RESERVE + 1 if "opportunistic" in spec.dashboard else RESERVE


def _cards(state: GameState, rules: SoloModeRules, spec: PlacedSolo, problem: Problem,
           problems: list[Diagnostic]) -> None:
    """The AI's reserve (its hand) and discarded action cards, of its faction; the
    player's Initiative cards left his deck at set-up (002, 2.3)."""
    cards = state.static.pack.items["cards"]
    faction = state.static.sides[rules.ai].faction
    for key, pile in (("reserve", spec.reserve), ("action_discard", spec.action_discard)):
        for j, cid in enumerate(pile):
            card = cards.get(cid)
            if card is None or getattr(card, "faction", faction) not in (faction, None):
                problems.append(problem(("solo", key, j), E691, f"'{cid}' is not an action card of the AI's "
                                        f"faction ({faction})", "name the pack's cards of the AI's faction"))
    if len(spec.reserve) > RESERVE + (1 if "opportunistic" in spec.dashboard else 0):
        problems.append(problem(("solo", "reserve"), E691, f"{len(spec.reserve)} cards in a reserve of "
                                f"{RESERVE} slots (4 with Opportunistic on the dashboard)",
                                "discard the cards beyond the reserve's slots (002, 2.3 Cards)"))
    player = state.sides[rules.player]
    if any(effect_key(state, c) == "keep-initiative" for c in player.hand + player.deck):
        problems.append(problem(("hands",), E691, "the player holds an Initiative card, which leaves his deck "
                                "in the Solo game mode (002, 2.3: the player always has the initiative)",
                                "remove the player's Initiative cards"))


def _bag(state: GameState, rules: SoloModeRules, solo: SoloState, spec: PlacedSolo, problem: Problem,
         problems: list[Diagnostic]) -> None:
    """The reinforcements bag's units, made as the set-up makes them: set aside,
    concealed, a particular one with the next numbered marker (builder.systems.heroes.engine.
    solo_mode.reinforcements.fill_bag)."""
    units = state.static.pack.items["units"]
    faction = state.static.sides[rules.ai].faction
    named = set(getattr(state.static.scenario.solo, "particular_units", []) or [])
    for j, unit_id in enumerate(spec.bag):
        model = units.get(unit_id)
        if model is None or model.faction != faction:
            problems.append(problem(("solo", "bag", j), E695, f"'{unit_id}' is not a unit of the AI's faction "
                                    f"({faction})", "name unit counters of the AI's faction"))
            continue
        st = UnitStatic(profile_of(model), {}, -1, -1, set_aside=True, reinforcement=True)
        u = UnitState(len(state.units), rules.ai, st)
        u.concealed = True
        state.static.units.append(st)
        state.units.append(u)
        if is_particular(u, named):
            solo.forces.markers[u.id] = max(solo.forces.markers.values(), default=0) + 1
        solo.bag.append(u.id)
    if solo.bag:
        state.static.derived.forget(INFANTRY)


def _offboard(state: GameState, rules: SoloModeRules, solo: SoloState, spec: PlacedSolo, names: dict[str, int],
              problem: Problem, problems: list[Diagnostic]) -> None:
    """AI units waiting off the battlefield, in the order they come on by the arrow
    squares (002 Solo Mode, 3.2 Far Far Away...; 2.5 Other Units)."""
    for j, name in enumerate(spec.offboard):
        uid = names.get(name, -1)
        u = state.units[uid] if uid >= 0 else None
        if u is None or u.side != rules.ai or u.sq >= 0 or u.carried_by >= 0 or not solo.entry \
                or spec.offboard.index(name) != j:
            why = ("the scenario gives the AI no arrow squares to come on by" if u is not None and not solo.entry
                   else f"'{name}' is not a unit of the AI placed without a square (each once)")
            problems.append(problem(("solo", "offboard", j), E697, why,
                                    "name AI units written without 'at' or 'aboard', each once"))
            continue
        solo.offboard.append(uid)


def decoy_of(model: Any) -> UnitStatic:
    """A decoy counter's static part copying ``model``'s revealed face, as the Solo set-up
    makes it (builder.systems.heroes.engine.solo_mode.decoys)."""
    face = next((i for i, f in enumerate(model.faces) if f.role != "concealed"), 0)
    return decoy_static(model, face, DECOY_ID, DECOY_NAME)


def copied_counter(state: GameState, u: UnitState) -> str:
    """The id of the counter a decoy copies: the first of the pack's counters of its
    side's faction whose revealed face shows what it shows (values and abilities)."""
    side = state.static.sides[u.side].faction
    for uid in sorted(state.static.pack.items["units"]):
        model = state.static.pack.items["units"][uid]
        if model.faction == side and decoy_of(profile_of(model)).profile == u.st.profile:
            return str(uid)
    return u.st.profile.id


def _decoys(state: GameState, rules: SoloModeRules, solo: SoloState, spec: PlacedSolo, names: dict[str, int],
            problem: Problem, problems: list[Diagnostic]) -> None:
    """Decoy counters, face down: revealed, a decoy is discarded (002, 3.2 Reveal)."""
    for j, name in enumerate(spec.decoys):
        uid = names.get(name, -1)
        u = state.units[uid] if uid >= 0 else None
        if u is None or u.side != rules.ai or not u.concealed or spec.decoys.index(name) != j:
            problems.append(problem(("solo", "decoys", j), E698, f"'{name}' is not a concealed unit of the AI "
                                    "(a decoy face up is discarded; each name once)",
                                    "name face-down AI units (concealed: true)"))
            continue
        solo.decoys.append(uid)


def orders(state: GameState, spec: PlacedSolo, problem: Problem) -> list[Diagnostic]:
    """After the written tokens are on their units: the AI places none in the orders
    phase, its numbered tokens left wait in the Available Orders box as written
    (002, 3.1 AI Orders); the player always holds the initiative (3.2)."""
    rules = state.rules
    assert isinstance(rules, SoloModeRules)
    problems: list[Diagnostic] = []
    side = state.sides[rules.ai]
    if state.initiative != rules.player:
        problems.append(problem(("initiative",), E694, "the Solo Mode AI holds the initiative, which the player "
                                "always has (002 Solo Mode, 3.2 Activation Phase)", "give the initiative to the "
                                "player's side"))
    for j, token in enumerate(spec.available):
        if token not in side.to_place or spec.available.index(token) != j:
            problems.append(problem(("solo", "available", j), E694, f"numbered token {token} is not one of the "
                                    f"AI's tokens left (1 to {side.orders}, none on a unit, each once)",
                                    "give each of the AI's tokens once, on a unit or in the box"))
    state.variant.available = sorted(spec.available)
    side.to_place, side.bluffs_left, side.specials_left = [], 0, 0
    return problems


def solo_data(state: GameState, by_id: dict[int, str]) -> dict[str, Any] | None:
    """The ``solo`` section of ``state``'s position (None outside the Solo game mode)."""
    solo, rules = state.variant, state.rules
    if not isinstance(solo, SoloState) or not isinstance(rules, SoloModeRules):
        return None
    bf, side_ids = state.static.bf, state.side_ids
    out: dict[str, Any] = {
        "ai": side_ids[rules.ai], "attitude": rules.attitude, "difficulty": rules.difficulty,
        "danger": solo.gauge.position, "revealed": list(solo.gauge.revealed),
        "tiles": {lv: t.id for lv, t in solo.gauge.tiles.items() if t is not None},
        "reserve": list(state.sides[rules.ai].hand), "action_discard": list(state.sides[rules.ai].discard),
        "deck": list(solo.deck), "discard": list(solo.discard), "available": sorted(solo.available),
        "bag": [state.units[uid].st.profile.id for uid in solo.bag],
        "offboard": [by_id[uid] for uid in solo.offboard if uid in by_id],
        "decoys": [by_id[uid] for uid in solo.decoys if uid in by_id and state.units[uid].alive],
        "dashboard": list(solo.dashboard), "bonuses": {bf.name(sq): t for sq, t in sorted(solo.bonuses.items())},
    }
    out.update({name: (list(getattr(solo, name)) if isinstance(getattr(solo, name), list) else getattr(solo, name))
                for name in COUNTERS})
    return out
