"""A Heroes System game log told as a story, and the frames of the replay viewer.

:func:`story` replays a parsed log with the engine (proved line by line by
builder.systems.heroes.tools.log.replay) and reads every decision as a player would
say it: units by name, squares by label (``C4``), each shot with the die it needed,
its chance and the roll, each assault with both totals. Where a player records why it
chose (the Solo Mode AI's decision tables, 002 Solo Mode, 5 > Clarifications), the
reasons go under the decision. :func:`narrate` writes the story as text
(``heroes replay LOG --narrate``); :func:`viewer_data` turns it into the per-decision
frames the replay viewer draws (builder.web.replay).

Plain data in (a loaded pack and the parsed log), plain data out; no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError
from builder.systems.heroes.playtests.armies import load_armies, parse_army_options, played_lists
from builder.systems.heroes.ai.players import parse_spec, rules_for
from builder.systems.heroes.ai.solo_mode.why import table_choices
from builder.systems.heroes.board.los import static_line
from builder.systems.heroes.content.pack_cache import load_pack_cached
from builder.systems.heroes.engine.rules import Rules
from builder.systems.heroes.engine.state import BLUFF, NO_ORDER, SPECIAL, GameState, UnitState
from builder.systems.heroes.engine.terms import odds_at_least
from builder.systems.heroes.tools.log import logged_armies, parse_log, play, replay

PHASES = {"orders": "Orders phase", "activation": "Activation phase", "supply": "Supply phase"}
"""The phases of a round (000 core rules, Action!), as the rules name them."""


@dataclass
class Shot:
    """A shot or an assault, as the viewer draws it: a line from the firer's square to
    the target's, with the words of its roll."""

    src: int
    dst: int
    hit: bool
    text: str
    cover: list[int] = field(default_factory=list)
    """The squares along the line whose terrain obscures it (000 core rules, Terrain and
    Terrain Overlays > Obstacles; builder.systems.heroes.board.los.static_line)."""


@dataclass
class Moment:
    """One decision of the game, told."""

    n: int
    side: int
    turn: int
    phase: str
    text: str
    events: list[str] = field(default_factory=list)
    why: list[str] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)
    units: list[tuple[int, str]] = field(default_factory=list)
    """Every unit after the decision: its square (-1 off the battlefield) and a short mark."""
    vp: list[int] = field(default_factory=list)
    """Victory points by side, the objectives held counted as if the game ended now."""
    control: list[int] = field(default_factory=list)
    """The side controlling each objective after the decision (-1 none)."""
    round_start: int = 0
    """The round that began with this decision (0: none)."""


@dataclass
class Story:
    """A whole game told: who played, the start and every decision."""

    title: str
    scenario: str
    seed: int
    players: list[str]
    sides: list[dict[str, str]]
    units: list[dict[str, Any]]
    objectives: list[dict[str, Any]]
    start: Moment
    moments: list[Moment]
    result: dict[str, Any] | None


