"""Campaign playtests: whole campaigns played by AI players, each scenario with the
consequences of the one before applied (003 Battle for Normandy, Campaign 1/6 to 6/6 and
Campaign Report; 002 Solo Mode, Scenarios > Family Meeting, played in the Solo game mode
when a player is ``solo-mode:...``).

Game ``i`` of a batch, and each of its scenarios, is seeded from the base seed, ``i``, the
step and the players only, so the report is identical for any number of workers.
Medals: a playtest counts the medals of consequences tied to a victory level ("as for a
minor victory, and a Victoria Cross"); a medal whose condition is only words (hold two
objectives at a supply phase, finish early) cannot be judged by the engine and is left out.

The campaign rules are the game system's (``GameSystem.campaign``; the Heroes System's in
builder.systems.heroes.campaigns); this service seats the players, seeds and plays the
games (builder.playtest) and sums the campaigns. Every Heroes consequence is played as
data: deployment areas, arrows,
event turns, points, turns, objectives at their alternate outline, the objectives a side
must hold, and recruitment options, which join the side's army on its support tile
(:func:`campaign_armies`); each side plays the default army built for the scenario
(builder.systems.heroes.playtests.armies) unless the scenario prints one. What a playtest does not play
(a lost effect, a medal judged by words, an event moved whose effect was lost, the
tactical bonus outline, an effect that changes nothing) is a warning of the report
(K807, :func:`not_played`), with the campaigns in which it came up.
"""

from __future__ import annotations

import multiprocessing
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from builder.campaign.logic import campaign_tools
from builder.diagnostics import define_code
from builder.errors import UsageError
from builder.playtest.pairings import Plan, arrangements, pairing_name, plays_search, robustness, verdict_class
from builder.playtest_core.seeds import chunks, derive_seed
from builder.playtest_core.stats import quantiles, two_proportion_z, wilson
from builder.systems.heroes import play_game_safely
from builder.systems.heroes import playtest_pack as _pack
from builder.systems.seam import CampaignFacts, CampaignStep, CampaignTools


K_NOT_PLAYED = define_code("K807", "campaign consequence not played in a campaign playtest",
                           "003 Battle for Normandy, Campaign 1/6 to 6/6")


def campaign_armies(tools: CampaignTools, step: CampaignStep) -> tuple[Any, ...]:
    """The army each side plays in a campaign's scenario: its default army built for the
    scenario (builder.systems.heroes.playtests.armies.played_lists) or its printed composition, with what
    the previous result adds to it (the system's ``armies`` hook: 003 Campaign 4/6, the
    Battle Plan Orders Option on the support tile)."""
    from builder.systems.heroes import played_lists

    return tools.armies(step.model, played_lists(step.pack, step.model), step.options)


def play_campaign(pack: Any, facts: CampaignFacts, seed: int, players: tuple[str, ...], index: int,
                  tools: CampaignTools | None = None) -> dict[str, Any]:
    """One whole campaign: per step the scenario as changed by the previous result, the
    players seated by side id (player ``k`` plays the first scenario's side ``k``)."""
    tools = tools or campaign_tools(pack)
    by_side = {side: tools.player(p) for side, p in zip(facts.sides, players)}
    points = dict.fromkeys(by_side, 0)
    steps: list[dict[str, Any]] = []
    played: list[tuple[str | None, str]] = []
    missed: list[list[Any]] = []
    for k in range(len(facts.scenarios)):
        step = tools.step(pack, facts.id, played)
        missed += [[k, text, why] for text, why in step.not_played]
        scenario = step.model
        specs = [by_side[s.id] for s in scenario.sides]
        game_seed = derive_seed("campaign", seed, index, facts.id, k, players)
        row = play_game_safely(step.pack, scenario.id, game_seed, specs, index=index,
                               armies=campaign_armies(tools, step))
        if "error" in row:
            return {"index": index, "error": f"{scenario.id}: {row['error']}", "steps": steps}
        winner = row["winner"]
        level = str(row["level"] or "draw") if winner is not None else "draw"
        medals = tools.medals(pack, facts.id, k, winner, level)
        if winner is not None:
            points[winner] = points.get(winner, 0) + facts.victory_points
        for side in medals:
            points[side] = points.get(side, 0) + facts.medal_points
        steps.append({"scenario": scenario.id, "winner": winner, "level": level, "medals": medals})
        played.append((winner, level))
    missed += [[len(facts.scenarios), text, why] for text, why in tools.step(pack, facts.id, played).not_played]
    best = max(points.values())
    leaders = [s for s, p in points.items() if p == best]
    return {"index": index, "steps": steps, "points": points, "winner": leaders[0] if len(leaders) == 1 else None,
            "not_played": missed}


