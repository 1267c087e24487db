"""The Solo Mode AI's choices, each one a decision table run by the generic interpreter
(002 Solo Mode, 5 - Decision Tables): who gets an order, who moves and where, whom to
fire at and with whom, whom to assault, which action a revealed unit takes, and how the
AI moves in the supply phase. Used both by the decision-table player of the two-player
game and by the reaction cards of the Solo game mode.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.ai.solo_mode import tokens
from builder.systems.heroes.ai.solo_mode.view import EngineView, Memo
from builder.systems.heroes.ai.tables import Decision, TableSet, choose, pick_option, rank_destinations
from builder.systems.heroes.ai.tables.interpreter import first_priority
from builder.systems.heroes.content.models.solo import Criterion
from builder.systems.heroes.engine.features.anti_tank import PANZERFAUST
from builder.systems.heroes.engine.transport import square_of

if TYPE_CHECKING:
    from builder.systems.heroes.engine import Action, GameState

FALLBACK_DESTINATION = [Criterion(criterion="approach_objective"), Criterion(criterion="cover")]

TRACE: list[dict[str, Any]] | None = None
"""None, or a list every table choice of every brain is appended to, with its reasons
(builder.systems.heroes.ai.solo_mode.why: ``heroes replay LOG --why``); a game is played the same either way."""


def _note(table: str, view: EngineView, candidates: list[Any], d: Decision) -> None:
    """Append one table choice to :data:`TRACE`: when, what the table had to choose from,
    the guards and priorities that kept candidates, and what it chose."""
    if TRACE is not None:
        state = view.state
        TRACE.append({"game": id(state), "decisions": state.decisions, "turn": state.turn, "phase": state.phase, "side": view.side,
                      "table": table, "candidates": list(candidates), "fired": list(d.fired),
                      "decided_by": d.decided_by, "tied": d.tied, "choice": d.choice})


@mypyc_attr(allow_interpreted_subclasses=True)
class Brain:
    """The AI of one side: tables, attitude, a random stream (anything with ``choice``)
    and a counter of the priorities that decided (the playtest report's 'rules fired').
    Compiled (builder/native.py) but open to subclasses in plain Python: a variant or
    a test can override one choice."""

    def __init__(self, tables: TableSet, side: int, attitude: str, rng: Any, fired: Counter[str]) -> None:
        self.tables, self.side, self.attitude, self.rng, self.fired = tables, side, attitude, rng, fired
        self._memo_key: tuple[Any, ...] = ()
        self._memo = Memo()

    def with_rng(self, rng: Any) -> "Brain":
        """The same brain drawing from ``rng``: a cloned game's Solo dashboard
        (builder.systems.heroes.engine.solo_mode.rules.SoloState.clone) has its own random stream."""
        return type(self)(self.tables, self.side, self.attitude, rng, self.fired)

    def view(self, state: "GameState", *, actor: int | None = None, from_reaction: bool = False,
             suppressive: bool = False, actors: list[int] | None = None) -> EngineView:
        """A view of the position (see :class:`EngineView` for the context arguments);
        views of the same unchanged position share a memo (the position is the same
        while no decision or event has been added)."""
        key = (id(state), state.decisions, len(state.events), state.phase, state.current)
        if key != self._memo_key:
            self._memo_key, self._memo = key, Memo()
        return EngineView(state, self.side, self.attitude, actor=actor, from_reaction=from_reaction,
                          suppressive=suppressive, actors=actors, memo=self._memo)

    def run(self, table: str, candidates: list[Any], view: EngineView, context: Any = None) -> Decision:
        d = choose(self.tables[table], candidates, view, self.rng, context)
        if TRACE is not None:
            _note(table, view, candidates, d)
        if d.decided_by and not d.decided_by.endswith("/only"):
            self.fired[d.decided_by] += 1
        return d

    # --- 5.1 place an order ----------------------------------------------------------------
    def order_unit(self, state: "GameState", candidates: list[Any]) -> Any:
        return self.run("place-an-order", candidates, self.view(state)).choice

    # --- 5.2 movement -------------------------------------------------------------------------
    def move_unit(self, state: "GameState", candidates: list[Any], from_reaction: bool) -> Any:
        return self.run("movement", candidates, self.view(state, from_reaction=from_reaction)).choice

    def destination(self, state: "GameState", uid: int, moves: list["Action"], table: str = "movement",
                    from_reaction: bool = False, view: EngineView | None = None) -> "Action | None":
        """The move of ``uid`` its first matching priority's criteria rank best."""
        if not moves:
            return None
        view = view or self.view(state, from_reaction=from_reaction, actor=uid)
        priority = first_priority(self.tables[table], uid, view)
        criteria = priority.destination if priority is not None else FALLBACK_DESTINATION
        squares = sorted({m.square for m in moves})
        best_sq = rank_destinations(criteria, uid, squares, view, self.rng)
        if TRACE is not None:
            ranked_by = [f"{table}/{priority.id}" if priority is not None else "fallback"]
            _note(f"{table} destination", view, squares, Decision(best_sq, ranked_by + [c.criterion for c in criteria]))
        options = [m for m in moves if m.square == best_sq]
        return options[0] if len(options) == 1 else self.rng.choice(options)

    # --- 5.3 firing action ------------------------------------------------------------------------
    def fire(self, state: "GameState", actions: list["Action"], *, suppressive: bool = False,
             from_reaction: bool = False) -> "Action | None":
        """Target first (5.3 part 1 or 2), then the firing unit (5.3 part 3), then its
        best weapon; gear (Ammo and the like, a Panzerfaust) is used whenever it can be
        (002, Reveal a Concealed Unit).
        A blast pattern of that unit (grenade, HE shells, Howitzer...) replaces the
        shot when its expected damage is higher (the tables' template conditions
        rank such shots first; builder/systems/heroes/engine/features/blast.py)."""
        usable = [a for a in actions if a.kind == "fire" and (a.mode == "suppressive") == suppressive
                  and a.target >= 0 and state.units[a.target].sq >= 0]  # not a shot at a structure or an
        # aircraft: no table row for them (builder/systems/heroes/ai/demolition.py, builder/systems/heroes/engine/features/aircraft.py)
        blasts = [] if suppressive else [a for a in actions if a.kind == "blast"]
        if not usable:
            return _best_blast(state, blasts, 0.0)
        actors = sorted({a.unit for a in usable})
        targets = sorted({a.target for a in usable})
        view = self.view(state, actors=actors, actor=actors[0] if len(actors) == 1 else None,
                         from_reaction=from_reaction, suppressive=suppressive)
        target = self.run("suppressive-target" if suppressive else "fire-target", targets, view).choice
        shooters = sorted({a.unit for a in usable if a.target == target})
        if len(shooters) > 1:
            actor = self.run("fire-actor", shooters, view, shooters[0]).choice
        else:
            actor = shooters[0]
        shots = [a for a in usable if a.unit == actor and a.target == target]
        scored = sorted(((a.extra > 0 or a.mode == PANZERFAUST, ev.shot_value(state, a)), i)
                        for i, a in enumerate(shots))
        if scored[-1][0][1] < 0:
            return _best_blast(state, blasts, 0.0)
        chosen = shots[scored[-1][1]]
        return _best_blast(state, [a for a in blasts if a.unit == actor], scored[-1][0][1]) or chosen

    # --- 5.4 assault ---------------------------------------------------------------------------------
    def assault(self, state: "GameState", actions: list["Action"], from_reaction: bool = False) -> "Action | None":
        usable = [a for a in actions if a.kind == "assault"]
        if not usable:
            return None
        actors = sorted({a.unit for a in usable})
        view = self.view(state, actors=actors, actor=actors[0] if len(actors) == 1 else None,
                         from_reaction=from_reaction)
        target = self.run("assault-target", sorted({a.target for a in usable}), view).choice
        candidates = sorted({a.unit for a in usable if a.target == target})
        actor = self.run("assault-actor", candidates, view, candidates[0]).choice
        if actor is None:
            return None
        options = [a for a in usable if a.unit == actor and a.target == target]
        edges = [ev.assault_edge(state, state.units[a.unit], state.units[a.target], a.square) for a in options]
        if max(edges) <= -3:
            self.fired["assault-actor/no-suicidal-assault"] += 1
            return None
        return options[edges.index(max(edges))]

    # --- 5.5 choose an action -----------------------------------------------------------------------
    def activation(self, state: "GameState", actions: list["Action"]) -> "Action":
        """The revealed unit's action: the first option of 5.5 it meets among what it
        may legally do; a movement follows 5.2's destination criteria. A sticky
        bomb or magnetic mine offered after its move is placed first (gear is used
        as soon as it can be, 002 Solo Mode, Reveal a Concealed Unit)."""
        bomb = _best_bomb(state, actions)
        if bomb is not None:
            return bomb
        uid = state.current
        moves = [a for a in actions if a.kind == "move"]
        fires = [a for a in actions if a.kind in ("fire", "blast")]
        allowed = set()
        if any(a.kind == "assault" for a in actions):
            allowed.add("assault")
        if any(a.mode == "suppressive" for a in fires):
            allowed.add("suppressive_fire")
        if any(a.mode != "suppressive" for a in fires):
            allowed.add("fire")
        if moves:
            allowed.add("move")
        view = self.view(state, actor=uid)
        option = pick_option(self.tables["choose-an-action"], uid, view, allowed)
        chosen = None
        if TRACE is not None:
            _note("choose-an-action", view, [uid], Decision(option.action if option is not None else None,
                                                            [f"choose-an-action/{option.id}"] if option else []))
        if option is not None:
            self.fired[f"choose-an-action/{option.id}"] += 1
            if option.action == "assault":
                chosen = self.assault(state, actions)
            elif option.action == "suppressive_fire":
                chosen = self.fire(state, fires, suppressive=True)
            elif option.action == "fire":
                chosen = self.fire(state, fires)
            else:
                chosen = self.destination(state, uid, moves, view=view)
        if chosen is None and fires and (state.moved or "fire" in allowed):
            chosen = self.fire(state, fires)
        if chosen is None:
            ends = [a for a in actions if a.kind in ("end", "hold")]
            chosen = ends[0] if ends else actions[0]
        return chosen

    # --- 5.6 supply phase -------------------------------------------------------------------------------
    def supply(self, state: "GameState", actions: list["Action"]) -> "Action":
        """Move the unit the supply table names, if moving gains it something by its
        priority's criteria; otherwise ask the table again without it; 'end' once no
        unit gains (002 Solo Mode, 3.3 and 5.6). A bomb or mine offered after a
        supply move is placed first, then an advanced position (4.2 Position)."""
        end: Action | None = None
        placing = False
        by_unit: dict[int, list[Action]] = {}
        moves: list[Action] = []
        last = -1
        for a in actions:  # one pass over a long list; a unit's moves come together: look its list up once
            kind = a.kind
            if kind == "move":
                if a.unit != last:
                    last = a.unit
                    moves = by_unit.setdefault(last, [])
                moves.append(a)
            elif kind == "token":
                placing = True
            elif kind == "end" and end is None:
                end = a
        view = self.view(state)
        if placing:
            bomb = _best_bomb(state, actions)
            if bomb is not None:
                return bomb
            placed = tokens.position(actions, view)  # 002 Solo Mode, 4.2 Position: instead of a move
            if placed is not None:
                self.fired["supply/position"] += 1
                return placed
        table = self.tables["supply"]
        candidates = sorted(by_unit)
        while candidates:
            decision = choose(table, candidates, view, self.rng)
            if TRACE is not None:
                _note("supply", view, candidates, decision)
            uid = decision.choice
            assert uid is not None  # chosen among the candidates, of which there are some
            move = self._supply_move(state, uid, by_unit[uid], view)
            if move is not None:
                if decision.decided_by and not decision.decided_by.endswith("/only"):
                    self.fired[decision.decided_by] += 1
                return move
            candidates.remove(uid)
        return end if end is not None else actions[0]

    def _supply_move(self, state: "GameState", uid: int, options: list["Action"], view: EngineView
                     ) -> "Action | None":
        priority = first_priority(self.tables["supply"], uid, view)
        if priority is None:
            return None
        options = self._attitude_filter(state, uid, options, view)
        if not options:
            return None
        best = rank_destinations(priority.destination, uid, sorted({m.square for m in options}), view, self.rng)
        for c in priority.destination:
            sign = 1 if c.prefer == "high" else -1
            here = sign * view.destination_value(uid, square_of(state, state.units[uid]), c.criterion, c.kind)
            there = sign * view.destination_value(uid, best, c.criterion, c.kind)
            if there != here:
                return next(m for m in options if m.square == best) if there > here else None
        return None

    def _attitude_filter(self, state: "GameState", uid: int, options: list["Action"], view: EngineView) -> list["Action"]:
        """Defensive attitude: infantry never ends outside terrain unless it contests the
        primary objective from there (002 Solo Mode, 5.6 > 2, Priority 1)."""
        if self.attitude != "defensive" or state.units[uid].type != "infantry":
            return options
        return [m for m in options if view.destination_value(uid, m.square, "in_terrain") > 0
                or view.destination_value(uid, m.square, "reach_objective", "primary") > 0]

    # --- pending choices ----------------------------------------------------------------------------------
    def pending(self, state: "GameState", actions: list["Action"]) -> "Action":
        """Opportunity fire when worth it; retreat or make way far from the enemy, in cover."""
        return ev.best_pending(state, actions, self.side)

    def settle(self, state: "GameState", actions: list["Action"], side: int) -> "Action":
        """A pending choice a reaction effect left for ``side`` (either side), made as
        :meth:`pending` makes the AI's (builder.systems.heroes.engine.solo_mode.rules.settle_pending)."""
        return ev.best_pending(state, actions, side)


def _best_bomb(state: "GameState", actions: list["Action"]) -> "Action | None":
    """The bomb or mine placement (a ``token`` decision naming a vehicle) worth most
    in expected damage, if worth anything (builder/systems/heroes/engine/features/vehicle_bombs.py)."""
    best, top = None, 0.0
    for a in actions:
        if a.kind == "token" and a.target >= 0:
            v = ev.bomb_value(state, a)
            if v > top:
                best, top = a, v
    return best


def _best_blast(state: "GameState", blasts: list["Action"], above: float) -> "Action | None":
    """The blast action worth most in expected damage, if worth more than ``above``."""
    best, top = None, above
    for a in blasts:
        v = ev.blast_value(state, a)
        if v > top:
            best, top = a, v
    return best