class Names:
    """Names a player uses: units by the name on their counter (numbered when a side
    fields two of the same), squares by label, sides and cards by name."""

    def __init__(self, state: GameState, pack: Any) -> None:
        self.state = state
        scenario = state.static.scenario
        self.sides = [s.name or s.id for s in scenario.sides]
        counts: dict[tuple[int, str], int] = {}
        for u in state.units:
            key = (u.side, u.profile.name)
            counts[key] = counts.get(key, 0) + 1
        seen: dict[tuple[int, str], int] = {}
        self.units: list[str] = []
        for u in state.units:
            key = (u.side, u.profile.name)
            seen[key] = seen.get(key, 0) + 1
            self.units.append(u.profile.name + (f" {seen[key]}" if counts[key] > 1 else ""))
        self.cards = {cid: getattr(card, "name", cid) for cid, card in pack.items.get("cards", {}).items()}
        self.objectives = [f"{o[0]} ({state.static.bf.name(o[1])})" for o in state.static.objectives]

    def unit(self, uid: Any) -> str:
        if isinstance(uid, int) and 0 <= uid < len(self.units):
            return f"{self.units[uid]} ({self.sides[self.state.units[uid].side]})"
        return "no unit"

    def own(self, uid: Any, side: int) -> str:
        """A unit named by the side it belongs to: without the side's name."""
        if isinstance(uid, int) and 0 <= uid < len(self.units) and self.state.units[uid].side == side:
            return self.units[uid]
        return self.unit(uid)

    def short(self, uid: Any) -> str:
        return self.units[uid] if isinstance(uid, int) and 0 <= uid < len(self.units) else "no unit"

    def square(self, sq: Any) -> str:
        if isinstance(sq, int) and 0 <= sq < self.state.static.bf.size:
            return str(self.state.static.bf.name(sq))
        return "off the battlefield"

    def side(self, si: Any) -> str:
        return self.sides[si] if isinstance(si, int) and 0 <= si < len(self.sides) else str(si)

    def card(self, cid: Any) -> str:
        return str(self.cards.get(cid, cid))

    def weapon(self, uid: Any, wi: Any) -> str:
        if not isinstance(uid, int) or not 0 <= uid < len(self.state.units) or not isinstance(wi, int):
            return "its weapon"
        weapons = self.state.units[uid].face_profile().weapons
        return weapons[wi].name if 0 <= wi < len(weapons) else "its weapon"


def _initials(name: str) -> str:
    """A counter's label: the initials of its name's words, and its number."""
    words = [w for w in name.replace("'", " ").replace(".", " ").split() if w[:1].isalnum()]
    letters = "".join(w[0] for w in words if not w.isdigit())[:2].upper()
    number = words[-1] if words and words[-1].isdigit() else ""
    return letters + number


def _token(token: int) -> str:
    return {SPECIAL: "a special order", BLUFF: "a bluff", NO_ORDER: "no order"}.get(token, f"order token {token}")


def _percent(p: float) -> str:
    return f"{round(p * 100)}%"


def decision_text(names: Names, action: dict[str, Any], side: int = -1) -> str:
    """A decision in a player's words (builder.systems.heroes.engine.actions names the
    kinds); the side's own units go without the side's name."""
    kind = action.get("kind", "")
    unit, target, square = action.get("unit", -1), action.get("target", -1), action.get("square", -1)
    mode = action.get("mode", "")
    u, t, sq = names.own(unit, side), names.own(target, side), names.square(square)
    if kind == "order":
        return f"places {_token(action.get('token', NO_ORDER))} on {u}"
    if kind == "smoke-order":
        return f"places {_token(action.get('token', NO_ORDER))} on a smoke bomb"
    if kind == "done":
        return "has finished placing tokens"
    if kind == "move":
        if mode == "embark":
            return f"{u} boards {t}"
        if mode == "disembark":
            return f"{u} gets out of {t} onto {sq}"
        return f"{u} moves to {sq}"
    if kind in ("fire", "opfire"):
        how = {"normal": "", "": ""}.get(mode, f" ({mode.replace('-', ' ')})")
        verb = "fires at" if kind == "fire" else "fires on the move of"
        return f"{u} {verb} {t} with {names.weapon(unit, action.get('weapon', 0))}{how}"
    if kind == "assault":
        return f"{u} assaults {t}" + (f" from {sq}" if square >= 0 else "")
    if kind == "hold":
        return f"{u} holds"
    if kind == "end":
        return f"{u} ends its activation" if unit >= 0 else "ends its supply moves"
    if kind == "pass":
        return "passes"
    if kind == "card":
        on = f" on {u}" if unit >= 0 else ""
        return f"plays {names.card(mode)}{on}" + (f" targeting {t}" if target >= 0 else "")
    if kind in ("retreat", "displace"):
        return f"{u} {'retreats' if kind == 'retreat' else 'is displaced'} to {sq}"
    if kind == "token":
        return f"{u} spends a token ({mode.replace('-', ' ')})" if mode else f"{u} spends a token"
    if kind == "blast":
        return f"{u} places a blast pattern at {sq}" + (f" ({mode})" if mode else "")
    if kind == "barrage":
        return f"{u} orders a barrage" + (f" of {mode}" if mode else "")
    if kind == "smoke":
        return f"aims a smoke bomb at {sq}"
    parts = [f"{k} {v}" for k, v in sorted(action.items()) if k != "kind"]
    return f"{kind.replace('-', ' ')}" + (f" ({', '.join(parts)})" if parts else "")


