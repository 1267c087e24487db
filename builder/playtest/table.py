"""The playtest table of docs/playtest.md: every two-player scenario of a pack played by
the same players, one Markdown row each (``heroes playtest --all``; issue 21, item 6:
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

from builder.content.loader import BUNDLED_CONTENT
from builder.errors import UsageError


def two_player_scenarios(pack: str | Path | None = None) -> list[str]:
    """The ids of the pack's two-player scenarios (its dependencies' too), sorted."""
    from builder.playtest.runner import _pack

    pack_path = str(Path(pack) if pack is not None else BUNDLED_CONTENT / "core")
    scenarios = _pack(pack_path).items.get("scenarios", {})
    chosen = sorted(sid for sid, sc in scenarios.items() if sc.players == 2 and len(sc.sides) == 2 and "@" not in sid)
    if not chosen:
        raise UsageError(f"{pack_path} has no two-player scenario to playtest")
    return chosen


def all_scenarios(*, games: int, seed: int, players: list[str], pack: str | Path | None = None, jobs: int = 1,
                  progress: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """The playtest report of every two-player scenario of ``pack``, in id order."""
    from builder.playtest.api import run_playtest

    reports = []
    for sid in two_player_scenarios(pack):
        if progress is not None:
            progress(sid)
        reports.append(run_playtest(sid, games=games, seed=seed, players=players, jobs=jobs, pack=pack)[0])
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
    verdict = report["verdict"].split(":", 1)[0]
    return (f"| {report['scenario_name']} (`{report['scenario']}`) | {armies} | {verdict} | "
            f"{first} {_rate(report, first)} | {second} {_rate(report, second)} | {_rate(report, 'draw')} | "
            f"{ends} | {warned} |")


def table(reports: list[dict[str, Any]]) -> str:
    """The Markdown table: one row per report, then the players, games and seed."""
    head = ["| scenario | armies (points spent/budget) | verdict | first side | second side | draws "
            "| end reasons (mean rounds) | warnings |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    if not reports:
        return "\n".join(head) + "\n"
    r0 = reports[0]
    foot = f"\n{r0['games']} games a scenario, seed {r0['seed']}, players {', '.join(r0['players'])}.\n"
    return "\n".join(head + [row(r) for r in reports]) + "\n" + foot
