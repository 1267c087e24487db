"""The campaign sheet: the Campaign Report grid (003 Battle for Normandy, Campaign Report:
one line per scenario, victories and medals per side, 5 points a victory and 2 a medal),
filled from a record when one is given, and the scenarios in order with their consequences.

The record is the shared campaign service's file (builder.campaign.record), read here as
plain data (its ``model_dump``): the sheet is the Heroes System's, the record is not.
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.campaigns import totals
from builder.systems.heroes.content.models.campaign import Campaign, CampaignEffect
from builder.systems.heroes.content.pack import Pack
from builder.errors import UsageError
from builder.render.env import render


def effect_in_words(effect: CampaignEffect) -> str:
    """One effect as a short line for the sheet."""
    words = {
        "deploy": f"{effect.side} may also deploy in {', '.join(effect.areas)}",
        "enter": f"{effect.side} may enter through {', '.join(effect.squares)}",
        "move_event": f"{effect.side}'s event of turn {effect.from_turn} happens on turn {effect.to_turn}",
        "points": f"{effect.side} {effect.points:+d} army points",
        "turns": f"the scenario lasts {effect.turns} turns",
        "objective": f"objectives {', '.join(effect.objectives)} in play" + (f" at {effect.at}" if effect.at else ""),
        "hold": f"{effect.side} must control {effect.at_least} of {', '.join(effect.objectives)}",
        "option": f"{effect.side} adds {effect.option}",
        "tactical_bonus": f"the tactical bonus with the alternate outline goes on {effect.at}",
    }[effect.do]
    return words + (" (placeholder)" if effect.placeholder else "")


def _results(record: Any) -> list[dict[str, Any]]:
    """A campaign record's results as plain data (none without a record)."""
    return list(record.model_dump(mode="json")["results"]) if record is not None else []


def campaign_context(campaign: Campaign, pack: Pack, record: Any = None) -> dict[str, Any]:
    """Plain data for the template: sides, the report grid and each step's consequences.
    ``record``: a campaign record (builder.campaign.record), already checked against the pack."""
    first = pack.scenarios[campaign.steps[0].scenario]
    sides = [{"id": s.id, "name": s.name or s.id} for s in first.sides]
    results = _results(record)
    steps = []
    for k, step in enumerate(campaign.steps):
        scenario = pack.scenarios.get(step.scenario)
        result = results[k] if k < len(results) else None
        steps.append({
            "number": k + 1, "id": step.scenario, "name": scenario.name if scenario else step.scenario,
            "result": (f"{result['winner']}:{result['level']}" if result["winner"] else "draw") if result else "",
            "medals": [f"{m['side']}: {m['medal']}" for m in result["medals"]] if result else [],
            "consequences": [{
                "when": f"{c.winner or 'draw'}{':' + c.level if c.level else ''}",
                "text": c.text, "medal": c.medal or "", "lost": c.lost,
                "effects": [effect_in_words(e) for e in c.effects],
            } for c in step.consequences],
        })
    summed = totals(pack, campaign.id, results) if record is not None else None
    return {"campaign": campaign, "sides": sides, "steps": steps, "totals": summed, "scoring": campaign.scoring}


def render_campaign_html(pack: Pack, campaign_id: str, record: Any = None) -> str:
    """The printable campaign sheet as a standalone HTML document."""
    campaign = pack.campaigns.get(campaign_id)
    if campaign is None:
        raise UsageError(f"unknown campaign '{campaign_id}'; this pack has: {', '.join(sorted(pack.campaigns)) or 'none'}")
    return render("print/campaign.html.j2", **campaign_context(campaign, pack, record), pack=pack.manifest)
