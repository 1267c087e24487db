"""The text of a playtest report as ``heroes playtest`` prints it: the verdict, the win
rates with their intervals, the pairings and alliances, rounds, end reasons, kills, exits
and warnings. Written once for every game system: the command hands it to the system's
playtest handler (builder.systems.seam), which prints it."""

from __future__ import annotations

from typing import Any


def report_text(report: dict[str, Any]) -> str:
    """The terminal text of a playtest report, whatever the game system that played it
    (``heroes playtest``: each system's handler is given it)."""
    from builder.playtest_core.alliances import text_lines as seat_lines
    from builder.playtest.pairings import text_lines as pairing_lines

    lines = [f"{report['scenario_name']} ({report['scenario']}): {report['games']} games, seed {report['seed']}",
             "players: " + ", ".join(f"{side}={p}" for side, p in report["seats"].items()),
             f"verdict: {report['verdict']}"]
    if "sequential" in report:
        seq = report["sequential"]
        lines.append(f"sequential test: {seq['decision']} after {seq['games']} of at most {seq['cap']} games "
                     f"(SPRT, margin {seq['margin']:g}, alpha {seq['alpha']:g}, beta {seq['beta']:g})")
    lines += [f"army of {side}: {army['text']}" for side, army in report.get("armies", {}).items()]
    for name, iv in report["win_intervals"].items():
        lines.append(f"  {name:<10} {iv['rate'] * 100:5.1f}%  [{iv['low'] * 100:.1f}%, {iv['high'] * 100:.1f}%]")
    if report["symmetric"]:
        lines.append("by player (sides and initiative rotated): " + ", ".join(
            f"{name} {iv['rate'] * 100:.1f}%" for name, iv in report["player_win_rates"].items()))
    lines += seat_lines(report)  # the players of alliances (builder.playtest.alliances)
    lines += pairing_lines(report)  # the verdicts under several pairings (builder.playtest.pairings)
    lines.append(f"rounds: mean {report['rounds']['mean']:.2f}; lead changes: mean {report['lead_changes']['mean']:.2f}")
    lines.append(f"distinct games: {report['distinct_games']} of {report['games']}")
    by_reason = report.get("rounds_by_end_reason", {})
    lines.append("end reasons: " + ", ".join(
        f"{k} {v}" + (f" (mean {by_reason[k]['mean_rounds']:.1f} rounds)" if k in by_reason else "")
        for k, v in report["end_reasons"].items()))
    if report.get("kills_by_way"):
        lines.append("kills by way: " + ", ".join(f"{k} {v}" for k, v in report["kills_by_way"].items()))
    for side, out in report.get("exited", {}).items():  # units out by the exits (engine/features/exits.py)
        lines.append(f"exits: {side} in {out['games']} games, " + ", ".join(
            f"{k:.2f} {kind.replace('_', ' ')}" for kind, k in out["per_game"].items()) + " a game")
    lines += [f"warning {w['code']}: {w['message']}" if isinstance(w, dict) else f"warning: {w}"
              for w in report.get("warnings", [])]
    if report["engine_errors"]["games"]:
        lines.append(f"engine errors: {report['engine_errors']['games']} game(s) left out "
                     f"(first: {report['engine_errors']['examples'][0]['error']})")
    return "\n".join(lines)
