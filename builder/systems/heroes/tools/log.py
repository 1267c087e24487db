"""JSONL game logs and replay.

A log is one JSON object per line: a ``header`` (scenario, seed, players, pack,
rules), then for every decision a ``decision`` line carrying the state hash after it
(log version 2) followed by its ``event`` lines (every die with what it was for), and a
final ``result`` line with the result and the final state hash.

``replay`` proves a log rather than trusting it: it sets the game up again from the
header, re-applies every decision (each checked to be legal), compares every logged
event (so an edited die is caught at its line), every decision's state hash, the
result and the final hash with what the engine produces, and requires the result line
(a truncated or header-only log is refused). Every mismatch is a located error (line,
what differs). Version 1 logs (no hash per decision) are still replayed and checked
event by event; unknown versions are refused by number.

The rules core does no I/O: :func:`play` returns records, and the CLI writes them
with the atomic writer of builder.content.yaml_io.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

# the players live above the engine: the layers contract's one exception for the
# engine (pyproject.toml), this module being a tool the engine itself never imports
from builder.systems.heroes.ai.players import check_players, parse_spec, rules_for
from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.api import apply
from builder.kernel.errors import IllegalAction
from builder.systems.heroes.engine.alliances import seat_players
from builder.kernel import play as play_loop
from builder.systems.heroes.engine.rules import Rules
from builder.systems.heroes.engine.state import GameState
from builder.errors import InvalidInputError, UsageError
from builder.inputs import NumberTooLong, bounded_int
from builder.systems.heroes.engine.armies import army_composition

E602 = define_code("E602", "game log cannot be replayed")
E603 = define_code("E603", "replay does not reproduce the logged state hash")
H860 = define_code("H860", "game log line differs from its replay")
H861 = define_code("H861", "game log is incomplete")
H862 = define_code("H862", "game log header is invalid")
LOG_VERSION = 2
READABLE_VERSIONS = (1, 2)
"""Log versions :func:`replay` reads: 1 (no hash per decision) and 2."""
RECORD_KEYS = {
    "header": {"type", "version", "scenario", "seed", "players", "pack", "rules", "start_hash", "armies", "decks"},
    "decision": {"type", "n", "side", "action", "hash"},
    "result": {"type", "decisions", "result", "state_hash"},
}
"""The keys each record may carry: a key the replay cannot check is refused, not ignored."""


@dataclass(frozen=True)
class DeckCopies:
    """Copies of one action card in a logged army's deck (as an army list's deck entry)."""

    card: str
    copies: int


@dataclass(frozen=True)
class LoggedArmy:
    """A side's army as its log carries it: the composition entries and the army list's
    own deck, so that a game played with an army list (``--army``, a playtest's default
    army) replays without the list's file and with the same deck (000 core rules, Army
    Creation: the player builds the deck; builder.systems.heroes.engine.setup reads ``deck``)."""

    composition: list[dict[str, Any]]
    deck: tuple[DeckCopies, ...]


def logged_armies(entries: list[Any] | None, decks: list[Any] | None) -> list[Any] | None:
    """The armies to set a logged game up with: composition entries per side, as a
    :class:`LoggedArmy` where the side's deck was logged."""
    if entries is None:
        return None
    out: list[Any] = []
    for i, comp in enumerate(entries):
        deck = decks[i] if decks and i < len(decks) else None
        out.append(comp if comp is None or deck is None
                   else LoggedArmy(comp, tuple(DeckCopies(str(d["card"]), int(d["copies"])) for d in deck)))
    return out


@dataclass
class GameRecord:
    header: dict[str, Any]
    lines: list[dict[str, Any]] = field(default_factory=list)

    def jsonl(self) -> str:
        return "".join(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n"
                       for line in [self.header, *self.lines])


