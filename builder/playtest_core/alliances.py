"""Playtests of three- and four-player scenarios (000 core rules, Multiplayer Rules 3-4
Players): each game row says, per player, its alliance, its AI player, the units it
fielded and lost and whether it was wiped out; the report gives each player's win rate
(its alliance's: an alliance wins or loses as one, Victory Conditions) and its survival,
with 95% intervals, beside the alliances' rates (the sides' ``win_rates``).

A two-player game's rows and reports have none of this (``seats`` absent). The rows'
counts come from builder.systems.heroes.playtests.seat_tally (the only part that reads a game).
"""

from __future__ import annotations

from typing import Any

from builder.diagnostics import define_code
from builder.playtest_core.stats import wilson

REPORT = "docs/playtest.md, Three- and four-player scenarios"
P_WIPED_OUT = define_code("P530", "an alliance player was wiped out in playtest games while its alliance played on",
                          REPORT)
P_PARTIAL = define_code("P531", "multiplayer rules the engine plays partly in these games", REPORT)

PARTIAL = ("one shared hand of 6 action cards per alliance (not one per player)",
           "the deck is the deck faction's cards, not a counted deck of 50",
           "a pending reaction may be answered with any allied unit (the owner is taken to agree)")
"""What the engine reads differently from 000 Multiplayer Rules (builder/systems/heroes/engine/alliances.py)."""

ROUND = 6


def summarise_seats(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The report's ``player_seats``: per player, its alliance, AI player, win rate (its
    alliance's) and share of games it came through with units left, with 95% intervals,
    and its units fielded and lost; nothing when no row has players of alliances."""
    seated = [r for r in rows if "seats" in r]
    if not seated:
        return {}
    n = len(seated)
    out: dict[str, Any] = {}
    for pid, first in seated[0]["seats"].items():
        side = first["side"]
        wins = sum(1 for r in seated if r["winner"] == side)
        wiped = sum(1 for r in seated if r["seats"][pid]["wiped_out"])
        fielded = sum(r["seats"][pid]["fielded"] for r in seated)
        lost = sum(r["seats"][pid]["lost"] for r in seated)
        out[pid] = {"side": side, "player": first["player"], "win": wilson(wins, n).to_dict(),
                    "survived": wilson(n - wiped, n).to_dict(), "wiped_out_games": wiped,
                    "fielded": fielded, "lost": lost,
                    "survival": round(1 - lost / fielded, ROUND) if fielded else None}
    return {"player_seats": out}


def warnings(n: int, seats: dict[str, Any]) -> list[dict[str, str]]:
    """P530 for each player wiped out in some games; P531 once, the multiplayer rules
    played partly."""
    if not seats:
        return []
    out = [{"code": P_WIPED_OUT,
            "message": f"player {pid} ({s['side']}) was wiped out in {s['wiped_out_games']} of {n} games; its "
                       "alliance played on without it (000 Multiplayer Rules > Victory Conditions)"}
           for pid, s in seats.items() if s["wiped_out_games"]]
    out.append({"code": P_PARTIAL, "message": "multiplayer rules played partly: " + "; ".join(PARTIAL)})
    return out


def text_lines(report: dict[str, Any]) -> list[str]:
    """The report's per-player lines (text)."""
    seats = report.get("player_seats") or {}
    lines = ["by player (an alliance wins as one; survived: kept units to the end):"] if seats else []
    for pid, s in seats.items():
        win, surv = s["win"], s["survived"]
        lines.append(f"  {pid:<10} {s['side']:<6} {s['player']:<8} won {win['rate'] * 100:5.1f}% "
                     f"[{win['low'] * 100:.1f}%, {win['high'] * 100:.1f}%]  survived {surv['rate'] * 100:5.1f}% "
                     f"[{surv['low'] * 100:.1f}%, {surv['high'] * 100:.1f}%]  lost {s['lost']} of {s['fielded']} units")
    return lines


def markdown(report: dict[str, Any]) -> str:
    """The report's per-player table (Markdown), empty for a two-player scenario."""
    seats = report.get("player_seats") or {}
    if not seats:
        return ""

    def pct(iv: dict[str, float]) -> str:
        return f"{iv['rate'] * 100:.0f}% [{iv['low'] * 100:.0f}%, {iv['high'] * 100:.0f}%]"

    lines = [f"| player of `{report['scenario']}` | alliance | AI | won | survived | units lost |",
             "| --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {pid} | {s['side']} | {s['player']} | {pct(s['win'])} | {pct(s['survived'])} | "
              f"{s['lost']} of {s['fielded']} |" for pid, s in seats.items()]
    return "\n".join(lines) + "\n"