def _chunk(args: tuple[str, str, int, tuple[str, ...], int, int]) -> list[dict[str, Any]]:
    pack_path, campaign_id, seed, players, start, stop = args
    pack = _pack(pack_path)
    tools = campaign_tools(pack)
    facts = tools.facts(pack, campaign_id)
    return [play_campaign(pack, facts, seed, players, i, tools) for i in range(start, stop)]


def _outcome(step: dict[str, Any]) -> str:
    return f"{step['winner']}:{step['level']}" if step["winner"] else "draw"


def summarise(facts: CampaignFacts, sides: list[str], rows: list[dict[str, Any]]) -> dict[str, Any]:
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
    for k, scenario in enumerate(facts.scenarios):
        groups: dict[str, list[str | None]] = {}
        for r in done:
            condition = "start" if k == 0 else _outcome(r["steps"][k - 1])
            groups.setdefault(condition, []).append(r["steps"][k]["winner"])
        per_step.append({
            "scenario": scenario,
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


CAMPAIGN_GAMES = 1000
"""Campaigns a pairing by default when no pairing plays ``search``."""

CAMPAIGN_SEARCH_GAMES = 40
"""Campaigns a pairing by default when one plays ``search``: a search/search campaign of
Battle for Normandy (six scenarios) costs about 13 CPU seconds and a greedy/greedy one
about 2 (measured, compiled engine: docs/playtest.md, Campaigns), so the default pairings
take some 10 CPU minutes, 5 on two cores with ``--jobs 2``; ``--games`` buys narrower
intervals."""


def default_campaigns(pairings: list[tuple[str, ...]]) -> int:
    """Campaigns a pairing when ``--games`` is not given (:data:`CAMPAIGN_SEARCH_GAMES`
    when a pairing plays ``search``, else :data:`CAMPAIGN_GAMES`)."""
    return CAMPAIGN_SEARCH_GAMES if plays_search(pairings) else CAMPAIGN_GAMES


def run_campaign_playtest(campaign_id: str, *, games: int, seed: int, players: list[str] | None = None,
                          jobs: int = 1, pack: str, plan: Plan | None = None) -> dict[str, Any]:
    """Play ``games`` whole campaigns under each pairing of ``plan`` (default: the one
    pairing ``players``, as given) and return the report (plain data, JSON-ready): the
    first pairing's numbers, each pairing's campaign verdict and scenario verdicts, and
    how robust the campaign's and each scenario's verdicts are (issue 35, item 5;
    builder.playtest.pairings)."""
    if games < 1 or jobs < 1:
        raise UsageError("--games and --jobs must be at least 1")
    if plan is None:
        if players is None:
            raise UsageError("give the players (one per side) or a plan of pairings")
        plan = Plan((tuple(players),), swap=False)
    loaded = _pack(pack)
    tools = campaign_tools(loaded)
    known = tools.campaigns(loaded)
    if campaign_id not in known:
        raise UsageError(f"unknown campaign '{campaign_id}' in {pack}; it has: {', '.join(known) or 'none'}")
    facts = tools.facts(loaded, campaign_id)
    sides = list(facts.sides)
    for pairing in plan.pairings:
        if len(pairing) != len(sides):
            raise UsageError(f"campaign '{campaign_id}' has sides {', '.join(sides)}: give one player per side, "
                             "in that order")
        for p in pairing:
            tools.player(p.strip().lower())
    played = [_play_pairing(facts, tuple(p.strip().lower() for p in pairing), games, seed, jobs, pack)
              for pairing in arrangements(list(plan.pairings), plan.swap and len(sides) == 2)]
    report = dict(played[0])
    by_name = [(pairing_name(r["players"]), _as_verdict(r)) for r in played]
    report["pairings"] = [{"name": name, "players": r["players"], "verdict": r["verdict"], "gist": verdict_class(r),
                           "games": r["games"], "win_rates": r["win_rates"], "draw_rate": r["draw_rate"],
                           "scenarios": [{"scenario": sc, "verdict": v["verdict"], "gist": verdict_class(v)}
                                         for sc, v in zip(facts.scenarios, _scenario_verdicts(sides, rows))]}
                          for (name, r), rows in zip(by_name, (r["rows"] for r in played))]
    report["robustness"] = robustness(by_name).to_dict()
    report["scenario_robustness"] = [
        {"scenario": scenario,
         "robustness": robustness([(name, _scenario_verdicts(sides, r["rows"])[k])
                                   for (name, _), r in zip(by_name, played)]).to_dict()}
        for k, scenario in enumerate(facts.scenarios)]
    report.pop("rows")
    return report


def _play_pairing(facts: CampaignFacts, names: tuple[str, ...], games: int, seed: int, jobs: int,
                  pack: str) -> dict[str, Any]:
    """One pairing's campaigns and report (with its ``rows``, which the caller drops)."""
    work = [(pack, facts.id, seed, names, a, b) for a, b in chunks(games, jobs)]
    rows: list[dict[str, Any]] = []
    if jobs <= 1 or len(work) <= 1:
        for args in work:
            rows.extend(_chunk(args))
    else:
        ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            for part in pool.map(_chunk, work):
                rows.extend(part)
    sides = list(facts.sides)
    report = {"campaign": facts.id, "campaign_name": facts.name, "sides": sides, "players": list(names),
              "seed": seed, **summarise(facts, sides, rows)}
    report["verdict"] = verdict(report)
    report["warnings"] = not_played(facts, rows)
    report["win_rates"] = {s: report["winners"][s]["rate"] for s in sides}
    report["draw_rate"] = report["ties"]["rate"]
    report["rows"] = rows
    return report


def _as_verdict(report: dict[str, Any]) -> dict[str, Any]:
    """A campaign report in the shape the pairings' comparison reads (builder.playtest.pairings:
    ``games``, ``sides``, ``win_rates``, ``win_intervals``, ``draw_rate``, ``verdict``)."""
    return {**report, "games": report["games"] - report["errors"], "win_intervals": report["winners"]}


def _scenario_verdicts(sides: list[str], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each scenario's verdict over a pairing's campaigns (whatever came before it), in the
    shape the pairings' comparison reads."""
    done = [r for r in rows if "error" not in r]
    out = []
    for k in range(len(done[0]["steps"]) if done else 0):
        winners = Counter(r["steps"][k]["winner"] for r in done)
        n = len(done)
        intervals = {s: wilson(winners[s], n).to_dict() for s in sides}
        shares = ", ".join(f"{s} {intervals[s]['rate'] * 100:.0f}%" for s in sides)
        draws = winners[None] / n
        top = sorted(sides, key=lambda s: (-intervals[s]["rate"], s))[0]
        if draws >= 0.5:
            text = f"mostly draws ({shares}, draws {draws * 100:.0f}%)"
        elif all(intervals[top]["low"] > intervals[s]["high"] for s in sides if s != top):
            text = f"favours {top} ({shares})"
        else:
            text = f"balanced ({shares})"
        out.append({"games": n, "sides": sides, "win_intervals": intervals, "draw_rate": draws,
                    "win_rates": {s: intervals[s]["rate"] for s in sides}, "verdict": text})
    return out


def not_played(facts: CampaignFacts, rows: list[dict[str, Any]]) -> list[dict[str, str]]:
    """K807, per consequence part a campaign playtest did not play, with the campaigns in
    which it came up; in step order, then by text (the same for the same rows)."""
    seen: Counter[tuple[int, str, str]] = Counter()
    for row in rows:
        for k, text, why in {tuple(m) for m in row.get("not_played", [])}:
            seen[(k, text, why)] += 1
    out = []
    for (k, text, why), n in sorted(seen.items()):
        where = f"before scenario {k + 1} ({facts.scenarios[k]})" if k < len(facts.scenarios) \
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
    lines += pairing_lines(report)
    if report["errors"]:
        lines.append(f"engine errors: {report['errors']} campaign(s) left out")
    lines += [f"warning {w['code']}: {w['message']}" for w in report.get("warnings", [])]
    return "\n".join(lines)


def pairing_lines(report: dict[str, Any]) -> list[str]:
    """The pairings' lines of the text report: each pairing's campaign verdict, the
    campaign's robustness line, and each scenario's."""
    if "pairings" not in report:
        return []
    pairings = report["pairings"]
    if len(pairings) == 1:
        lines = [f"pairing: {pairings[0]['name']}"]
    else:
        lines = ["pairings:"] + [f"  {p['name']:<24} {p['verdict']}" for p in pairings]
    lines.append(f"robustness: {report['robustness']['text']}")
    lines += [f"  scenario {k + 1} {s['scenario']}: {s['robustness']['text']}"
              for k, s in enumerate(report["scenario_robustness"])]
    return lines