def play(pack: Any, scenario: str, seed: int, players: list[str], *, pack_ref: str = "",
         max_decisions: int = 200_000, armies: Any = None) -> tuple[GameState, GameRecord]:
    """Play one game with the named players through the one game loop
    (builder.kernel.play), set up as ``heroes playtest`` sets it up (the Solo
    game mode when a side is ``solo-mode``, builder.systems.heroes.ai.players.rules_for): the same
    seed and players give the same game. ``armies``: an army list or None per side; given
    armies go into the header as composition entries, so the log replays without the
    army files. Returns the final state and its log."""

    found = pack.items.get("scenarios", {}).get(scenario)
    specs = check_players(found, players) if found is not None else [parse_spec(p) for p in players]
    rules, options = rules_for(specs)
    entries = [army_composition(a) if a is not None else None for a in armies] if armies else None
    decks = [[{"card": d.card, "copies": d.copies} for d in a.deck] if getattr(a, "deck", None) else None
             for a in armies] if armies else None
    if decks is not None and all(d is None for d in decks):
        decks = None
    state = rules.new_game(pack, scenario, seed=seed, armies=logged_armies(entries, decks), options=options or None)
    agents = seat_players(state, players, seed)
    record = GameRecord({"type": "header", "version": LOG_VERSION, "scenario": scenario, "seed": seed,
                         "players": players, "pack": pack_ref, "rules": rules.name,
                         "start_hash": state.state_hash(), **({"armies": entries} if entries else {}),
                         **({"decks": decks} if decks else {})})

    n = 0

    def write(side: int, action: Action, events: list[Any]) -> None:
        nonlocal n
        record.lines.append({"type": "decision", "n": n, "side": side, "action": action.to_dict(),
                             "hash": state.state_hash()})
        record.lines.extend({"type": "event", **e.to_dict()} for e in events[1:])
        n += 1

    play_loop(state, agents, max_decisions=max_decisions, on_decision=write)
    result = state.result.to_dict() if state.result else None
    record.lines.append({"type": "result", "decisions": n, "result": result, "state_hash": state.state_hash()})
    return state, record


def require_scenario(pack: Any, scenario_id: str) -> None:
    """A scenario id given on the command line names a scenario of the pack, else a usage
    error (exit 2, as for ``render scenario``); a log naming an unknown scenario stays an
    input error (exit 1) raised when the game is set up."""
    if scenario_id not in pack.items["scenarios"]:
        known = ", ".join(sorted(pack.items["scenarios"])) or "none"
        raise UsageError(f"unknown scenario '{scenario_id}' (known: {known})")


def parse_log(text: str, file: str = "<log>") -> list[dict[str, Any]]:
    """Read a log's lines (each with its line number as ``_line``) and check its header."""
    lines = []
    for i, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw, parse_int=bounded_int)
        except NumberTooLong as exc:
            raise _bad(f"line {i}: {exc}", file, i) from None
        except json.JSONDecodeError as exc:
            raise _bad(f"line {i} is not JSON: {exc.msg} (a truncated or edited log?)", file, i, exc.colno) from None
        except RecursionError:
            raise _bad(f"line {i} is nested too deeply to be a log record", file, i) from None
        if not isinstance(obj, dict) or "type" not in obj:
            raise _bad(f"line {i} is not a log record (an object with a 'type')", file, i)
        extra = sorted(set(obj) - RECORD_KEYS.get(obj["type"], set(obj))) if isinstance(obj["type"], str) else []
        if extra:
            raise _bad(f"line {i}: a {obj['type']} record has no key {extra[0]!r}", file, i)
        lines.append({**obj, "_line": i})
    if not lines or lines[0]["type"] != "header":
        raise _bad("the first line must be the header record", file, 1)
    check_header(lines[0], file)
    return lines


