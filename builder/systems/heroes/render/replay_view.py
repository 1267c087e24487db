"""What the replay viewer draws for a Heroes System game: the scenario's map (the
scenario sheet's SVG, builder.systems.heroes.render.svg_map) and, for the set-up and
after every decision, where each counter stands, its state, the victory points, who
holds each objective, and the decision told with its shots and assaults
(builder.systems.heroes.tools.story).

Plain data out, in the replay viewer's shape (builder.web.replay documents it); the
frames are computed here, once, by replaying the log with the engine.
"""

from __future__ import annotations

from typing import Any

from builder.render.env import render
from builder.systems.heroes.render.svg_map import CELL, MARGIN, build_map
from builder.systems.heroes.tools.story import PHASES, Moment, story, verdict


def _frame(moment: Moment) -> dict[str, Any]:
    return {"n": moment.n, "t": moment.turn, "p": PHASES.get(moment.phase, moment.phase), "a": moment.side,
            "x": moment.text, "e": moment.events, "w": moment.why,
            "h": [[s.src, s.dst, int(s.hit), s.text, s.cover] for s in moment.shots],
            "v": moment.vp, "o": moment.control, "r": moment.round_start,
            "u": [[sq, mark] for sq, mark in moment.units]}


def viewer_data(pack: Any, lines: list[dict[str, Any]], file: str = "<log>") -> dict[str, Any]:
    """The replay viewer's data of a parsed log (proved by the replay while it is read)."""
    told = story(pack, lines, file)
    scenario = pack.items["scenarios"][told.scenario]
    names = {s["id"]: s["name"] for s in told.sides}
    data = build_map(scenario, pack, names)
    svg = render("partials/map.svg.j2", m=data, label=f"map of {told.title}")
    width = max(data.cols, 1)
    frames = [_frame(told.start), *(_frame(m) for m in told.moments)]
    used = {o["square"] for o in told.objectives}
    for f in frames:
        used.update(sq for sq, _ in f["u"] if sq >= 0)
        used.update(c for shot in f["h"] for c in [*shot[:2], *shot[4]])
    xy = {str(sq): [MARGIN + (sq % width) * CELL + CELL / 2, MARGIN + (sq // width) * CELL + CELL / 2]
          for sq in sorted(used)}
    return {
        "system": "heroes-of-normandie", "title": told.title, "seed": told.seed, "players": told.players,
        "sides": [{"name": s["name"], "colour": s["colour"]} for s in told.sides],
        "map": svg, "width": data.width, "height": data.height, "cell": CELL, "xy": xy,
        "units": [{"n": u["name"], "s": u["side"], "l": u["label"], "k": u["type"]} for u in told.units],
        "objectives": [{"n": o["name"], "c": o["square"], "vp": o["vp"]} for o in told.objectives],
        "marks": {"F": "flipped (wounded side, or damaged)", "W": "wreck", "S": "suppressed",
                  "O": "an order token on it", "A": "activated", "X": "eliminated"},
        "frames": frames, "result": verdict(told),
    }
