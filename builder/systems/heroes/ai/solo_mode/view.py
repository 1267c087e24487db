"""EngineView: the decision tables' questions (builder.systems.heroes.ai.tables.query.BattleQuery)
answered over an engine game state, from the AI side's point of view.

Candidates are engine unit ids. The Solo Mode's decoy counters (002 Solo Mode, Set Up >
Anonymous Unit Counters) are units on the battlefield whose values copy an anonymous
unit's (builder.systems.heroes.engine.solo_mode.decoys): the AI cannot tell them from real units.
Template questions answer from the blast patterns the engine offers
(builder/systems/heroes/engine/features/blast.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.ai.solo_mode.measures import LONG_RANGE, Measures
from builder.systems.heroes.engine.solo_mode.sightlines import terrain_clear, terrain_open, terrain_row
from builder.systems.heroes.engine.decoys import shown_abilities
from builder.systems.heroes.engine.features.anti_tank import PANZERFAUST, shot_source
from builder.systems.heroes.engine.effects.options import tokens_left
from builder.systems.heroes.engine.firing import vehicle_defence
from builder.systems.heroes.board.los import BLOCKED, CLEAR, sees, sight_kind
from builder.systems.heroes.board.bitboard import board_of
from builder.systems.heroes.engine.features.blast import INTO_ROOM, blast_actions
from builder.systems.heroes.engine.features.exits import exit_squares
from builder.systems.heroes.engine.movement import infantry_moves, movement_allowance, vehicle_destinations
from builder.systems.heroes.engine.unit_actions import fire_actions, move_actions

if TYPE_CHECKING:
    from builder.systems.heroes.engine import GameState, UnitState



_PRESENCE_BOARDS: dict[frozenset[int], int] = {}
"""Bitboards of the presence square sets met so far (a few per scenario)."""


class Memo:
    """What views of one unchanged position can share: reachable squares, assaults,
    shots, enemy lists and lines of sight (builder.systems.heroes.ai.solo_mode.brain keeps one per
    position)."""

    __slots__ = ("reach", "assaults", "fires", "enemies", "enemy_squares", "sights", "seen", "answers", "nearest",
                 "presence", "templates")

    def __init__(self) -> None:
        self.reach: dict[int, int] = {}
        self.assaults: dict[int, list[Any]] = {}
        self.fires: dict[int, list[Any]] = {}
        self.enemies: dict[int, list["UnitState"]] = {}
        self.enemy_squares: dict[int, list[int]] = {}  # squares of the active enemies, concealed ones too
        self.sights: dict[tuple[int, int], str] = {}  # line-of-sight kind by (viewer, viewed)
        self.seen: dict[tuple[int, bool], list["UnitState"]] = {}  # enemies seen (clearly or not)
        self.answers: dict[tuple[Any, ...], dict[int, dict[Any, bool]]] = {}
        self.nearest: dict[tuple[int, str], list[int]] = {}
        self.presence: dict[str, frozenset[int]] = {}
        self.templates: dict[int, list[tuple[bool, int]]] = {}


class EngineView(Measures):
    """Answers table conditions for the AI side ``side`` of ``state``."""

    def __init__(self, state: "GameState", side: int, attitude: str = "balanced", *, actor: int | None = None,
                 from_reaction: bool = False, suppressive: bool = False, actors: list[int] | None = None,
                 memo: "Memo | None" = None) -> None:
        self.state, self.side, self._attitude = state, side, attitude
        self.actor, self._from_reaction, self._suppressive = actor, from_reaction, suppressive
        self.actors = actors
        self.bf = state.static.bf
        memo = memo if memo is not None else Memo()
        self._reach, self._assaults, self._fires = memo.reach, memo.assaults, memo.fires
        self._enemies, self._sights, self._seen = memo.enemies, memo.sights, memo.seen
        self._enemy_squares = memo.enemy_squares
        self._nearest, self._presence = memo.nearest, memo.presence
        self._templates = memo.templates
        self._units = state.units
        context = (attitude, actor, from_reaction, suppressive, tuple(actors) if actors is not None else None)
        answers = memo.answers.get(context)
        if answers is None:
            answers = memo.answers[context] = {}
        self.answers = answers  # table answers, see builder.systems.heroes.ai.tables.interpreter.evaluate

    # --- helpers -------------------------------------------------------------------------
    def unit(self, u: Any) -> "UnitState | None":
        return self._units[u] if isinstance(u, int) else None

    def nearest(self, side: int, kind: str = "any") -> list[int]:
        """Squares to the nearest objective of ``kind`` from every square
        (builder.systems.heroes.ai.evaluate.nearest_map), read once per position. The squares by which
        the side may leave the battlefield count as primary objectives (002 Solo Mode,
        Scenarios List: the AI takes them so)."""
        got = self._nearest.get((side, kind))
        if got is None:
            got = ev.nearest_map(self.state, side, kind)
            if kind in ("any", "primary") and exit_squares(self.state)[side]:
                got = [min(a, b) for a, b in zip(got, ev.exit_distance_map(self.state, side))]
            self._nearest[(side, kind)] = got
        return got

    def presence(self, kind: str = "any") -> frozenset[int]:
        """Squares from which infantry is present at an objective of ``kind``
        (builder.systems.heroes.ai.evaluate.presence_squares), read once per position."""
        got = self._presence.get(kind)
        if got is None:
            got = self._presence[kind] = ev.presence_squares(self.state, kind)
        return got

    def presence_board(self, kind: str = "any") -> int:
        """:meth:`presence` as a bitboard (built once per set of squares)."""
        squares_ = self.presence(kind)
        got = _PRESENCE_BOARDS.get(squares_)
        if got is None:
            if len(_PRESENCE_BOARDS) > 256:
                _PRESENCE_BOARDS.clear()
            got = _PRESENCE_BOARDS[squares_] = board_of(squares_)
        return got

    def enemies(self, of_side: int) -> list["UnitState"]:
        got = self._enemies.get(of_side)
        if got is None:
            got = self._enemies[of_side] = [e for e in self.state.units
                                            if e.side != of_side and e.active and not e.concealed]
        return got

    def enemy_squares(self, of_side: int) -> list[int]:
        """Squares of the active units not of ``of_side``, concealed ones included
        (builder.systems.heroes.ai.evaluate.enemy_squares: how far the danger is), read once per
        position: asked for every grenade question and every square ranked by it."""
        got = self._enemy_squares.get(of_side)
        if got is None:
            got = self._enemy_squares[of_side] = ev.enemy_squares(self.state, of_side)
        return got

    def reach(self, uid: int) -> int:
        """Bitboard of the squares unit ``uid`` can move to or through, its own included
        (builder.systems.heroes.board.bitboard; none when it is not on the battlefield)."""
        got = self._reach.get(uid)
        if got is None:
            state, u = self.state, self.state.units[uid]
            if not u.active:
                got = 0
            elif u.is_vehicle:
                got = board_of([sq for sq, _ in vehicle_destinations(state, u)]) | 1 << u.sq
            else:
                got = infantry_moves(state, u, movement_allowance(state, u)).entered
            self._reach[uid] = got
        return got

    def assaults(self, uid: int) -> list[Any]:
        got = self._assaults.get(uid)
        if got is None:
            u = self.state.units[uid]
            got = [a for a in move_actions(self.state, u, assaults=True) if a.kind == "assault"] if u.active else []
            self._assaults[uid] = got
        return got

    def fires(self, uid: int) -> list[Any]:
        got = self._fires.get(uid)
        if got is None:
            u = self.state.units[uid]
            got = fire_actions(self.state, u, moving=False) if u.active else []
            self._fires[uid] = got
        return got

    def _sight(self, a: "UnitState", b: "UnitState") -> str:
        """The kind of the line of sight from ``a`` to ``b`` (builder.systems.heroes.board.los), kept
        for the position."""
        key = (a.id, b.id)
        got = self._sights.get(key)
        if got is None:
            got = self._sights[key] = sight_kind(self.state, a.sq, b.sq, a, b)
        return got

    def _sees(self, a: "UnitState", b: "UnitState", clear: bool, rng: str) -> bool:
        if rng == "not_long" and self.bf.distance(a.sq, b.sq) > LONG_RANGE:
            return False
        if a.sq < 0 or b.sq < 0:  # off the battlefield: no row to read, ask the line itself
            possible = (terrain_clear if clear else terrain_open)(self.bf, a.sq, b.sq)
        else:
            possible = bool(terrain_row(self.bf, a.sq, clear) >> b.sq & 1)
        if not possible:
            return False  # the terrain alone decides: no sight() needed
        kind = self._sight(a, b)
        return kind == CLEAR if clear else kind != BLOCKED

    def _seen_enemies(self, x: "UnitState", clear: bool) -> list["UnitState"]:
        """The enemies ``x`` sees (clearly when ``clear``), kept for the position: every
        'sees an enemy' condition of the tables starts from this list. (The loop is
        :meth:`_sees` written out: it runs for every AI unit of every decision; a line
        the terrain alone rules out needs no sight.)"""
        sights = self._sights
        key = (x.id, clear)
        got = self._seen.get(key)
        if got is None:
            got = []
            state, bf, xid, xsq = self.state, self.bf, x.id, x.sq
            possible = terrain_row(bf, xsq, clear)
            for e in self.enemies(x.side):
                if not possible >> e.sq & 1:
                    continue
                pair = (xid, e.id)
                kind = sights.get(pair)
                if kind is None:
                    kind = sights[pair] = sight_kind(state, xsq, e.sq, x, e)
                if kind == CLEAR if clear else kind != BLOCKED:
                    got.append(e)
            self._seen[key] = got
        return got

    def _ai_units(self) -> list["UnitState"]:
        ids = self.actors if self.actors is not None else [u.id for u in self.state.units if u.side == self.side]
        return [self.state.units[i] for i in ids if self.state.units[i].active]

    # --- facts about one unit -------------------------------------------------------------
    def suppressed(self, u: Any) -> bool:
        x = self.unit(u)
        return bool(x and x.suppressed)

    def concealed(self, u: Any) -> bool:
        x = self.unit(u)
        return True if x is None else x.concealed

    def in_terrain(self, u: Any) -> bool:
        x = self.unit(u)
        return bool(x and x.sq >= 0 and self.bf.terrain[x.sq].defence_bonus > 0)

    def unit_type(self, u: Any, types: list[str]) -> bool:
        x = self.unit(u)
        return (x.type if x else "infantry") in types

    def has_ability(self, u: Any, ability: str) -> bool:
        """The ability as the counter shows it: a decoy shows its copied face's
        (builder.systems.heroes.engine.decoys.shown_abilities), though it has none to use."""
        x = self.unit(u)
        return bool(x and (x.ability(ability) is not None or (x.st.decoy and ability in shown_abilities(x))))

    def has_order(self, u: Any) -> bool:
        x = self.unit(u)
        return bool(x and x.order > 0)

    def fragile(self, u: Any) -> bool:
        x = self.unit(u)
        if x is None:
            return False
        if x.type == "light_vehicle":
            return True
        face = x.st.profile.faces[x.face]
        return x.type == "infantry" and not (face.flips and x.face + 1 < len(x.st.profile.faces))

    def officer(self, u: Any) -> bool:
        x = self.unit(u)
        return bool(x and x.st.profile.outline == "officer")

    def in_vehicle(self, u: Any) -> bool:
        x = self.unit(u)
        return bool(x and x.carried_by >= 0 and x.alive)

    def tripod_inactive(self, u: Any) -> bool:
        x = self.unit(u)
        return bool(x and x.ability("tripod") is not None and x.st.profile.faces[x.face].role == "packed")

    def controls_objective(self, u: Any, kind: str = "any") -> bool:
        x = self.unit(u)
        if x is None or x.type != "infantry" or x.sq < 0:
            return False
        return x.sq in self.presence(kind)

    def can_reach_objective(self, u: Any, kind: str = "any") -> bool:
        x = self.unit(u)
        if x is None or x.type != "infantry" or not x.active:
            return False
        if self.nearest(x.side, kind)[x.sq] > x.st.profile.faces[x.face].movement + 2:
            return False  # out of reach whatever the path: skip the search
        return bool(self.presence_board(kind) & self.reach(x.id))

    def could_reach_objective(self, u: Any, kind: str = "any") -> bool:
        return self.can_reach_objective(u, kind)

    def sees_objective(self, u: Any, kind: str = "any") -> bool:
        x = self.unit(u)
        if x is None or x.sq < 0:
            return False
        bf = self.bf
        return any(terrain_open(bf, x.sq, osq) and sees(self.state, x.sq, osq, x)
                   for _, osq, _ in ev.objective_squares(self.state, kind))

    def far_from_objective(self, u: Any, factor: int = 2) -> bool:
        x = self.unit(u)
        if x is None or x.sq < 0:
            return False
        mv = max(1, x.st.profile.faces[x.face].movement)
        return self.nearest(x.side)[x.sq] > factor * mv

    def in_enemy_los(self, u: Any, clear: bool = False) -> bool:
        x = self.unit(u)
        if x is not None and x.carried_by >= 0:  # seen when its vehicle is (002, Clarifications, example 7C)
            x = self.state.units[x.carried_by]
        if x is None or x.sq < 0:
            return False
        return any(self._sees(e, x, clear, "any") for e in self.enemies(x.side))

    def has_grenade(self, u: Any) -> bool:
        x = self.unit(u)
        if x is None or x.type != "infantry" or not tokens_left(self.state, x, "grenade"):
            return False
        return self.danger(x.sq, x.side) <= 3

    def on_board(self, u: Any) -> bool:
        x = self.unit(u)
        return bool(x and x.active)

    def likely_destroyed(self, u: Any) -> bool:
        """Common-sense guard: a fragile unit two or more enemies see in the open at
        normal range will probably not live to act (002, The Common Sense; 5.1 warning)."""
        x = self.unit(u)
        if x is None or x.sq < 0 or not self.fragile(u) or self.in_terrain(u):
            return False
        return sum(1 for e in self.enemies(x.side) if self._sees(e, x, True, "not_long")) >= 2

    # --- relations with the other side --------------------------------------------------------
    def sees_enemy(self, u: Any, clear: bool = False, target: str = "any", range: str = "any") -> bool:
        x = self.unit(u)
        if x is None or x.sq < 0:
            return False
        seen = self._seen_enemies(x, clear)
        if range == "any" and target == "any":
            return bool(seen)
        if range == "not_long":
            seen = [e for e in seen if self.bf.distance(x.sq, e.sq) <= LONG_RANGE]
        elif range == "long_only":
            if not seen or any(self.bf.distance(x.sq, e.sq) <= LONG_RANGE for e in seen):
                return False
        return any(self._is_target(e, target, viewer=x) for e in seen)

    def _is_target(self, e: "UnitState", target: str, viewer: "UnitState | None" = None) -> bool:
        if target == "any":
            return True
        if target == "outside_terrain":
            return self.bf.terrain[e.sq].defence_bonus == 0
        if target == "exposed_heavy_vehicle":
            return self.exposed_heavy_vehicle(e.id, viewer)
        if target == "light_vehicle":
            return e.type == "light_vehicle"
        if target == "fragile_infantry":
            return e.type == "infantry" and self.fragile(e.id)
        if target == "controls_objective":
            return self.controls_objective(e.id)
        if target == "could_reach_objective":
            return self.can_reach_objective(e.id)
        return False

    def enemy_in_assault_range(self, u: Any) -> bool:
        x = self.unit(u)
        return bool(x and self.assaults(x.id))

    def can_template(self, u: Any, min_units: int = 2, fire: str = "any") -> bool:
        """Could the unit place a blast pattern over ``min_units`` enemies: ``direct``
        (grenades, HE shells, Howitzer) or ``indirect`` (may scatter: Indirect Fire,
        rifle grenades)?"""
        x = self.unit(u)
        if x is None or not x.active or x.sq < 0:
            return False
        return any(count >= min_units and (fire == "any" or indirect == (fire == "indirect"))
                   for indirect, count in self._templates_of(x))

    def _templates_of(self, x: "UnitState") -> list[tuple[bool, int]]:
        """Per blast action of ``x``: whether it is indirect, and how many enemies it
        attacks; kept for the position (the tables ask it with several ``min_units``
        and ``fire`` arguments)."""
        got = self._templates.get(x.id)
        if got is None:
            got = self._templates[x.id] = [
                (a.mode in ("indirect-fire", "rifle-grenade") and a.extra != INTO_ROOM,
                 sum(1 for t, _ in ev.blast_hits(self.state, a) if t.side != x.side))
                for a in blast_actions(self.state, x)]
        return got

    def good_shot(self, u: Any, min_odds: float = 0.25) -> bool:
        """Common sense: some shot of the unit hits at least ``min_odds`` of the time."""
        x = self.unit(u)
        if x is None or not x.active:
            return False
        from builder.systems.heroes.engine.firing import plan_shot
        for a in self.fires(x.id):
            with ev.as_revealed(x):
                plan = plan_shot(self.state, x, a.weapon, self.state.units[a.target], a.mode or "normal", a.extra,
                                 moving=self.state.moved)
            if plan.ok and plan.odds()[0] >= min_odds:
                return True
        return False

    def assault_edge(self, u: Any, at_least: int = 0) -> bool:
        x = self.unit(u)
        if x is None:
            return False
        edges = [ev.assault_edge(self.state, x, self.state.units[a.target], a.square) for a in self.assaults(x.id)]
        return bool(edges) and max(edges) >= at_least

    # --- facts about an enemy unit considered as a target ------------------------------------------
    def adjacent_to_friend(self, u: Any) -> bool:
        x = self.unit(u)
        if x is None:
            return False
        return any(self.state.occ[n] >= 0 and self.state.occ[n] != x.id and self.state.units[self.state.occ[n]].side == x.side
                   for n in self.bf.adjacent(x.sq))

    def templatable(self, u: Any) -> bool:
        """Could a unit of the other side place a blast pattern that attacks it?"""
        x = self.unit(u)
        if x is None or x.sq < 0:
            return False
        return any(t is x for f in self.state.units if f.side != x.side and f.active and f.sq >= 0
                   for a in blast_actions(self.state, f) for t, _ in ev.blast_hits(self.state, a))

    def seen_by_actor(self, u: Any, clear: bool = False, range: str = "any") -> bool:
        x = self.unit(u)
        if x is None:
            return False
        viewers = [self.state.units[self.actor]] if self.actor is not None else self._ai_units()
        return any(self._sees(a, x, clear, range) for a in viewers)

    def in_assault_range_of_ai(self, u: Any) -> bool:
        return any(a.target == u for v in self._ai_units() if v.id != self.actor for a in self.assaults(v.id))

    def exposed_heavy_vehicle(self, u: Any, viewer: "UnitState | None" = None) -> bool:
        x = self.unit(u)
        if x is None or x.type != "heavy_vehicle":
            return False
        viewers = [viewer] if viewer is not None else self._ai_units()
        for a in viewers:
            weapons = a.st.profile.faces[a.face].weapons
            if not any(w.against("heavy_vehicle") is not None for w in weapons) and not self._panzerfaust_at(a, x):
                continue
            if self._sees(a, x, False, "any") and vehicle_defence(self.state, x, x.sq, a.sq)[1] != "front defence":
                return True
        return False

    def _panzerfaust_at(self, a: "UnitState", x: "UnitState") -> bool:
        """Could ``a`` fire a Panzerfaust token at heavy vehicle ``x`` as its
        alternate firing action? (002 Solo Mode, Decision Tables > 5.3 Firing Action
        > Choose a Target, priority 4, counts it as an effective combat value.)
        Infantry with a token left, ``x`` within the token's reach
        (builder/systems/heroes/engine/features/anti_tank.py)."""
        state = self.state
        if a.type != "infantry" or PANZERFAUST not in state.static.sides[a.side].keys:
            return False
        anti = shot_source(state, a.side, PANZERFAUST)
        return (anti is not None and anti.against("heavy_vehicle") is not None
                and tokens_left(state, a, PANZERFAUST) > 0
                and min(state.static.bf.distance(a.sq, sq) for sq in state.squares_of(x)) <= anti.reach)

    def has_unrevealed_order(self, u: Any) -> bool:
        x = self.unit(u)
        return bool(x and x.order != -2 and not x.acted and x.id != self.state.current)

    def in_range_of_actor(self, u: Any) -> bool:
        if self.actor is None:
            return False
        return any(a.target == u for a in self.fires(self.actor))

    # --- the activation ---------------------------------------------------------------------------
    def from_reaction(self, u: Any) -> bool:
        return self._from_reaction

    def suppressive_fire(self, u: Any) -> bool:
        return self._suppressive

    def attitude(self, u: Any, is_: list[str]) -> bool:
        return self._attitude in is_