def _generic(names: Names, event: dict[str, Any]) -> str:
    """An event the story has no sentence for: its kind and fields, units and squares named."""
    parts = []
    for key, value in sorted(event.items()):
        if key in ("kind", "type"):
            continue
        if key in ("unit", "target", "by") and isinstance(value, int):
            value = names.unit(value)
        elif key in ("square", "from", "to") and isinstance(value, int):
            value = names.square(value)
        elif key == "side" and isinstance(value, int):
            value = names.side(value)
        parts.append(f"{key}: {value}")
    return f"{str(event.get('kind', '')).replace('-', ' ')}" + (f" ({'; '.join(parts)})" if parts else "")


EventTeller = Callable[[Names, dict[str, Any]], str]


def _why(event: dict[str, Any]) -> str:
    why = event.get("why")
    return f" ({why})" if why else ""


EVENTS: dict[str, EventTeller] = {
    "round": lambda n, e: f"round {e.get('turn')} begins; {n.side(e.get('initiative'))} has the initiative",
    "activate": lambda n, e: f"{n.unit(e.get('unit'))} is activated"
    + (f" ({_token(e['token'])})" if isinstance(e.get("token"), int) and e["token"] >= 0 else _why(e)),
    "moved": lambda n, e: f"{n.unit(e.get('unit'))} moves {n.square(e.get('from'))} to {n.square(e.get('to'))}"
    + _why(e),
    "eliminated": lambda n, e: f"{n.unit(e.get('unit'))} is eliminated{_why(e)}",
    "wrecked": lambda n, e: f"{n.unit(e.get('unit'))} is wrecked{_why(e)}",
    "flipped": lambda n, e: f"{n.unit(e.get('unit'))} is flipped to its wounded side{_why(e)}",
    "suppressed": lambda n, e: f"{n.unit(e.get('unit'))} takes {e.get('count', 1)} suppression marker(s){_why(e)}",
    "rallied": lambda n, e: f"{n.unit(e.get('unit'))} rallies{_why(e)}",
    "kill-shot": lambda n, e: f"kill shot: {n.unit(e.get('unit'))} is eliminated outright",
    "retreat": lambda n, e: f"{n.unit(e.get('unit'))} retreats to {n.square(e.get('square'))}",
    "displaced": lambda n, e: f"{n.unit(e.get('unit'))} is displaced to {n.square(e.get('square'))}",
    "card": lambda n, e: f"{n.side(e.get('side'))} plays {n.card(e.get('card'))}"
    + (f" on {n.unit(e['unit'])}" if isinstance(e.get("unit"), int) and e["unit"] >= 0 else ""),
    "card-cancelled": lambda n, e: f"{n.card(e.get('card'))} of {n.side(e.get('side'))} is cancelled",
    "improvised": lambda n, e: f"{n.side(e.get('side'))} discards {n.card(e.get('discard'))} to improvise an order",
    "order-discarded": lambda n, e: f"{n.side(e.get('side'))} loses "
    + (f"the order on {n.unit(e['unit'])}" if isinstance(e.get("unit"), int) else "an order token"),
    "order-lost": lambda n, e: f"{n.side(e.get('side'))} loses the order on {n.unit(e.get('unit'))}",
    "opportunity-fire": lambda n, e: f"{n.unit(e.get('unit'))} takes opportunity fire at {n.unit(e.get('target'))} "
    f"on {n.square(e.get('square'))}",
    "counter-assault": lambda n, e: f"{n.unit(e.get('unit'))} counter-assaults {n.unit(e.get('target'))}",
    "reinforcement": lambda n, e: f"{n.unit(e.get('unit'))} arrives as a reinforcement on {n.square(e.get('square'))}",
    "enters": lambda n, e: f"{n.unit(e.get('unit'))} enters the battlefield on {n.square(e.get('square'))}",
    "exited": lambda n, e: f"{n.unit(e.get('unit'))} leaves the battlefield from {n.square(e.get('square'))}",
    "damage": lambda n, e: f"{n.unit(e.get('unit'))}: damage roll {e.get('roll')}, {e.get('location')}",
    "scenario-score": lambda n, e: f"{n.side(e.get('side'))} scores {e.get('vp')} victory point(s)",
    "end-of-round": lambda n, e: f"end of round {e.get('turn')}: " + "; ".join(
        f"{n.objectives[i]} held by {n.side(c) if c >= 0 else 'nobody'}"
        for i, c in enumerate(e.get("control") or []) if i < len(n.objectives))
    + "; victory points " + ", ".join(f"{n.side(i)} {v}" for i, v in enumerate(e.get("vp") or [])),
    "reaction-card": lambda n, e: f"the Solo AI draws its reaction card {str(e.get('card')).replace('-', ' ')}",
    "ai-order": lambda n, e: f"the Solo AI gives {_token(e.get('token', NO_ORDER))} to {n.unit(e.get('unit'))}",
    "ai-action-card": lambda n, e: f"the Solo AI draws {n.card(e.get('card'))}: {e.get('outcome')}",
    "acts-again": lambda n, e: f"{n.unit(e.get('unit'))} acts again{_why(e)}",
    "resumed": lambda n, e: f"{n.unit(e.get('unit'))} resumes its activation",
    "concealed": lambda n, e: f"{n.unit(e.get('unit'))} is concealed{_why(e)}",
    "revealed": lambda n, e: f"{n.unit(e.get('unit'))} is revealed{_why(e)}",
    "advance": lambda n, e: f"{n.unit(e.get('unit'))} advances into {n.square(e.get('square'))}",
    "breaking-point": lambda n, e: f"{e.get('group')} of {n.side(e.get('side'))} reaches its breaking point"
    + (f" ({e['vp']} VP to the enemy)" if e.get("vp") else ""),
    "embarked": lambda n, e: f"{n.unit(e.get('unit'))} boards {n.unit(e.get('vehicle'))}",
    "disembarked": lambda n, e: f"{n.unit(e.get('unit'))} gets out of {n.unit(e.get('vehicle'))} onto "
    f"{n.square(e.get('square'))}",
    "marker": lambda n, e: f"{n.unit(e.get('unit'))} now has {e.get('count')} {str(e.get('marker')).replace('-', ' ')} "
    "marker(s)",
    "tactical-bonus": lambda n, e: f"{n.side(e.get('side'))} takes the tactical bonus {e.get('bonus')} on "
    f"{n.square(e.get('square'))}",
    "danger-tile": lambda n, e: f"danger tile {str(e.get('tile')).replace('-', ' ')} (level {e.get('level')})",
    "support-order": lambda n, e: f"{n.side(e.get('side'))} orders its support {e.get('tile')}",
    "blast": lambda n, e: (f"{n.unit(e['unit'])} places" if isinstance(e.get("unit"), int) and e["unit"] >= 0
                           else "a blast pattern is placed") + f" ({str(e.get('mode')).replace('-', ' ')})",
    "reroll": lambda n, e: f"{n.unit(e.get('unit'))} rerolls a {e.get('die')}{_why(e)}",
    "life-point": lambda n, e: f"{n.unit(e.get('unit'))} loses a life point",
}
"""A sentence per event kind; the others are told by :func:`_generic`."""

