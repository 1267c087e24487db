"""The playtest table of docs/playtest.md: every scenario of a pack played by the same
players (in a three- or four-player scenario each alliance's players by its side's player),
one Markdown row each (``heroes playtest --all``; issue 21, item 6:
the figures of the documentation come from a command, not from hand-typed numbers).

Each row is a whole :func:`builder.playtest.api.run_playtest` report cut down: the
verdict, each side's and the draws' rates, the armies played (points spent of the
budget), the end reasons with their mean length in rounds (sudden death shows), and the
warning codes the report carries. Same pack, games, seed and players: the same table.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Callable

from builder.systems.heroes.content.loader import BUNDLED_CONTENT
from builder.errors import UsageError
from builder.playtest_core.alliances import markdown as seat_table


def playable_scenarios(pack: str | Path | None = None) -> list[str]:
    """The ids of the pack's scenarios of two sides (its dependencies' too), sorted: two
    players, or three or four in two alliances (000 core rules, Multiplayer Rules)."""
    from builder.playtest.runner import _pack

    pack_path = str(Path(pack) if pack is not None else BUNDLED_CONTENT / "core")
    scenarios = _pack(pack_path).items.get("scenarios", {})
    chosen = sorted(sid for sid, sc in scenarios.items() if len(sc.sides) == 2 and "@" not in sid)
    if not chosen:
        raise UsageError(f"{pack_path} has no scenario of two sides to playtest")
    return chosen


def all_scenarios(*, games: int, seed: int, players: list[str] | None = None,
                  pack: str | Path | None = None, jobs: int = 1,
                  progress: Callable[[str], None] | None = None,
                  pairings: list[tuple[str, ...]] | None = None, swap: bool = True) -> list[dict[str, Any]]:
    """The playtest report of every scenario of ``pack`` (:func:`playable_scenarios`), in
    id order, played under ``pairings`` (builder.playtest.pairings: each report is the
    first pairing's, with every pairing's verdict and the robustness line; ``swap``: a
    pairing of two different players also with the sides swapped, where allowed), or by
    the one pairing ``players``; a pairing gives each side's player, which each of an alliance's
    players takes when it names two."""
    from builder.systems.heroes.engine import scenario_seats
    from builder.playtest.api import run_playtest
    from builder.playtest.pairings import merged, play_pairings, seated_by_side, swappable
    from builder.playtest.runner import _pack
    from builder.systems.seam import system_of_pack

    if pairings is None:
        pairings = [tuple(players or ("greedy", "greedy"))]
    pack_path = str(Path(pack) if pack is not None else BUNDLED_CONTENT / "core")
    system = system_of_pack(pack_path)
    if not system.builtin_cli:  # another game system plays its own games (builder.systems.seam.PlaytestTools)
        from builder.systems.seam import PlaytestRun, playtest_tools

        tools = playtest_tools(system, "playtest --all")
        out = []
        for sid in tools.scenarios(Path(pack_path)):
            if progress is not None:
                progress(sid)

            def played(pairing: tuple[str, ...], sid: str = sid) -> dict[str, Any]:
                return tools.run(PlaytestRun(Path(pack_path), sid, games, seed, pairing, jobs))[0]

            out.append(merged(play_pairings(played, pairings, swap)))
        return out
    loaded = _pack(pack_path).items.get("scenarios", {})
    reports = []
    for sid in playable_scenarios(pack):
        if progress is not None:
            progress(sid)
        seats = [side for _, side in scenario_seats(loaded[sid])]

        def run(pairing: tuple[str, ...], sid: str = sid, seats: list[int] = seats) -> dict[str, Any]:
            return run_playtest(sid, games=games, seed=seed, players=list(seated_by_side(pairing, seats)),
                                jobs=jobs, pack=pack)[0]

        reports.append(merged(play_pairings(run, pairings, swap and swappable(pack_path, sid))))
    return reports


def _rate(report: dict[str, Any], key: str) -> str:
    iv = report["win_intervals"][key]
    return f"{iv['rate'] * 100:.0f}% [{iv['low'] * 100:.0f}%, {iv['high'] * 100:.0f}%]"


def _army(army: dict[str, Any]) -> str:
    if army["source"] == "scenario":
        return "printed"
    return f"{army['source']} {army['spent']}/{army['budget']}" if army.get("budget") else army["source"]


def row(report: dict[str, Any]) -> str:
    """One scenario's row."""
    first, second = report["sides"][:2]
    by_reason = report.get("rounds_by_end_reason", {})
    ends = ", ".join(f"{k.replace('_', ' ')} {v}"
                     + (f" ({by_reason[k]['mean_rounds']:.1f})" if k in by_reason else "")
                     for k, v in report["end_reasons"].items())
    codes = Counter(w["code"] for w in report.get("warnings", []) if isinstance(w, dict))
    warned = ", ".join(f"{c}" + (f" x{n}" if n > 1 else "") for c, n in sorted(codes.items())) or "none"
    armies = "; ".join(f"{side} {_army(a)}" for side, a in report.get("armies", {}).items())
    verdict = report["verdict"].split(":", 1)[0] + _robust(report)
    return (f"| {report['scenario_name']} (`{report['scenario']}`) | {armies} | {verdict} | "
            f"{first} {_rate(report, first)} | {second} {_rate(report, second)} | {_rate(report, 'draw')} | "
            f"{ends} | {warned} |")


