"""Seeded games, JSONL logs, replays and playtest batches for Tide of Iron.

A log is one JSON object a line: a header (system, version, pack, scenario, seed,
players), one line per decision (side, action and the state hash after it) and a footer
with the decision count, the result, the events and the final state hash. :func:`replay`
checks the header's types, then reproduces every decision's hash and every value of the
footer, as Heroes logs are proved (builder.systems.heroes.tools.log): an edited winner,
victory points, events or decision count is refused at its line (H860).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from builder.diagnostics import Diagnostic, define_code
from builder.errors import InvalidInputError, UsageError
from builder.inputs import NumberTooLong, bounded_int
from builder.playtest_core.report import build_report
from builder.playtest_core.seeds import game_seed, seating
from builder.systems.tide_of_iron import engine as E
from builder.systems.tide_of_iron.models import Army
from builder.systems.tide_of_iron.pack import ToiPack, load
from builder.systems.tide_of_iron.players import make_player, play_game

SYSTEM_ID = "tide-of-iron"
LOG_VERSION = 2
"""1: no per-decision hashes (still replayed, its footer checked); 2: a hash per decision."""
READABLE_VERSIONS = (1, 2)
MAX_SEED = 2**63 - 1

H860 = define_code("H860", "game log line differs from its replay")
H861 = define_code("H861", "game log is incomplete")
H862 = define_code("H862", "game log header is invalid")


def coded_warnings(messages: list[str]) -> list[dict[str, str]]:
    """The engine's warnings as ``{"code", "message"}`` dicts (the playtest reports' shape,
    builder/playtest_core/warnings.py): each is a rule the engine does not play, N716."""
    from builder.systems.tide_of_iron.codes import N_UNSIMULATED

    return [{"code": N_UNSIMULATED, "message": m} for m in messages]


def log_lines(state: E.State, actions: list[list[Any]], pack_ref: str, scenario: str, seed: int,
              players: list[str], forces: E.Forces | None = None,
              hashes: list[str] | None = None) -> list[dict[str, Any]]:
    """The log of a game; the squad lists of ``--army`` go into the header (by side id)
    so that :func:`replay` sets the same game up. ``hashes`` (from
    :func:`~builder.systems.tide_of_iron.players.play_game`) are the state hashes after
    each decision; without them they are computed here by playing the actions again."""
    if hashes is None:
        hashes = decision_hashes(load_for_hashes(pack_ref), scenario, seed, forces, actions)
    head: dict[str, Any] = {"system": SYSTEM_ID, "version": LOG_VERSION, "pack": pack_ref, "scenario": scenario,
                            "seed": seed, "players": players, "warnings": coded_warnings(state.warnings),
                            "events": state.verbose}
    if forces:
        head["armies"] = {state.static.sides[si]: army.model_dump(mode="json") for si, army in sorted(forces.items())}
    lines: list[dict[str, Any]] = [head]
    lines.extend({"i": i, "side": a[0], "action": a[1:], "hash": h} for i, (a, h) in enumerate(zip(actions, hashes)))
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
            data = json.loads(raw, parse_int=bounded_int)
        except NumberTooLong as exc:
            raise InvalidInputError(f"{display} is not a game log", [Diagnostic(
                "N702", f"line holds {exc}", file=display, line=n, col=1,
                hint="use a log written by 'heroes play --log'")]) from None
        except json.JSONDecodeError as exc:
            raise InvalidInputError(f"{display} is not a game log", [Diagnostic(
                "N702", f"line is not JSON: {exc.msg}", file=display, line=n, col=exc.colno,
                hint="use a log written by 'heroes play --log'")]) from None
        except RecursionError:
            raise InvalidInputError(f"{display} is not a game log", [Diagnostic(
                "N702", "line is nested too deeply to be a log record", file=display, line=n, col=1,
                hint="use a log written by 'heroes play --log'")]) from None
        if not isinstance(data, dict):
            raise InvalidInputError(f"{display} is not a game log", [Diagnostic(
                "N702", "line is not a JSON object", file=display, line=n, col=1, hint="use a log written by 'heroes play --log'")])
        lines.append(data)
    if len(lines) < 2 or lines[0].get("system") != SYSTEM_ID or "state_hash" not in lines[-1]:
        raise InvalidInputError(f"{display} is not a complete Tide of Iron game log (header and footer lines needed)",
                                [Diagnostic(H861, "the log lacks its header or its footer (the result line)",
                                            file=display, line=len(lines) or 1, col=1,
                                            hint="write the log again with 'heroes play --log'")])
    check_header(lines[0], display)
    for n, (record, keys) in enumerate(zip(lines, [HEADER_KEYS] + [DECISION_KEYS] * (len(lines) - 2) + [FOOTER_KEYS]),
                                       1):
        extra = sorted(set(record) - keys)
        if extra:  # a key the replay would not check is an edit it cannot prove
            what = "header" if n == 1 else "footer" if n == len(lines) else "decision"
            raise _differs(f"a {what} record has no key {extra[0]!r}", display, n)
    return lines


HEADER_KEYS = frozenset({"system", "version", "pack", "scenario", "seed", "players", "warnings", "events", "armies"})
DECISION_KEYS = frozenset({"i", "side", "action", "hash"})
FOOTER_KEYS = frozenset({"decisions", "result", "state_hash", "events"})


def load_for_hashes(pack_ref: str) -> ToiPack:
    return load(Path(pack_ref))


def decision_hashes(pack: ToiPack, scenario: str, seed: int, forces: E.Forces | None,
                    actions: list[list[Any]]) -> list[str]:
    """The state hash after each of ``actions`` (``[side, *action]`` as
    :func:`~builder.systems.tide_of_iron.players.play_game` records them), by playing
    them again from the start."""
    state = E.new_game(pack, scenario, seed, forces=forces)
    out = []
    for action in actions:
        E.apply(state, action[1:])
        out.append(state.state_hash())
    return out


def _header_error(message: str, display: str) -> InvalidInputError:
    return InvalidInputError(f"{display}: {message}", [Diagnostic(
        H862, message, file=display, line=1, col=1, hint="replay a log written by 'heroes play --log'")])


def check_header(head: dict[str, Any], display: str) -> None:
    """The header's values have the types the engine needs (H862): a seed ``1.5``,
    ``"1"``, ``"x"`` or ``null`` is refused, not rounded, parsed or a traceback."""
    version = head.get("version", 1)
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise _header_error(f"log version {version!r} is not supported (this version reads "
                            f"{', '.join(map(str, READABLE_VERSIONS))})", display)
    seed = head.get("seed")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise _header_error(f"header 'seed' must be a whole number from 0 to 2**63-1, not {json.dumps(seed)}",
                            display)
    if not isinstance(head.get("scenario"), str) or not head["scenario"]:
        raise _header_error(f"header 'scenario' must be a scenario id, not {json.dumps(head.get('scenario'))}",
                            display)
    players = head.get("players")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise _header_error(f"header 'players' must be a list of two player names, not {json.dumps(players)[:60]}",
                            display)
    if not isinstance(head.get("pack", ""), str):
        raise _header_error(f"header 'pack' must be a folder name, not {json.dumps(head.get('pack'))[:60]}", display)
    if version >= 2 and not isinstance(head.get("events"), bool) or not isinstance(head.get("events", False), bool):
        raise _header_error("header 'events' must be true or false (whether the game noted its events)", display)
    if not isinstance(head.get("armies", {}), dict):
        raise _header_error("header 'armies' must map side ids to squad lists", display)


def _differs(message: str, display: str, line: int) -> InvalidInputError:
    text = f"line {line}: {message}"
    return InvalidInputError(f"{display}: {text}", [Diagnostic(
        H860, text, file=display, line=line, col=1,
        hint="the log was edited or damaged, or the rules or the pack changed since it was written")])


def replay(pack: ToiPack, lines: list[dict[str, Any]], display: str) -> E.State:
    """Re-apply every logged action and prove the log: each decision's state hash
    (version 2), then the footer's decision count, result, events and final hash; the
    first difference is an input error at its line (H860)."""
    head = lines[0]
    check_header(head, display)
    version = head.get("version", 1)
    scenario = pack.scenario(str(head.get("scenario")))
    armies = head.get("armies") or {}
    sides = [s.id for s in scenario.sides]
    try:
        forces = {sides.index(side): Army.model_validate(army) for side, army in armies.items()}
    except (ValueError, AttributeError) as exc:  # pydantic's ValidationError is a ValueError; an unknown side too
        raise InvalidInputError(f"{display}: the header's squad lists cannot be read", [Diagnostic(
            "N702", f"header 'armies' is not a squad list by side: {str(exc).splitlines()[0]}", file=display,
            line=1, col=1, hint="use a log written by 'heroes play --log'")]) from None
    # version 1 did not say whether the game noted its events: a footer with events did
    noted = head["events"] if "events" in head else bool(lines[-1].get("events"))
    state = E.new_game(pack, scenario.id, head["seed"], verbose=noted, forces=forces)
    decisions = lines[1:-1]
    for n, line in enumerate(decisions, 2):
        if line.get("i") != n - 2:
            raise _differs(f"decision number {json.dumps(line.get('i'))}, the replay is at decision {n - 2}",
                           display, n)
        if line.get("side") != state.to_act:
            raise _differs(f"side {json.dumps(line.get('side'))} acts, the replay has side {state.to_act} to act",
                           display, n)
        try:
            E.apply(state, line["action"])
        except (UsageError, KeyError, TypeError, IndexError, ValueError) as exc:
            raise InvalidInputError(f"{display}: replay failed", [Diagnostic(
                "N702", f"decision {line.get('i')} cannot be replayed: {exc}", file=display, line=n, col=1,
                hint="the log does not match this pack or engine; play the game again")]) from None
        if version >= 2 and line.get("hash") != state.state_hash():
            raise _differs(f"state hash {str(line.get('hash'))[:16]}..., the replay has {state.state_hash()[:16]}...",
                           display, n)
    logged_warnings = head.get("warnings")
    # logs written before warnings had codes hold the messages alone
    plain = isinstance(logged_warnings, list) and all(isinstance(w, str) for w in logged_warnings) and logged_warnings
    replayed: Any = state.warnings if plain else coded_warnings(state.warnings)
    if json.dumps(head.get("warnings", replayed), default=str) != json.dumps(replayed, default=str):
        raise _differs(f"'warnings' is {json.dumps(head.get('warnings'), default=str)[:80]}, the replay gives "
                       f"{json.dumps(replayed, default=str)[:80]}", display, 1)
    footer, at = lines[-1], len(lines)
    expected = {"decisions": len(decisions), "result": state.result, "events": state.events,
                "state_hash": state.state_hash()}
    for key, value in expected.items():
        logged = footer.get(key)
        if json.dumps(logged, sort_keys=True, default=str) != json.dumps(value, sort_keys=True, default=str):
            raise _differs(f"'{key}' is {json.dumps(logged, default=str)[:80]}, the replay gives "
                           f"{json.dumps(value, default=str)[:80]}", display, at)
    return state


def game_row(pack: ToiPack, scenario: str, base_seed: int, index: int, players: tuple[str, ...],
             static: E.Static | None, forces: E.Forces | None = None) -> dict[str, Any]:
    """One playtest game as the shared report's record (see builder.playtest_core.aggregate)."""
    seed = game_seed(base_seed, index, scenario, players)
    seat = seating(index, 2, False)
    names = [players[seat.seats[i]] for i in (0, 1)]
    state, actions = play_game(pack, scenario, seed, names, static=static, forces=forces)
    res = state.result or {}
    sides = state.static.sides
    digest = hashlib.sha256(json.dumps(actions, separators=(",", ":")).encode()).hexdigest()[:16]
    return {
        "seed": seed, "players": {sides[i]: names[i] for i in (0, 1)}, "winner": res.get("winner"),
        "level": res.get("level"), "end_reason": res.get("end_reason"), "rounds": res.get("rounds"),
        "vp": res.get("victory_points", {}), "objective_control": state.control_log,
        "losses": {sides[i]: dict(state.losses[i]) for i in (0, 1)},
        "kills": {sides[i]: dict(sorted(state.killers[i].items())) for i in (0, 1)},
        "kill_credit": {sides[i]: dict(sorted(state.credits[i].items())) for i in (0, 1)},
        "fielded": dict(zip(sides, fielded(state))), "digest": digest, "decisions": len(actions),
    }


