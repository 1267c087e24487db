"""From game records (one JSONL row per game) to the balance summary of a report.

Plain data in, plain data out: the summary is a JSON-ready dict with sorted keys and
rounded floats, so the same games always give byte-identical reports.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Iterable

from builder.playtest_core import alliances as A
from builder.playtest_core import warnings as W
from builder.playtest_core.stats import quantiles, wilson

ROUND = 6


def _leader(control: dict[str, str | None], sides: list[str]) -> str | None:
    """The side controlling more objectives at the end of a turn, None when level."""
    counts = Counter(v for v in control.values() if v)
    best = sorted(((counts.get(s, 0), s) for s in sides), reverse=True)
    if not best or best[0][0] == 0 or (len(best) > 1 and best[0][0] == best[1][0]):
        return None
    return best[0][1]


def lead_changes(control_by_turn: list[dict[str, str | None]], sides: list[str]) -> int:
    """How often the side ahead on objectives changed hands during a game (a level
    turn keeps the previous leader)."""
    changes, leader = 0, None
    for control in control_by_turn:
        now = _leader(control, sides)
        if now is not None and leader is not None and now != leader:
            changes += 1
        if now is not None:
            leader = now
    return changes


def _int_histogram(values: list[int]) -> dict[str, list[int]]:
    if not values:
        return {"bins": [], "counts": []}
    lo, hi = min(values), max(values)
    counts = Counter(values)
    return {"bins": list(range(lo, hi + 1)), "counts": [counts.get(v, 0) for v in range(lo, hi + 1)]}


def summarise(records: Iterable[dict[str, Any]], sides: list[str], unit_costs: dict[str, int] | None = None,
              *, armies: dict[str, dict[str, Any]] | None = None, placeholders: set[str] | None = None
              ) -> dict[str, Any]:
    """Aggregate game records into the report's numbers (see docs/playtest.md).

    ``armies``: the armies played by side (builder.systems.heroes.playtests.armies.describe), for the
    unspent-points warning; ``placeholders``: the ids of the pack's placeholder units,
    for the share of placeholder values among the units that fought
    (builder.playtest_core.warnings)."""
    everything = list(records)
    rows = [r for r in everything if "error" not in r]
    errors = [r for r in everything if "error" in r]
    n = len(rows)
    unit_costs = unit_costs or {}
    wins = Counter(r["winner"] for r in rows)
    levels = Counter(f"{r['winner'] or 'draw'}:{r['level']}" for r in rows)
    by_player: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in rows:
        for side, player in r["players"].items():
            by_player[player][1] += 1
            by_player[player][0] += int(r["winner"] == side)
    margins = [r["vp"].get(sides[0], 0) - r["vp"].get(sides[1], 0) for r in rows] if len(sides) >= 2 else []
    rounds = [r["rounds"] for r in rows]
    leads = [lead_changes(r["objective_control"], sides) for r in rows]
    max_turn = max((len(r["objective_control"]) for r in rows), default=0)
    objectives = sorted({o for r in rows for turn in r["objective_control"] for o in turn})
    control: dict[str, list[dict[str, float]]] = {}
    for obj in objectives:
        per_turn = []
        for t in range(max_turn):
            held = Counter(r["objective_control"][t].get(obj) for r in rows if len(r["objective_control"]) > t)
            total = sum(held.values()) or 1
            per_turn.append({(s or "none"): round(held.get(s, 0) / total, ROUND) for s in sides + [None]})
        control[obj] = per_turn
    fielded: Counter[tuple[str, str]] = Counter()
    lost: Counter[tuple[str, str]] = Counter()
    kills: Counter[tuple[str, str]] = Counter()
    credit: dict[str, Counter[str]] = {s: Counter() for s in sides}
    other_losses: Counter[str] = Counter()
    for r in rows:
        for side, credits in r.get("kill_credit", {}).items():
            credit.setdefault(side, Counter()).update(credits)
        other_losses.update(r.get("other_losses", {}))
        for side, units in r.get("fielded", {}).items():
            for unit, k in units.items():
                fielded[(side, unit)] += k
        for side, units in r.get("losses", {}).items():
            for unit, k in units.items():
                lost[(side, unit)] += k
        for side, units in r.get("kills", {}).items():
            for unit, k in units.items():
                kills[(side, unit)] += k
    units = []
    for side, unit in sorted(set(fielded) | set(lost) | set(kills)):
        f, lo, ki = fielded[(side, unit)], lost[(side, unit)], kills[(side, unit)]
        cost = unit_costs.get(unit)
        units.append({
            "side": side, "unit": unit, "fielded": f, "lost": lo,
            "survival": round(1 - lo / f, ROUND) if f else None,
            "kills": ki, "kills_per_game": round(ki / n, ROUND) if n else 0,
            "cost": cost,
            "kills_per_100_points": round(100 * ki / (f * cost), ROUND) if f and cost else None,
        })
    rules: Counter[str] = Counter()
    for r in rows:
        rules.update(r.get("rules", {}))
    digests = Counter(r["digest"] for r in rows)
    not_played: Counter[str] = Counter()
    met_in: Counter[str] = Counter()
    for r in rows:
        not_played.update(r.get("not_simulated", {}))
        met_in.update(r.get("not_simulated", {}).keys())
    not_simulated = {text: {"times": not_played[text], "games": met_in[text]} for text in sorted(not_played)}
    lost_times: Counter[str] = Counter()
    lost_in: Counter[str] = Counter()
    for r in rows:
        lost_times.update(r.get("lost", {}))
        lost_in.update(r.get("lost", {}).keys())
    lost_effects = {text: {"times": lost_times[text], "games": lost_in[text]} for text in sorted(lost_times)}
    exits: dict[str, Counter[str]] = {}
    exit_games: Counter[str] = Counter()
    for r in rows:
        for side, kinds in r.get("exited", {}).items():
            exits.setdefault(side, Counter()).update(kinds)
            exit_games[side] += 1
    exited = {side: {"games": exit_games[side], "units": dict(sorted(exits[side].items())),
                     "per_game": {k: round(v / n, ROUND) for k, v in sorted(exits[side].items())}}
              for side in sorted(exits)}
    ways: Counter[str] = Counter()
    for credits in credit.values():
        for key, k in credits.items():
            ways[key.split(": ", 1)[0]] += k
    placeholder = W.placeholder_share(dict(fielded), placeholders)
    seats = A.summarise_seats(rows)
    return {
        "games": n,
        "engine_errors": {"games": len(errors),
                          "examples": [{"seed": r["seed"], "error": r["error"]} for r in errors[:5]]},
        "win_rates": {s: round(wins.get(s, 0) / n, ROUND) if n else 0.0 for s in sides},
        "draw_rate": round(wins.get(None, 0) / n, ROUND) if n else 0.0,
        "win_intervals": {**{s: wilson(wins.get(s, 0), n).to_dict() for s in sides},
                          "draw": wilson(wins.get(None, 0), n).to_dict()},
        "player_win_rates": {p: wilson(w, t).to_dict() for p, (w, t) in sorted(by_player.items())},
        "levels": dict(sorted(levels.items())),
        "end_reasons": dict(sorted(Counter(r["end_reason"] for r in rows).items())),
        "vp_margin": {"of": f"{sides[0]} - {sides[1]}" if len(sides) >= 2 else "",
                      "mean": round(sum(margins) / n, ROUND) if n else 0.0,
                      "quantiles": quantiles([float(m) for m in margins]), **_int_histogram(margins)},
        "rounds": {"mean": round(sum(rounds) / n, ROUND) if n else 0.0,
                   "quantiles": quantiles([float(x) for x in rounds]), **_int_histogram(rounds)},
        "objective_control": control,
        "lead_changes": {"mean": round(sum(leads) / n, ROUND) if n else 0.0, **_int_histogram(leads)},
        "units": units,
        "rules": dict(sorted(rules.items())),
        "distinct_games": len(digests),
        "distinct_share": round(len(digests) / n, ROUND) if n else 0.0,
        "kill_credit": {side: dict(sorted(c.items())) for side, c in sorted(credit.items())},
        "kills_by_way": dict(sorted(ways.items())),
        "other_losses": dict(sorted(other_losses.items())),
        "rounds_by_end_reason": rounds_by_end_reason(rows),
        "not_simulated": not_simulated,
        "lost": lost_effects,
        "exited": exited,
        **({"placeholders": placeholder} if placeholder is not None else {}),
        **seats,
        "warnings": [*W.not_simulated(n, not_simulated), *W.never_won(n, wins, sides), *W.unspent(armies),
                     *W.no_deck(n, rows),
                     *W.placeholder(placeholder), *W.solo_placeholders(n, [r.get("rules", {}) for r in rows]),
                     *W.lost(n, lost_effects), *A.warnings(n, seats.get("player_seats", {}))],
    }


def rounds_by_end_reason(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per end reason (``turns``, ``sudden_death``, ``no_units``...), its games and their
    mean length in rounds: a game ended by sudden death (000 core rules, Setup > Victory
    Conditions) is shorter than the turn count, and this shows by how much."""
    by: dict[str, list[int]] = defaultdict(list)
    for r in rows:
        by[r["end_reason"]].append(r["rounds"])
    return {k: {"games": len(v), "mean_rounds": round(sum(v) / len(v), ROUND)} for k, v in sorted(by.items())}