def check_header(header: dict[str, Any], file: str) -> None:
    """The header's values have the types the engine needs (a located H862 otherwise)."""
    def refuse(message: str) -> InvalidInputError:
        return InvalidInputError(message, [Diagnostic(H862, message, file=file, line=header.get("_line", 1),
                                                      hint="replay a log written by `heroes play --log`")])

    version = header.get("version", 1)
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise refuse(f"log version {version!r} is not supported (this version reads "
                     f"{', '.join(map(str, READABLE_VERSIONS))}); replay it with the tool that wrote it")
    if type(header.get("seed")) is not int:
        raise refuse(f"header 'seed' must be an integer, not {header.get('seed')!r}")
    if not isinstance(header.get("scenario"), str) or not header["scenario"]:
        raise refuse(f"header 'scenario' must be a scenario id, not {header.get('scenario')!r}")
    players = header.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise refuse(f"header 'players' must be a list of player names, not {players!r}")
    armies = header.get("armies")
    if armies is not None and (not isinstance(armies, list)
                               or not all(a is None or isinstance(a, list) for a in armies)):
        raise refuse(f"header 'armies' must be a list of compositions (or null) per side, not {json.dumps(armies)[:60]}")
    decks = header.get("decks")
    if decks is not None and (not isinstance(decks, list) or not isinstance(armies, list) or not all(
            d is None or (isinstance(d, list) and all(
                isinstance(e, dict) and isinstance(e.get("card"), str) and type(e.get("copies")) is int
                and 1 <= e["copies"] <= 20 for e in d)) for d in decks)):
        raise refuse(f"header 'decks' must be, per side with 'armies', a list of {{card, copies}} (or null), "
                     f"not {json.dumps(decks)[:60]}")
    if not isinstance(header.get("pack", ""), str):
        raise refuse(f"header 'pack' must be a folder name, not {header.get('pack')!r}")


def _bad(message: str, file: str, line: int = 0, col: int = 0) -> InvalidInputError:
    return InvalidInputError(message, [Diagnostic(E602, message, file=file, line=line, col=col,
                                                  hint="replay a log written by `heroes play --log`")])


def _differs(message: str, file: str, line: int) -> InvalidInputError:
    text = f"line {line}: {message}"
    return InvalidInputError(text, [Diagnostic(H860, text, file=file, line=line,
                                               hint="the log was edited or damaged, or the rules or the pack "
                                               "changed since it was written")])