SILENT = frozenset({"die"})
"""Events folded into the next one (a die roll is told with the shot or assault it was for)."""


def _shot_text(names: Names, e: dict[str, Any], dice: int) -> tuple[str, bool]:
    need, die = e.get("need"), e.get("die")
    total, defence = e.get("total"), e.get("defence")
    hit = isinstance(total, int) and isinstance(defence, int) and total >= defence
    odds = f", a {_percent(odds_at_least(need, max(dice, 1)))} chance" if isinstance(need, int) else ""
    best = f"best of {dice} dice " if dice > 1 else ""
    mode = e.get("mode", "normal")
    kind = "shot" if mode in ("normal", "") else f"{str(mode).replace('-', ' ')} shot"
    firer = e.get("unit")
    by = (f"{names.unit(firer)} at {names.unit(e.get('target'))} with {names.weapon(firer, e.get('weapon'))}"
          if isinstance(firer, int) and firer >= 0 else f"at {names.unit(e.get('target'))}")
    text = (f"{kind}: {by}: needs {need}+{odds}; rolled {best}{die}, "
            f"total {total} against defence {defence}: {'hit' if hit else 'miss'}")
    return text, hit


def _assault_text(names: Names, e: dict[str, Any]) -> tuple[str, bool]:
    winner = e.get("winner")
    verdict = {"attacker": "the attacker wins", "defender": "the defender holds", "tie": "a tie"}.get(
        str(winner), str(winner))
    text = (f"assault: {names.unit(e.get('unit'))} ({e.get('attack')}) against {names.unit(e.get('target'))} "
            f"({e.get('defence')}): {verdict}")
    return text, winner == "attacker"


