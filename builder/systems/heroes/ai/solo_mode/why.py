"""How the Solo AI chose, from a game log (``heroes replay LOG --why``; issue 27, item 5),
or would choose on a Solo position (``heroes explain solo POSITION EFFECT``; item 4).

A log holds the actions, not the reasons: the AI's table choices happen inside its
player and inside the Solo rules' reaction effects. So the logged game is played again
with its header's scenario, seed, players and armies while the brains record every table
choice (:data:`builder.systems.heroes.ai.solo_mode.brain.TRACE`); each decision's state hash is checked
against the log's as it goes, so the reasons shown are those of the logged game, or a
located error says where the two part. Each choice reads as 002 Solo Mode, 5 >
Clarifications asks: the guards and priorities that kept candidates, in order, the one that
decided (or the random draw among the ties), and what was chosen.
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.ai.players import check_players, parse_spec, rules_for
from builder.systems.heroes.ai.solo_mode import brain
from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.solo_mode import reaction
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.kernel import make_player
from builder.kernel import play as play_loop
from builder.systems.heroes.engine.state import GameState
from builder.errors import InvalidInputError, UsageError

E680 = define_code("E680", "a game log's game, played again to show the Solo AI's reasons, departs from the log")


class _Departs(Exception):
    """The game played again reached another state than the log at one decision."""


def table_choices(pack: Any, lines: list[dict[str, Any]], file: str = "<log>") -> list[dict[str, Any]]:
    """Every Solo table choice of the logged game, in the order made: ``decisions`` (how
    many of the log's decisions were made before it), ``turn``, ``phase``, ``side``, ``table``, ``candidates``,
    ``fired``, ``decided_by``, ``tied``, ``choice`` and ``text`` (one readable line)."""
    header = lines[0]
    players = list(header.get("players", []))
    if not any(parse_spec(p).kind in ("solo", "solo-mode") for p in players):
        raise UsageError(f"{file}: no side of this game is played by the Solo AI (players {', '.join(players)}): "
                         "--why shows the Solo decision tables' reasons")
    logged = [x for x in lines if x.get("type") == "decision"]
    found = pack.items.get("scenarios", {}).get(header["scenario"])
    specs = check_players(found, players) if found is not None else [parse_spec(p) for p in players]
    rules, options = rules_for(specs)
    state = rules.new_game(pack, header["scenario"], seed=header["seed"], armies=header.get("armies"),
                           options=options or None)
    agents = [make_player(name, header["seed"], i) for i, name in enumerate(players)]
    n = 0

    def check(side: int, action: Action, events: list[Any]) -> None:
        nonlocal n
        if n >= len(logged) or logged[n].get("hash") != state.state_hash():
            raise _Departs()
        n += 1

    trace: list[dict[str, Any]] = []
    brain.TRACE = trace
    try:
        play_loop(state, agents, max_decisions=len(logged), on_decision=check)
    except _Departs:
        at = logged[n]["_line"] if n < len(logged) else lines[-1]["_line"]
        message = (f"line {at}: the game played again with the header's seed and players departs from the log at "
                   f"decision {n}")
        raise InvalidInputError(message, [Diagnostic(
            E680, message, file=file, line=at,
            hint="show the reasons with the code and pack that wrote the log, or write the log again "
                 "with `heroes play --log`")]) from None
    finally:
        brain.TRACE = None
    # a player's look-ahead plays the Solo rules on clones of the game: only the game's own choices count
    return [{**entry, "text": _text(state, entry)} for entry in trace if entry.pop("game") == id(state)]


EFFECTS = {"order": "place_order", "move": "tactical_movement", "fire": "firing_action",
           "suppressive": "suppressive_fire", "assault": "assault"}
"""``heroes explain solo`` effects: the reaction-card effects whose unit, target or
square a decision table picks (002 Solo Mode, 3.2 Description of the Effects; 5)."""


def explain_effect(state: GameState, effect: str) -> dict[str, Any]:
    """What the AI does with one reaction-card effect on a Solo position, and why: the
    effect is resolved on a copy of the game while the brain records its table choices
    (guards and priorities that kept candidates, the one that decided, the draw among
    ties), then the events it caused. The position itself is left as it was."""
    kind = EFFECTS.get(effect)
    if kind is None:
        raise UsageError(f"unknown Solo effect '{effect}': use {', '.join(EFFECTS)}")
    if not isinstance(state.rules, SoloModeRules) or state.variant is None:
        raise UsageError("the position has no 'solo' section: the Solo AI's choices need its dashboard "
                         "(docs/engine.md, The Solo dashboard)")
    game = state.clone()
    mark = len(game.events)
    trace: list[dict[str, Any]] = []
    brain.TRACE = trace
    try:
        outcome = reaction.resolve_effect(game.rules, game, kind)
    finally:
        brain.TRACE = None
    choices = [{**entry, "text": _text(game, entry)} for entry in trace if entry.pop("game") == id(game)]
    events = [{"kind": e.kind, **e.data} for e in game.events[mark:]]
    lines = [f"Solo AI, {kind.replace('_', ' ')} effect (002 Solo Mode, 3.2 Description of the Effects; "
             f"5 Decision Tables): {outcome}"]
    lines += [f"  {c['text'].split(': ', 1)[1]}" for c in choices] or ["  no table was asked"]
    lines += [f"  then: {_event(game, e)}" for e in events]
    return {"effect": kind, "outcome": outcome, "choices": [_plain(c) for c in choices],
            "events": [_plain(e) for e in events], "text": "\n".join(lines)}


UNITS, SQUARES = ("unit", "target", "vehicle"), ("square", "from", "to")


def _event(state: GameState, event: dict[str, Any]) -> str:
    """An event in words: its kind, then its data, units by name."""
    bf = state.static.bf
    data = [f"{k} {_name(state, v) if k in UNITS else bf.name(v) if k in SQUARES and isinstance(v, int) and v >= 0 else v}"
            for k, v in event.items() if k != "kind"]
    return " ".join([event["kind"], ", ".join(data)]).strip()


def _plain(value: Any) -> Any:
    """``value`` as JSON data (an action or other object as its text)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def _name(state: GameState, uid: Any) -> str:
    if not isinstance(uid, int) or not 0 <= uid < len(state.units):
        return str(uid)
    return f"{state.units[uid].st.profile.name} (u{uid})"


def _text(state: GameState, entry: dict[str, Any]) -> str:
    """One choice in words: table, from how many, why, and what."""
    table = entry["table"]
    where = f"turn {entry['turn']} {entry['phase']}, after {entry['decisions']} decisions"
    if table == "choose-an-action":
        chosen = entry["choice"] or "nothing the unit may do"
        why = ", ".join(entry["fired"]) or "no option met"
        return f"{where}: {table} for {_name(state, entry['candidates'][0])}: {chosen} (option {why})"
    if table.endswith("destination"):
        ranked_by, *criteria = entry["fired"]
        return (f"{where}: {table}: square {state.bf.name(entry['choice'])} of {len(entry['candidates'])} "
                f"(priority {ranked_by}, ranked by {', '.join(criteria)})")
    chosen = _name(state, entry["choice"]) if entry["choice"] is not None else "none"
    kept = " > ".join(entry["fired"]) or "no priority met"
    decided = entry["decided_by"] or "-"
    if decided.endswith("/random"):
        decided += f" among {entry['tied']}"
    among = entry["candidates"]
    listed = f" ({', '.join(_name(state, u) for u in among)})" if 1 < len(among) <= 4 else ""
    return (f"{where}: {table}: {chosen} of {len(among)} candidates{listed}; kept by {kept}; "
            f"decided by {decided}")