def _incomplete(message: str, file: str, line: int) -> InvalidInputError:
    return InvalidInputError(message, [Diagnostic(H861, message, file=file, line=line,
                                                  hint="a log is complete only with its result line; "
                                                  "write it again with `heroes play --log`")])


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists), for comparisons."""
    return json.loads(json.dumps(value, sort_keys=True))


def _difference(logged: dict[str, Any], replayed: dict[str, Any]) -> str:
    """The first key whose value differs, in words."""
    for key in sorted(set(logged) | set(replayed)):
        if key == "_line":
            continue
        if logged.get(key) != replayed.get(key):
            return f"{key!r} is {logged.get(key)!r} in the log but {replayed.get(key)!r} when replayed"
    return "the records differ"


def replay(pack: Any, lines: Iterable[dict[str, Any]], file: str = "<log>",
           rules: type[Rules] = Rules,
           on_decision: Callable[[GameState, dict[str, Any], list[Any]], None] | None = None,
           ) -> tuple[GameState, str | None]:
    """Re-apply a parsed log and prove it line by line; returns the state and the logged final hash.

    ``on_decision(state, line, events)`` is called after each decision is applied and its
    hash checked, with the engine's events of that decision (the narration and the
    replay viewer read the game as it went, builder.systems.heroes.tools.story).

    Raises a located :class:`InvalidInputError` at the first line that differs from the
    replay (an event, a decision's hash, the result), and when the result line is missing.
    """
    lines = list(lines)
    header = lines[0]
    check_header(header, file)
    options: dict[str, Any] = {}
    if header.get("rules") == "solo-mode":  # set up as `heroes play` did: the players name the AI side
        try:
            rules, options = rules_for([parse_spec(str(p)) for p in header.get("players", [])])
        except UsageError as exc:
            raise _bad(f"the header's players cannot be read: {exc}", file, 1) from None
    try:
        state = rules.new_game(pack, header["scenario"], seed=header["seed"],
                               armies=logged_armies(header.get("armies"), header.get("decks")), options=options or None)
    except KeyError as exc:
        raise _bad(f"the header lacks {exc}", file, 1) from None
    if header.get("rules") not in (None, rules.name):
        raise _differs(f"the header's rules {header.get('rules')!r} are not the {rules.name!r} rules replaying it",
                       file, header["_line"])
    if header.get("start_hash") not in (None, state.state_hash()):
        raise _differs("the start state differs from the header's 'start_hash'", file, header["_line"])
    version = header.get("version", 1)
    pending: list[dict[str, Any]] = []
    decisions = 0
    last = header["_line"]
    for line in lines[1:]:
        kind, at = line["type"], line["_line"]
        if kind != "event" and pending:
            raise _differs(f"decision {decisions - 1} is missing {len(pending)} event line(s) before this one",
                           file, at)
        if kind == "decision":
            if line.get("n") != decisions:
                raise _differs(f"decision number {line.get('n')!r}, expected {decisions}", file, at)
            if "side" in line and line["side"] != state.to_act:
                raise _differs(f"decision {decisions}: 'side' is {line['side']!r} but side {state.to_act} is to act",
                               file, at)
            try:
                action = Action.from_dict(line["action"])
                events = apply(state, action, check=True)
            except (IllegalAction, ValueError, TypeError, KeyError, AttributeError) as exc:
                raise _bad(f"decision {line.get('n')} cannot be applied: {exc}", file, at) from None
            if version >= 2 or "hash" in line:
                actual = state.state_hash()
                if line.get("hash") != actual:
                    raise _differs(f"decision {decisions}: the state hash {str(line.get('hash'))[:16]}... differs "
                                   f"from the replayed {actual[:16]}...", file, at)
            pending = [_plain({"type": "event", **e.to_dict()}) for e in events[1:]]
            if on_decision is not None:
                on_decision(state, line, events)
            decisions += 1
        elif kind == "event":
            logged = {k: v for k, v in line.items() if k != "_line"}
            if not pending:
                raise _differs(f"an event line the replay does not produce: {_short(logged)}", file, at)
            expected = pending.pop(0)
            if logged != expected:
                raise _differs(f"event {expected.get('kind')!r}: {_difference(logged, expected)}", file, at)
        elif kind == "result":
            return state, _check_result(state, line, decisions, lines, file)
        else:
            raise _bad(f"line {at}: unknown record type {kind!r}", file, at)
        last = at
    raise _incomplete(f"the log ends at line {last} without its result line (truncated or cut short)",
                      file, last)


def _short(record: dict[str, Any]) -> str:
    text = json.dumps(record, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "..."


def _check_result(state: GameState, line: dict[str, Any], decisions: int, lines: list[dict[str, Any]],
                  file: str) -> str | None:
    """The result line matches the replayed game and is the last record."""
    at = line["_line"]
    trailing = [x for x in lines if x["_line"] > at]
    if trailing:
        raise _differs("records follow the result line", file, trailing[0]["_line"])
    if line.get("decisions") != decisions:
        raise _differs(f"the result line says {line.get('decisions')!r} decisions, the log holds {decisions}",
                       file, at)
    replayed = _plain(state.result.to_dict()) if state.result else None
    logged = line.get("result")
    if logged != replayed:
        if isinstance(logged, dict) and isinstance(replayed, dict):
            raise _differs(f"the result differs: {_difference(logged, replayed)}", file, at)
        raise _differs(f"the result is {_short({'result': logged})} but the replay gives {_short({'result': replayed})}",
                       file, at)
    expected = line.get("state_hash")
    if not isinstance(expected, str):
        raise _differs("the result line has no 'state_hash'", file, at)
    check_replay(state, expected, file, at)
    return expected


def check_replay(state: GameState, expected: str | None, file: str, line: int = 0) -> None:
    actual = state.state_hash()
    if expected is not None and actual != expected:
        msg = f"replayed state hash {actual[:16]}... differs from the logged {expected[:16]}..."
        raise InvalidInputError(msg, [Diagnostic(E603, msg, file=file, line=line,
                                                 hint="the log was edited, or the rules or the pack changed "
                                                 "since the game was logged")])