def _mark(u: UnitState) -> str:
    """A counter's state in a few letters: W wreck, F flipped (wounded or damaged side),
    S and a count suppressed, O an order token on it, A activated."""
    if not u.alive:
        return "X"
    mark = ""
    if u.wreck:
        mark += "W"
    elif u.face:
        mark += "F"
    if u.suppressed:
        mark += f"S{u.suppressed}" if u.suppressed > 1 else "S"
    if u.activated:
        mark += "A"
    elif u.order != NO_ORDER:
        mark += "O"
    return mark


def _snapshot(state: GameState, moment: Moment) -> None:
    moment.units = [(u.sq if u.alive else -1, _mark(u)) for u in state.units]
    moment.vp = [s.vp for s in state.sides]
    if state.result is None:  # the objectives held count as the game's end would score them (victory.finish)
        for (_, _, _, vp, _), holder in zip(state.static.objectives, state.control):
            if holder >= 0:
                moment.vp[holder] += vp
    moment.control = list(state.control)


def tell_events(names: Names, state: GameState, events: list[dict[str, Any]], squares: dict[int, int],
                moment: Moment) -> None:
    """Add the sentences and the shots of one decision's events to ``moment``; ``squares``
    holds each unit's square before the decision, moved on as the events move units (a
    shot is drawn from where the firer stood)."""
    dice = 0
    for e in events:
        kind = str(e.get("kind", ""))
        if kind == "decision":
            continue
        if kind == "die":
            dice += 1 if str(e.get("for", "")).startswith("shot") else 0
            continue
        if kind == "moved" and isinstance(e.get("unit"), int) and isinstance(e.get("to"), int):
            squares[e["unit"]] = e["to"]
        if kind in ("shot", "assault"):
            text, hit = _shot_text(names, e, dice) if kind == "shot" else _assault_text(names, e)
            dice = 0
            src, dst = squares.get(e.get("unit", -1), -1), squares.get(e.get("target", -1), -1)
            moment.events.append(text)
            if src >= 0 and dst >= 0:
                line = static_line(state.static.bf, src, dst) if src != dst else None
                cover = [sq for sq, _ in line.obscurers] if line is not None else []
                moment.shots.append(Shot(src, dst, hit, text, cover))
            continue
        if kind == "round":
            moment.round_start = int(e.get("turn") or 0)
        teller = EVENTS.get(kind)
        moment.events.append(teller(names, e) if teller is not None else _generic(names, e))