def fielded(state: E.State) -> list[dict[str, int]]:
    """Per side, the figures (by figure type) and vehicles (by vehicle type) that took the
    field in a finished game, reinforcements that arrived included: the units table's
    ``fielded``, counted as its ``lost`` is. Every vehicle placed stays in the state; a
    squad's figures are those still standing plus those lost (a figure removed as a
    casualty leaves its squad; a squad destroyed whole keeps its figures, counted lost)."""
    out: list[Counter[str]] = [Counter(), Counter()]
    for u in state.units:
        if u.kind == E.VEHICLE:
            out[u.side][u.name] += 1
        elif u.alive:
            out[u.side].update(f.id for f in u.figs)
    vehicles = state.static.pack.items["vehicles"]
    for side in (0, 1):
        out[side].update({k: n for k, n in state.losses[side].items() if k not in vehicles})
    return [dict(sorted(c.items())) for c in out]


_WORKER: dict[str, Any] = {}


@dataclass(frozen=True)
class ToiBatch:
    """A playtest batch of Tide of Iron games, played by the shared pools
    (builder.playtest_core.pools: this process, local processes or a Dask cluster): games
    ``first`` to ``first + games - 1``; ``forces`` are the checked squad lists of
    ``--army`` by side index. Each game's seed depends only on the batch seed, its
    index, the scenario and the players, so every pool gives the same rows."""

    pack_path: str
    scenario: str
    games: int
    seed: int
    players: tuple[str, ...]
    first: int = 0
    forces: tuple[tuple[int, Army], ...] = ()
    knobs: tuple[tuple[str, Any], ...] = ()
    """The scenario's numbers set otherwise (``heroes balance``: builder.systems.tide_of_iron.playtests)."""

    def play_chunk(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Games ``start`` to ``stop - 1`` (the pack is loaded once per worker process)."""
        from builder.systems.tide_of_iron.playtests import variant

        key = (self.pack_path, self.scenario, self.knobs)
        if _WORKER.get("key") != key:
            pack = variant(load(Path(self.pack_path)), self.scenario, self.knobs)
            _WORKER.update(key=key, pack=pack, static=E.Static(pack, pack.scenario(self.scenario)))
        forces = dict(self.forces)
        return [game_row(_WORKER["pack"], self.scenario, self.seed, i, self.players, _WORKER["static"], forces)
                for i in range(start, stop)]


def run_playtest(pack_path: Path, scenario: str, games: int, seed: int, players: list[str], jobs: int = 1,
                 progress: Callable[[int], None] | None = None, *, until_decided: bool = False,
                 margin: float = 0.05, alpha: float = 0.05, beta: float = 0.05, scheduler: str | None = None,
                 armies: Sequence[str] = ()) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play ``games`` games on ``jobs`` processes (or the Dask cluster ``scheduler``) and
    build the shared playtest report.

    ``armies`` (``["germans=list.yaml"]``) gives sides their squad lists, checked first
    (:func:`~builder.systems.tide_of_iron.army.load_forces`). ``until_decided``: ``games``
    is a cap and batches stop once the Heroes playtests' sequential rule decides
    (builder.playtest_core.sequential). Rows are kept in index order, so the report is the
    same at any number of workers and on a cluster."""
    from builder.playtest_core.army_options import parse_army_options
    from builder.playtest_core.pools import open_pool
    from builder.playtest_core.sequential import run_until_decided, sequential_entry, sequential_rule
    from builder.systems.tide_of_iron.army import describe_armies, load_forces

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
    sides = [s.id for s in sc.sides]
    files = parse_army_options(armies, sides)
    forces = load_forces(pack, sc, files)
    rule = sequential_rule(until_decided, sides, margin, alpha, beta)
    batch = ToiBatch(str(pack_path), scenario, games, seed, names, forces=tuple(sorted(forces.items())))
    outcome = None
    with open_pool(jobs, scheduler) as pool:
        if rule is None:
            rows = list(pool.play(batch, progress))
        else:
            rows, outcome = run_until_decided(
                lambda first, count: pool.play(replace(batch, first=first, games=count), progress), sides, rule, games)
    from builder.systems.tide_of_iron.coverage import summary_line

    report = build_report(scenario=scenario, scenario_name=sc.name, sides=sides, players=list(names),
                          seed=seed, symmetric=False, records=rows, coverage=summary_line(),
                          side_names={s.id: s.id for s in sc.sides})
    report["system"] = SYSTEM_ID
    report["warnings"] = coded_warnings(E.unsimulated(pack, sc, forces))
    report["armies"] = describe_armies(sc, files, forces)
    if rule is not None and outcome is not None:
        report["sequential"] = sequential_entry(rule, outcome, sides, games)
    return report, rows
