"""Compare two playtest reports of a scenario: did the balance move, and is the move
more than noise? (two-proportion z-test on each side's win rate and on draws)."""

from __future__ import annotations

from typing import Any

from builder.errors import InvalidInputError
from builder.playtest_core.stats import two_proportion_z


def compare_reports(old: dict[str, Any], new: dict[str, Any], alpha: float = 0.05) -> dict[str, Any]:
    """Win-rate changes side by side with their z-test; the sides must match."""
    if list(old["sides"]) != list(new["sides"]):
        raise InvalidInputError(
            f"the reports have different sides ({', '.join(old['sides'])} vs {', '.join(new['sides'])}); "
            "compare two versions of the same scenario"
        )
    rows = []
    for key in list(old["sides"]) + ["draw"]:
        a, b = old["win_intervals"][key], new["win_intervals"][key]
        test = two_proportion_z(a["successes"], a["trials"], b["successes"], b["trials"])
        rows.append({"result": key, **test.to_dict(), "significant": test.significant(alpha)})
    moved = [r for r in rows if r["significant"]]
    if moved:
        biggest = max(moved, key=lambda r: abs(r["difference"]))
        line = (f"significant change: {biggest['result']} {biggest['old'] * 100:.0f}% -> {biggest['new'] * 100:.0f}% "
                f"(z = {biggest['z']:+.2f}, p = {biggest['p_value']:.3g})")
    else:
        line = f"no significant change at the {alpha:.0%} level"
    return {
        "scenario_old": old["scenario"], "scenario_new": new["scenario"],
        "games_old": old["games"], "games_new": new["games"],
        "verdict_old": old["verdict"], "verdict_new": new["verdict"],
        "alpha": alpha, "changes": rows, "summary": line,
    }


def compare_text(result: dict[str, Any]) -> str:
    lines = [
        f"old: {result['scenario_old']} ({result['games_old']} games): {result['verdict_old']}",
        f"new: {result['scenario_new']} ({result['games_new']} games): {result['verdict_new']}",
        f"{'result':<10} {'old':>7} {'new':>7} {'change':>8} {'z':>7} {'p':>8}",
    ]
    for r in result["changes"]:
        lines.append(f"{r['result']:<10} {r['old'] * 100:>6.1f}% {r['new'] * 100:>6.1f}% "
                     f"{r['difference'] * 100:>+7.1f}% {r['z']:>+7.2f} {r['p_value']:>8.3g}"
                     + ("  *" if r["significant"] else ""))
    lines.append(result["summary"])
    return "\n".join(lines) + "\n"