def _fold(names: Names, action: dict[str, Any], events: list[dict[str, Any]], moment: Moment) -> None:
    """Tell a decision and the event that only repeats it as one sentence: a move with
    the square it left, a card with its own 'played' event."""
    for k, e in enumerate(events[:3]):
        if action.get("kind") == "move" and e.get("kind") == "moved" and e.get("unit") == action.get("unit") \
                and e.get("to") == action.get("square") and not action.get("mode"):
            moment.text = moment.text.replace(f" moves to {names.square(e.get('to'))}",
                                              f" moves {names.square(e.get('from'))} to {names.square(e.get('to'))}")
            del events[k]
            return
        if action.get("kind") == "card" and e.get("kind") == "card" and e.get("card") == action.get("mode"):
            del events[k]
            return


def _solo(player: str) -> bool:
    """A Solo AI plays this seat (its table choices can be shown); a seat taken by a
    person in ``heroes serve`` (``human``) is none."""
    try:
        return parse_spec(player).kind in ("solo", "solo-mode")
    except UsageError:
        return False


def story(pack: Any, lines: list[dict[str, Any]], file: str = "<log>") -> Story:
    """The game of a parsed log (builder.systems.heroes.tools.log.parse_log), replayed
    and proved, told decision by decision."""
    header = lines[0]
    moments: list[Moment] = []
    box: dict[str, Any] = {}

    def on_decision(state: GameState, line: dict[str, Any], events: list[Any]) -> None:
        names: Names = box["names"]
        action = line.get("action") or {}
        side = int(line.get("side", 0) or 0)
        names.state = state  # weapons and sides as they stand (the replay's own state)
        moment = Moment(n=int(line.get("n", len(moments))), side=side, turn=box["turn"], phase=box["phase"],
                        text=f"{names.side(side)}: {decision_text(names, action, side)}")
        told = [e.to_dict() for e in events]
        _fold(names, action, told, moment)
        tell_events(names, state, told, dict(box["squares"]), moment)
        _snapshot(state, moment)
        moments.append(moment)
        box["squares"] = {u.id: u.sq for u in state.units}
        box["turn"], box["phase"] = state.turn, state.phase

    # the set-up, before any decision: a fresh game from the header, as replay makes it
    options: dict[str, Any] = {}
    rules: Any = Rules
    if header.get("rules") == "solo-mode":
        rules, options = rules_for([parse_spec(str(p)) for p in header.get("players", [])])
    first = rules.new_game(pack, header["scenario"], seed=header["seed"],
                           armies=logged_armies(header.get("armies"), header.get("decks")), options=options or None)
    start = Moment(n=-1, side=-1, turn=first.turn, phase=first.phase, text="the battlefield at set-up")
    _snapshot(first, start)
    box.update(names=Names(first, pack), squares={u.id: u.sq for u in first.units}, turn=first.turn,
               phase=first.phase)
    final, _ = replay(pack, lines, file, on_decision=on_decision)
    names = box["names"]
    if any(_solo(str(p)) for p in header.get("players", [])):
        for choice in table_choices(pack, lines, file):
            # made before decision ``at`` (its own player's choice) or while the one before
            # it was applied (a reaction to the other side's decision)
            at = int(choice.get("decisions", 0))
            if at < len(moments) and moments[at].side != choice.get("side") and at > 0:
                at -= 1
            if 0 <= at < len(moments):
                moments[at].why.append(str(choice.get("text", "")))
    scenario = final.static.scenario
    colours = []
    for s in scenario.sides:
        faction = pack.get("factions", s.faction) if hasattr(pack, "get") else None
        colours.append(getattr(faction, "colour", None) or "#666666")
    return Story(
        title=f"{scenario.name} ({scenario.id})", scenario=scenario.id, seed=int(header["seed"]),
        players=[str(p) for p in header.get("players", [])],
        sides=[{"id": s.id, "name": names.side(i), "colour": colours[i]} for i, s in enumerate(scenario.sides)],
        units=[{"name": names.short(u.id), "side": u.side, "type": u.type,
                "label": _initials(names.short(u.id))} for u in final.units],
        objectives=[{"id": o[0], "square": o[1], "name": o[0], "vp": o[3]} for o in final.static.objectives],
        start=start, moments=moments,
        result=final.result.to_dict() if final.result else None)