def _robust(report: dict[str, Any]) -> str:
    """The robustness of a report played under several pairings, after its verdict
    (builder.playtest.pairings): ``; robust``, or what each pairing says."""
    if len(report.get("pairings", ())) < 2:
        return ""
    kind = report["robustness"]["kind"]
    if kind == "robust":
        return "; robust"
    return f"; {kind} (" + ", ".join(f"{p['name']}: {p['gist']}" for p in report["pairings"]) + ")"


def _players(report: dict[str, Any]) -> str:
    """The table's foot: the players, or the pairings (the figures being the first's)."""
    pairings = report.get("pairings", ())
    if len(pairings) < 2:
        return f"players {', '.join(report['players'])}"
    return (f"pairings {', '.join(p['name'] for p in pairings)} (the rates are {pairings[0]['name']}'s; "
            "the verdict says how robust it is)")


def table(reports: list[dict[str, Any]]) -> str:
    """The Markdown table: one row per report, then the players, games and seed."""
    head = ["| scenario | armies (points spent/budget) | verdict | first side | second side | draws "
            "| end reasons (mean rounds) | warnings |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    if not reports:
        return "\n".join(head) + "\n"
    r0 = reports[0]
    foot = f"\n{r0['games']} games a scenario, seed {r0['seed']}, {_players(r0)}.\n"
    by_player = "".join("\n" + seat_table(r) for r in reports if r.get("player_seats"))
    return "\n".join(head + [row(r) for r in reports]) + "\n" + foot + by_player


def solo_scenarios(pack: str | Path | None = None) -> list[str]:
    """The ids of the pack's scenarios the Solo Mode may play (those whose solo notes name
    the side the AI plays by default), sorted."""
    from builder.playtest.runner import _pack

    pack_path = str(Path(pack) if pack is not None else BUNDLED_CONTENT / "core")
    scenarios = _pack(pack_path).items.get("scenarios", {})
    chosen = sorted(sid for sid, sc in scenarios.items()
                    if sc.solo is not None and sc.solo.default_ai_side is not None and "@" not in sid)
    if not chosen:
        raise UsageError(f"{pack_path} has no scenario with Solo Mode notes (solo.default_ai_side) to sweep")
    return chosen


def solo_sweep(*, games: int, seed: int, opponent: str = "greedy", scenarios: list[str] | None = None,
               pack: str | Path | None = None, jobs: int = 1,
               progress: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """The Solo game mode at every attitude and difficulty (``heroes playtest --solo-sweep``):
    for each scenario, its default AI side played by ``solo-mode:ATTITUDE:DIFFICULTY``
    (002 Solo Mode, 2.1 Difficulty and Danger Levels; 5 attitudes), the other by
    ``opponent``; one playtest report per cell, same seed for every cell."""
    from builder.systems.heroes.ai.players import ATTITUDES, DIFFICULTIES
    from builder.playtest.api import run_playtest
    from builder.playtest.runner import _pack

    pack_path = str(Path(pack) if pack is not None else BUNDLED_CONTENT / "core")
    loaded = _pack(pack_path).items.get("scenarios", {})
    reports = []
    for sid in scenarios or solo_scenarios(pack):
        sc = loaded.get(sid)
        if sc is None or sc.solo is None or sc.solo.default_ai_side is None:
            raise UsageError(f"{sid}: no scenario of {pack_path} with Solo Mode notes naming the AI's side "
                             f"(solo.default_ai_side); scenarios to sweep: {', '.join(solo_scenarios(pack))}")
        ai = sc.solo.default_ai_side
        for attitude in ATTITUDES:
            for difficulty in DIFFICULTIES:
                if progress is not None:
                    progress(f"{sid} {attitude} {difficulty}")
                players = [f"solo-mode:{attitude}:{difficulty}" if side.id == ai else opponent for side in sc.sides]
                report = run_playtest(sid, games=games, seed=seed, players=players, jobs=jobs, pack=pack)[0]
                reports.append({"ai_side": ai, "attitude": attitude, "difficulty": difficulty, "report": report})
    return reports


def solo_table(cells: list[dict[str, Any]]) -> str:
    """The Markdown table of a Solo sweep: one row per scenario, attitude and difficulty,
    the AI's, the player's and the draws' rates with their 95% Wilson intervals."""
    head = ["| scenario | AI attitude | difficulty | AI wins | player wins | draws | mean rounds |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    rows = []
    for cell in cells:
        rep, ai = cell["report"], cell["ai_side"]
        player = next(s for s in rep["sides"] if s != ai)
        rounds = rep.get("rounds", {}).get("mean")
        rows.append(f"| {rep['scenario_name']} (`{rep['scenario']}`) | {cell['attitude']} | {cell['difficulty']} | "
                    f"{ai} {_rate(rep, ai)} | {player} {_rate(rep, player)} | {_rate(rep, 'draw')} | "
                    + (f"{rounds:.1f} |" if isinstance(rounds, (int, float)) else "- |"))
    if not cells:
        return "\n".join(head) + "\n"
    r0 = cells[0]["report"]
    opponent = next(p for p in r0["players"] if not p.startswith("solo-mode"))
    foot = (f"\n{r0['games']} games a cell, seed {r0['seed']}, the player's side played by {opponent}; "
            "rates with their 95% Wilson intervals.\n")
    return "\n".join(head + rows) + "\n" + foot
