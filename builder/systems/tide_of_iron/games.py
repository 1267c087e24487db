"""Seeded games, JSONL logs, replays and playtest batches for Tide of Iron.

A log is one JSON object a line: a header (system, pack, scenario, seed, players), one
line per decision (side and action) and a footer with the decision count, the result
and the final state hash, which :func:`replay` must reproduce.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable

from builder.diagnostics import Diagnostic
from builder.errors import InvalidInputError, UsageError
from builder.playtest.report import build_report
from builder.playtest.seeds import chunks, game_seed, seating
from builder.systems.tide_of_iron import engine as E
from builder.systems.tide_of_iron.pack import ToiPack, load
from builder.systems.tide_of_iron.players import make_player, play_game

SYSTEM_ID = "tide-of-iron"


def log_lines(state: E.State, actions: list[list[Any]], pack_ref: str, scenario: str, seed: int,
              players: list[str]) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = [{"system": SYSTEM_ID, "pack": pack_ref, "scenario": scenario, "seed": seed,
                                    "players": players, "warnings": state.warnings}]
    lines.extend({"i": i, "side": a[0], "action": a[1:]} for i, a in enumerate(actions))
    lines.append({"decisions": len(actions), "result": state.result, "state_hash": state.state_hash(),
                  "events": state.events})
    return lines


def jsonl(lines: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n" for line in lines)


def parse_log(text: str, display: str) -> list[dict[str, Any]]:
    lines = []
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise InvalidInputError(f"{display} is not a game log", [Diagnostic(
                "N702", f"line is not JSON: {exc.msg}", file=display, line=n, col=exc.colno,
                hint="use a log written by 'heroes play --log'")]) from None
        if not isinstance(data, dict):
            raise InvalidInputError(f"{display} is not a game log", [Diagnostic(
                "N702", "line is not a JSON object", file=display, line=n, col=1, hint="use a log written by 'heroes play --log'")])
        lines.append(data)
    if len(lines) < 2 or lines[0].get("system") != SYSTEM_ID or "state_hash" not in lines[-1]:
        raise InvalidInputError(f"{display} is not a complete Tide of Iron game log (header and footer lines needed)")
    return lines


def replay(pack: ToiPack, lines: list[dict[str, Any]], display: str) -> E.State:
    """Re-apply every logged action; an illegal one is an input error at its line."""
    head = lines[0]
    state = E.new_game(pack, str(head.get("scenario")), int(head.get("seed", 0)))
    for n, line in enumerate(lines[1:-1], 2):
        try:
            E.apply(state, line["action"])
        except (UsageError, KeyError, TypeError, IndexError) as exc:
            raise InvalidInputError(f"{display}: replay failed", [Diagnostic(
                "N702", f"decision {line.get('i')} cannot be replayed: {exc}", file=display, line=n, col=1,
                hint="the log does not match this pack or engine; play the game again")]) from None
    expected = lines[-1]["state_hash"]
    if state.state_hash() != expected:
        raise InvalidInputError(f"{display}: replay ends in state {state.state_hash()[:16]}..., the log says "
                                f"{str(expected)[:16]}... (the pack or the engine changed)")
    return state


def game_row(pack: ToiPack, scenario: str, base_seed: int, index: int, players: tuple[str, ...],
             static: E.Static | None) -> dict[str, Any]:
    """One playtest game as the shared report's record (see builder.playtest.aggregate)."""
    seed = game_seed(base_seed, index, scenario, players)
    seat = seating(index, 2, False)
    names = [players[seat.seats[i]] for i in (0, 1)]
    state, actions = play_game(pack, scenario, seed, names, static=static)
    res = state.result or {}
    sides = state.static.sides
    digest = hashlib.sha256(json.dumps(actions, separators=(",", ":")).encode()).hexdigest()[:16]
    return {
        "seed": seed, "players": {sides[i]: names[i] for i in (0, 1)}, "winner": res.get("winner"),
        "level": res.get("level"), "end_reason": res.get("end_reason"), "rounds": res.get("rounds"),
        "vp": res.get("victory_points", {}), "objective_control": state.control_log,
        "losses": {sides[i]: dict(state.losses[i]) for i in (0, 1)},
        "kills": {sides[i]: dict(state.kills[i]) for i in (0, 1)},
        "fielded": {sides[i]: _fielded(state, i) for i in (0, 1)}, "digest": digest, "decisions": len(actions),
    }


def _fielded(state: E.State, side: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in state.units:
        if u.side == side:
            if u.kind == E.VEHICLE:
                out[u.name] = out.get(u.name, 0) + 1
    return out


_WORKER: dict[str, Any] = {}


def _play_chunk(args: tuple[str, str, int, tuple[str, ...], int, int]) -> list[dict[str, Any]]:
    """Games ``start`` to ``end`` of a batch, in a worker (the pack is loaded once per worker)."""
    pack_path, scenario, seed, names, start, end = args
    if _WORKER.get("key") != (pack_path, scenario):
        pack = load(Path(pack_path))
        _WORKER.update(key=(pack_path, scenario), pack=pack, static=E.Static(pack, pack.scenario(scenario)))
    return [game_row(_WORKER["pack"], scenario, seed, i, names, _WORKER["static"]) for i in range(start, end)]


def run_playtest(pack_path: Path, scenario: str, games: int, seed: int, players: list[str], jobs: int = 1,
                 progress: Callable[[int], None] | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play ``games`` games on ``jobs`` processes and build the shared playtest report.

    Each game's seed depends only on the batch seed, its index, the scenario and the
    players (builder.playtest.seeds), and rows are kept in index order, so the report is
    the same at any number of workers."""
    if games < 1:
        raise UsageError("--games must be at least 1")
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    names = tuple(p.strip().lower() for p in players)
    if len(names) != 2:
        raise UsageError("give two players, e.g. --players greedy,random")
    for name in names:
        make_player(name, 0)
    pack = load(pack_path)
    sc = pack.scenario(scenario)
    work = [(str(pack_path), scenario, seed, names, a, b) for a, b in chunks(games, jobs)]
    rows: list[dict[str, Any]] = []
    if jobs == 1:
        for chunk in map(_play_chunk, work):
            rows.extend(chunk)
            if progress is not None:
                progress(len(chunk))
    else:
        ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            for chunk in pool.map(_play_chunk, work):
                rows.extend(chunk)
                if progress is not None:
                    progress(len(chunk))
    from builder.systems.tide_of_iron.coverage import summary_line

    report = build_report(scenario=scenario, scenario_name=sc.name, sides=[s.id for s in sc.sides], players=list(names),
                          seed=seed, symmetric=False, records=rows, coverage=summary_line(),
                          side_names={s.id: s.id for s in sc.sides})
    report["system"] = SYSTEM_ID
    report["warnings"] = E.unsimulated(pack, sc)
    return report, rows
