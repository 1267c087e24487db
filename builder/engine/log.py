"""JSONL game logs and replay.

A log is one JSON object per line: a ``header`` (scenario, seed, players, pack,
rules), then for every decision a ``decision`` line followed by its ``event``
lines (every die with what it was for), and a final ``result`` line with the
state hash. ``replay`` sets the game up again from the header, re-applies every
decision (each checked to be legal) and compares the final state hash.

The rules core does no I/O: :func:`play` returns records, and the CLI writes them
with the atomic writer of builder.content.yaml_io.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable

from builder.diagnostics import Diagnostic, define_code
from builder.engine.actions import Action
from builder.engine.api import apply, legal_actions
from builder.engine.dice import derive_seed
from builder.engine.errors import IllegalAction
from builder.engine.players import get_player
from builder.engine.rules import Rules
from builder.engine.state import GameState
from builder.errors import InvalidInputError

E602 = define_code("E602", "game log cannot be replayed")
E603 = define_code("E603", "replay does not reproduce the logged state hash")
LOG_VERSION = 1


@dataclass
class GameRecord:
    header: dict[str, Any]
    lines: list[dict[str, Any]] = field(default_factory=list)

    def jsonl(self) -> str:
        return "".join(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n"
                       for line in [self.header, *self.lines])


def play(pack: Any, scenario: str, seed: int, players: list[str], *, pack_ref: str = "",
         rules: type[Rules] = Rules, max_decisions: int = 200_000,
         armies: Any = None) -> tuple[GameState, GameRecord]:
    """Play one game with the named players (and ``armies``: an army list or None per
    side); returns the final state and its log. Given armies go into the header as
    composition entries, so the log replays without the army files."""
    from builder.engine.armies import army_composition

    entries = [army_composition(a) if a is not None else None for a in armies] if armies else None
    state = rules.new_game(pack, scenario, seed=seed, armies=entries)
    agents = [get_player(name, derive_seed(seed, "player", i, name), i) for i, name in enumerate(players)]
    record = GameRecord({"type": "header", "version": LOG_VERSION, "scenario": scenario, "seed": seed,
                         "players": players, "pack": pack_ref, "rules": rules.name,
                         "start_hash": state.state_hash(), **({"armies": entries} if entries else {})})
    n = 0
    while state.result is None and n < max_decisions:
        actions = legal_actions(state)
        side = state.to_act
        action = agents[side].choose(state, actions)  # type: ignore[index]
        events = apply(state, action)
        record.lines.append({"type": "decision", "n": n, "side": side, "action": action.to_dict()})
        record.lines.extend({"type": "event", **e.to_dict()} for e in events[1:])
        n += 1
    result = state.result.to_dict() if state.result else None
    record.lines.append({"type": "result", "decisions": n, "result": result, "state_hash": state.state_hash()})
    return state, record


def parse_log(text: str, file: str = "<log>") -> list[dict[str, Any]]:
    lines = []
    for i, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise _bad(f"line {i} is not JSON: {exc.msg}", file, i, exc.colno) from None
        if not isinstance(obj, dict) or "type" not in obj:
            raise _bad(f"line {i} is not a log record (an object with a 'type')", file, i)
        lines.append({**obj, "_line": i})
    if not lines or lines[0]["type"] != "header":
        raise _bad("the first line must be the header record", file, 1)
    return lines


def _bad(message: str, file: str, line: int = 0, col: int = 0) -> InvalidInputError:
    return InvalidInputError(message, [Diagnostic(E602, message, file=file, line=line, col=col,
                                                  hint="replay a log written by `heroes play --log`")])


def replay(pack: Any, lines: Iterable[dict[str, Any]], file: str = "<log>",
           rules: type[Rules] = Rules) -> tuple[GameState, str | None]:
    """Re-apply a parsed log; returns the state and the logged final hash."""
    lines = list(lines)
    header = lines[0]
    try:
        state = rules.new_game(pack, header["scenario"], seed=int(header["seed"]), armies=header.get("armies"))
    except KeyError as exc:
        raise _bad(f"the header lacks {exc}", file, 1) from None
    expected = None
    for line in lines[1:]:
        if line["type"] == "decision":
            try:
                action = Action.from_dict(line["action"])
                apply(state, action, check=True)
            except (IllegalAction, ValueError, TypeError, KeyError) as exc:
                raise _bad(f"decision {line.get('n')} cannot be applied: {exc}", file, line["_line"]) from None
        elif line["type"] == "result":
            expected = line.get("state_hash")
    return state, expected


def check_replay(state: GameState, expected: str | None, file: str) -> None:
    actual = state.state_hash()
    if expected is not None and actual != expected:
        msg = f"replayed state hash {actual[:16]}... differs from the logged {expected[:16]}..."
        raise InvalidInputError(msg, [Diagnostic(E603, msg, file=file, hint="the rules or the pack changed "
                                                 "since the game was logged")])