MIN_VERDICT_GAMES = 30
"""Fewer games than this give no verdict word: the 95% interval of a side's win rate is
still about +/- 18 points wide at 30 games (Wilson), so 'balanced' or 'favours' on 4 games
would only repeat the dice. The rates are printed, with their margins, either way."""


def verdict(summary: dict[str, Any], sides: list[str], names: dict[str, str] | None = None) -> str:
    """One line: which side the scenario favours, with its 95% margin; 'mostly draws'
    when at least half the games end undecided (draws are no balance); else 'balanced'
    when the leading side's interval overlaps the other's. Below :data:`MIN_VERDICT_GAMES`
    games it says the sample is too small for a verdict and gives the rates only."""
    names = names or {}
    n = summary["games"]
    if n == 0:
        return "no games played"
    iv = summary["win_intervals"]
    ranked = sorted(sides, key=lambda s: (-iv[s]["rate"], s))
    top, rest = ranked[0], ranked[1:]

    def pct(side: str) -> str:
        half = (iv[side]["high"] - iv[side]["low"]) / 2 * 100
        return f"{iv[side]['rate'] * 100:.0f}% +/- " + (f"{half:.0f}%" if half >= 1 else f"{half:.1f}%")

    if n < MIN_VERDICT_GAMES:
        return (f"too few games for a verdict ({n}; at least {MIN_VERDICT_GAMES}): "
                + ", ".join(f"{names.get(s, s)} {pct(s)}" for s in sides)
                + (f", draws {summary['draw_rate'] * 100:.0f}%" if summary["draw_rate"] else ""))
    if summary["draw_rate"] >= 0.5:
        return "mostly draws: draws " + pct("draw") + "".join(
            f", {names.get(s, s)} {pct(s)}" for s in sides)
    if all(iv[top]["low"] > iv[s]["high"] for s in rest):
        return f"favours {names.get(top, top)}: {pct(top)}"
    return "balanced: " + ", ".join(f"{names.get(s, s)} {pct(s)}" for s in sides) + (
        f", draws {summary['draw_rate'] * 100:.0f}%" if summary["draw_rate"] else "")