ENDINGS = {
    "turns": "when the last round was over",
    "no_units": "when a side had no unit left",
    "no_orders": "when a side could give no more orders",
    "sudden_death": "at the end of the round in which the scenario's victory condition was met",
}
"""How a game ended, in words (builder.systems.heroes.engine.victory.finish's reasons; ``heroes play``
and the narration)."""


def verdict(told: Story) -> str:
    """The result in a sentence."""
    result = told.result or {}
    names = {s["id"]: s["name"] for s in told.sides}
    winner = result.get("winner")
    level = result.get("level")
    said = (f"{names.get(winner, winner)} won" + (f" a {level} victory" if level else "")) if winner \
        else "the game was a draw"
    ending = ENDINGS.get(str(result.get("end_reason")), str(result.get("end_reason", "")).replace("_", " "))
    points = ", ".join(f"{names.get(k, k)} {v}" for k, v in (result.get("victory_points") or {}).items())
    return f"{said} {ending}, after {result.get('rounds')} round(s); victory points: {points}."


def narrate(pack: Any, lines: list[dict[str, Any]], file: str = "<log>") -> str:
    """``heroes replay LOG --narrate``: the game turn by turn, in a player's words."""
    told = story(pack, lines, file)
    out = [f"{told.title}, seed {told.seed}: "
           + ", ".join(f"{s['name']} played by {p}" for s, p in zip(told.sides, told.players)), ""]
    out.append(f"Round {told.start.turn}")
    phase = None
    for m in told.moments:
        if m.phase != phase:
            out.append(f"  {PHASES.get(m.phase, m.phase)}")
            phase = m.phase
        out.append(f"    {m.n + 1}. {m.text}")
        out.extend(f"         why: {w}" for w in m.why)
        out.extend(f"       - {e}" for e in m.events if not e.startswith("round "))
        if m.round_start:
            out.append(f"Round {m.round_start}")
            phase = None
    out += ["", verdict(told)]
    return "\n".join(out) + "\n"


def read_log(text: str, display: str, pack: Any = None) -> tuple[Any, list[dict[str, Any]]]:
    """A log's text parsed, with the pack it names (or ``pack``, a folder) loaded."""
    lines = parse_log(text, display)
    folder = Path(pack) if pack is not None else Path(str(lines[0].get("pack") or BUNDLED_CONTENT / "core"))
    return load_pack_cached(folder), lines


def game_log(pack: Any, scenario: str, seed: int, players: list[str], army: list[str] | None = None) -> str:
    """The log of the game a playtest played with ``seed`` (its players by side, its
    ``--army SIDE=FILE`` options), played again (builder.systems.heroes.tools.log.play)."""
    loaded = load_pack_cached(pack)
    model = loaded.items["scenarios"][scenario]
    # the armies the playtest played: its --army lists, the default army built for the scenario otherwise
    armies = list(played_lists(loaded, model, load_armies(loaded, model,
                                                          parse_army_options(list(army or []), [s.id for s in model.sides]))))
    _, record = play(loaded, scenario, seed, list(players), pack_ref=str(pack), armies=armies)
    return record.jsonl()
