"""Campaign playtests: whole campaigns played by AI players, each scenario with the
consequences of the one before applied (003 Battle for Normandy, Campaign 1/6 to 6/6 and
Campaign Report; 002 Solo Mode, Scenarios > Family Meeting, played in the Solo game mode
when a player is ``solo-mode:...``).

Game ``i`` of a batch, and each of its scenarios, is seeded from the base seed, ``i``, the
step and the players only, so the report is identical for any number of workers.
Medals: a playtest counts the medals of consequences tied to a victory level ("as for a
minor victory, and a Victoria Cross"); a medal whose condition is only words (hold two
objectives at a supply phase, finish early) cannot be judged by the engine and is left out.

Every consequence is played as data (builder.campaign.logic): deployment areas, arrows,
event turns, points, turns, objectives at their alternate outline, the objectives a side
must hold, and recruitment options, which join the side's army on its support tile
(:func:`campaign_armies`); each side plays the default army built for the scenario
(builder.systems.heroes.playtests.armies) unless the scenario prints one. What a playtest does not play
(a lost effect, a medal judged by words, an event moved whose effect was lost, the
tactical bonus outline, an effect that changes nothing) is a warning of the report
(K807, :func:`not_played`), with the campaigns in which it came up.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from builder.systems.heroes.ai.players import parse_spec
from builder.campaign.logic import apply_consequences, consequences_for, options_for, unplayed
from builder.diagnostics import define_code
from builder.systems.heroes.content.models.campaign import Campaign
from builder.systems.heroes.content.models.scenario import Scenario
from builder.systems.heroes.content.pack import Pack
from builder.errors import UsageError
from builder.systems.heroes import play_game_safely
from builder.systems.heroes import playtest_pack as _pack
from builder.playtest_core.seeds import chunks, derive_seed
from builder.playtest_core.stats import quantiles, two_proportion_z, wilson


K_NOT_PLAYED = define_code("K807", "campaign consequence not played in a campaign playtest",
                           "003 Battle for Normandy, Campaign 1/6 to 6/6")


def campaign_armies(pack: Pack, scenario: Scenario, options: dict[str, list[str]]) -> tuple[Any, ...]:
    """The army each side plays in a campaign's scenario: its default army built for the
    scenario (builder.systems.heroes.playtests.armies.played_lists) or its printed composition, with the
    recruitment options the previous result gives it on its support tile (003 Campaign
    4/6: the Battle Plan Orders Option)."""
    from builder.systems.heroes import played_lists

    lists = list(played_lists(pack, scenario))
    for i, side in enumerate(scenario.sides):
        extra = options.get(side.id)
        if not extra:
            continue
        if lists[i] is not None:
            lists[i] = lists[i].model_copy(update={"support": [*lists[i].support, *extra]})
        elif side.army.composition:
            lists[i] = [e.model_dump() for e in side.army.composition] + [{"option": o} for o in extra]
    return tuple(lists)


def with_scenario(pack: Pack, scenario: Scenario) -> Pack:
    """A view of ``pack`` whose scenario of that id is ``scenario`` (the engine looks
    scenarios up by id; nothing else is copied)."""
    items = {**pack.items, "scenarios": {**pack.items["scenarios"], scenario.id: scenario}}
    return dataclasses.replace(pack, items=items)


def play_campaign(pack: Pack, campaign: Campaign, seed: int, players: tuple[str, ...], index: int) -> dict[str, Any]:
    """One whole campaign: per step the scenario as changed by the previous result, the
    players seated by side id (player ``k`` plays the first scenario's side ``k``)."""
    first = pack.scenarios[campaign.steps[0].scenario]
    by_side = {side.id: parse_spec(p) for side, p in zip(first.sides, players)}
    scoring = campaign.scoring
    per_victory, per_medal = (scoring.victory, scoring.medal) if scoring else (1, 0)
    points = dict.fromkeys(by_side, 0)
    steps: list[dict[str, Any]] = []
    previous: list[Any] = []
    missed: list[list[Any]] = []
    for k, step in enumerate(campaign.steps):
        printed = pack.scenarios[step.scenario]
        missed += [[k, c.text, why] for c in previous for why in unplayed(printed, c)]
        scenario = apply_consequences(printed, previous)
        specs = [by_side[s.id] for s in scenario.sides]
        game_seed = derive_seed("campaign", seed, index, campaign.id, k, players)
        armies = campaign_armies(pack, scenario, options_for(previous))
        row = play_game_safely(with_scenario(pack, scenario), scenario.id, game_seed, specs, index=index,
                               armies=armies)
        if "error" in row:
            return {"index": index, "error": f"{scenario.id}: {row['error']}", "steps": steps}
        winner = row["winner"]
        level = str(row["level"] or "draw") if winner is not None else "draw"
        chosen = consequences_for(campaign, k, winner, level)
        medals = sorted(c.side for c in chosen if c.medal and c.level is not None)
        if winner is not None:
            points[winner] = points.get(winner, 0) + per_victory
        for side in medals:
            points[side] = points.get(side, 0) + per_medal
        steps.append({"scenario": scenario.id, "winner": winner, "level": level, "medals": medals})
        previous = chosen
    missed += [[len(campaign.steps), c.text, why] for c in previous for why in unplayed(scenario, c)]
    best = max(points.values())
    leaders = [s for s, p in points.items() if p == best]
    return {"index": index, "steps": steps, "points": points, "winner": leaders[0] if len(leaders) == 1 else None,
            "not_played": missed}


def _chunk(args: tuple[str, str, int, tuple[str, ...], int, int]) -> list[dict[str, Any]]:
    pack_path, campaign_id, seed, players, start, stop = args
    pack = _pack(pack_path)
    campaign = pack.campaigns[campaign_id]
    return [play_campaign(pack, campaign, seed, players, i) for i in range(start, stop)]


def _outcome(step: dict[str, Any]) -> str:
    return f"{step['winner']}:{step['level']}" if step["winner"] else "draw"


def summarise(campaign: Campaign, sides: list[str], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Final scores and winners with 95% intervals, each scenario's win rates given the
    previous scenario's result (which alone sets its consequences), and how the first
    scenario's winner moves the campaign winner's odds."""
    done = [r for r in rows if "error" not in r]
    n = len(done)
    winners = Counter(r["winner"] for r in done)
    report: dict[str, Any] = {
        "games": len(rows), "errors": len(rows) - n,
        "winners": {s: wilson(winners[s], n).to_dict() for s in sides},
        "ties": wilson(winners[None], n).to_dict(),
        "scores": {s: quantiles([float(r["points"][s]) for r in done]) if done else {} for s in sides},
        "score_counts": dict(sorted(Counter("-".join(str(r["points"][s]) for s in sides) for r in done).items())),
    }
    per_step = []
    for k, step in enumerate(campaign.steps):
        groups: dict[str, list[str | None]] = {}
        for r in done:
            condition = "start" if k == 0 else _outcome(r["steps"][k - 1])
            groups.setdefault(condition, []).append(r["steps"][k]["winner"])
        per_step.append({
            "scenario": step.scenario,
            "given_previous": {cond: {"games": len(ws), **{s: wilson(ws.count(s), len(ws)).to_dict() for s in sides}}
                               for cond, ws in sorted(groups.items())},
        })
    report["steps"] = per_step
    first: dict[str, Any] = {}
    for s in sides:
        took = [r for r in done if r["steps"][0]["winner"] == s]
        lost = [r for r in done if r["steps"][0]["winner"] != s]
        odds = {w: wilson(sum(r["winner"] == w for r in took), len(took)).to_dict() for w in sides}
        test = two_proportion_z(sum(r["winner"] == s for r in lost), len(lost),
                                sum(r["winner"] == s for r in took), len(took)) if took and lost else None
        first[s] = {"games": len(took), "campaign_winner": odds,
                    "swing": round(test.difference, 6) if test is not None else None,
                    "p_value": round(test.p_value, 6) if test is not None else None}
    report["first_scenario"] = first
    return report


def run_campaign_playtest(campaign_id: str, *, games: int, seed: int, players: list[str], jobs: int = 1,
                          pack: str) -> dict[str, Any]:
    """Play ``games`` whole campaigns and return the report (plain data, JSON-ready)."""
    if games < 1 or jobs < 1:
        raise UsageError("--games and --jobs must be at least 1")
    loaded = _pack(pack)
    campaign = loaded.campaigns.get(campaign_id)
    if campaign is None:
        raise UsageError(f"unknown campaign '{campaign_id}' in {pack}; it has: {', '.join(sorted(loaded.campaigns)) or 'none'}")
    sides = [s.id for s in loaded.scenarios[campaign.steps[0].scenario].sides]
    names = tuple(p.strip().lower() for p in players)
    if len(names) != len(sides):
        raise UsageError(f"campaign '{campaign_id}' has sides {', '.join(sides)}: give one player per side, in that order")
    for p in names:
        parse_spec(p)
    work = [(pack, campaign_id, seed, names, a, b) for a, b in chunks(games, jobs)]
    rows: list[dict[str, Any]] = []
    if jobs <= 1 or len(work) <= 1:
        for args in work:
            rows.extend(_chunk(args))
    else:
        ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            for part in pool.map(_chunk, work):
                rows.extend(part)
    report = {"campaign": campaign_id, "campaign_name": campaign.name, "sides": sides, "players": list(names),
              "seed": seed, **summarise(campaign, sides, rows)}
    report["verdict"] = verdict(report)
    report["warnings"] = not_played(campaign, rows)
    return report


def not_played(campaign: Campaign, rows: list[dict[str, Any]]) -> list[dict[str, str]]:
    """K807, per consequence part a campaign playtest did not play, with the campaigns in
    which it came up; in step order, then by text (the same for the same rows)."""
    seen: Counter[tuple[int, str, str]] = Counter()
    for row in rows:
        for k, text, why in {tuple(m) for m in row.get("not_played", [])}:
            seen[(k, text, why)] += 1
    out = []
    for (k, text, why), n in sorted(seen.items()):
        where = f"before scenario {k + 1} ({campaign.steps[k].scenario})" if k < len(campaign.steps) \
            else "after the last scenario"
        out.append({"code": K_NOT_PLAYED, "message": f"not played, in {n} of {len(rows)} campaigns, {where}: "
                                                      f"{text} ({why})"})
    return out


def verdict(report: dict[str, Any]) -> str:
    """One line: who wins the campaign how often, and whether the intervals overlap."""
    rates = report["winners"]
    ordered = sorted(report["sides"], key=lambda s: -rates[s]["rate"])
    top, other = ordered[0], ordered[-1]
    shares = ", ".join(f"{s} {rates[s]['rate'] * 100:.0f}%" for s in ordered)
    if rates[top]["low"] > rates[other]["high"]:
        return f"{top} wins the campaign more often ({shares})"
    return f"no side wins the campaign clearly more often ({shares})"


def report_text(report: dict[str, Any]) -> str:
    """The report as a few lines for the terminal."""
    lines = [f"{report['campaign_name']} ({report['campaign']}): {report['games']} campaigns, seed {report['seed']}",
             "players: " + ", ".join(f"{s}={p}" for s, p in zip(report["sides"], report["players"])),
             f"verdict: {report['verdict']}"]
    for side in report["sides"]:
        iv, q = report["winners"][side], report["scores"][side]
        lines.append(f"  {side:<6} wins {iv['rate'] * 100:5.1f}% [{iv['low'] * 100:.1f}%, {iv['high'] * 100:.1f}%]"
                     f"  points median {q.get('p50', 0):g} (p10 {q.get('p10', 0):g}, p90 {q.get('p90', 0):g})")
    for side, first in report["first_scenario"].items():
        if first["swing"] is not None:
            lines.append(f"  winning scenario 1 changes {side}'s campaign odds by {first['swing'] * 100:+.1f} points"
                         f" (p={first['p_value']:.3f})")
    if report["errors"]:
        lines.append(f"engine errors: {report['errors']} campaign(s) left out")
    lines += [f"warning {w['code']}: {w['message']}" for w in report.get("warnings", [])]
    return "\n".join(lines)
