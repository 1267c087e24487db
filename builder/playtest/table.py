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

from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError
from builder.playtest_core.alliances import markdown as seat_table


def _folder(pack: str | Path | None) -> Path:
    return Path(pack) if pack is not None else BUNDLED_CONTENT / "core"


def playable_scenarios(pack: str | Path | None = None) -> list[str]:
    """The ids of the pack's scenarios of two sides, sorted, as its game system lists them
    (builder.systems.seam.PlaytestTools.scenarios; the Heroes System: two players, or three
    or four in two alliances, 000 core rules, Multiplayer Rules)."""
    from builder.systems.seam import playtest_tools, system_of_pack

    folder = _folder(pack)
    chosen = playtest_tools(system_of_pack(folder), "playtest --all").scenarios(folder)
    if not chosen:
        raise UsageError(f"{folder} has no scenario of two sides to playtest")
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
    from builder.playtest.api import run_playtest
    from builder.playtest.pairings import facts_swappable, merged, play_pairings, seated_by_side
    from builder.systems.seam import playtest_tools, system_of_pack

    if pairings is None:
        pairings = [tuple(players or ("greedy", "greedy"))]
    folder = _folder(pack)
    tools = playtest_tools(system_of_pack(folder), "playtest --all")
    reports = []
    for sid in playable_scenarios(folder):
        if progress is not None:
            progress(sid)
        facts = tools.facts(folder, sid)

        def run(pairing: tuple[str, ...], sid: str = sid, seats: tuple[int, ...] = facts.seats) -> dict[str, Any]:
            return run_playtest(sid, games=games, seed=seed, players=list(seated_by_side(pairing, list(seats))),
                                jobs=jobs, pack=folder)[0]

        reports.append(merged(play_pairings(run, pairings, swap and facts_swappable(facts))))
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


def solo_sweep(*, games: int, seed: int, opponent: str = "greedy", scenarios: list[str] | None = None,
               pack: str | Path | None = None, jobs: int = 1,
               progress: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """The system's own AI at each of its settings (``heroes playtest --solo-sweep``; the
    Heroes System: the Solo game mode at every attitude and difficulty, 002 Solo Mode, 2.1),
    the other side played by ``opponent``: one playtest report per cell of the system's
    sweep (builder.systems.seam.PlaytestTools.sweep), same seed for every cell."""
    from builder.playtest.api import run_playtest
    from builder.systems.seam import playtest_tools, refuse, system_of_pack

    folder = _folder(pack)
    system = system_of_pack(folder)
    tools = playtest_tools(system, "playtest --solo-sweep")
    if tools.sweep is None:
        refuse(system, "playtest --solo-sweep", "the system has no AI of its own to sweep (PlaytestTools.sweep)")
    reports = []
    chosen: list[str | None] = list(scenarios) if scenarios else [None]  # None: every scenario it sweeps
    for scenario in chosen:
        for cell in tools.sweep(folder, scenario, opponent):
            if progress is not None:
                progress(cell.name)
            report = run_playtest(cell.scenario, games=games, seed=seed, players=list(cell.players), jobs=jobs,
                                  pack=pack)[0]
            reports.append({**cell.labels, "report": report})
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
