"""Scenario maps: an overlay's name never covers an objective marker (issue 24), checked
on the SVG itself, for every bundled scenario and a crafted one where the marker sits
where the name used to go."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from builder.systems.heroes.content.loader import BUNDLED_CONTENT, load_pack
from builder.systems.heroes.render.scenario_sheet import render_scenario_html

SVG = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]


def _svg(html: str) -> ET.Element:
    return ET.fromstring(re.search(r"<svg class=\"battlefield\".*?</svg>", html, re.DOTALL).group(0))  # type: ignore[union-attr]


def label_and_marker_boxes(html: str) -> tuple[list[tuple[str, Box]], list[Box]]:
    """Label boxes (text of the overlays group, 0.6 em a character) and marker boxes
    (circles of the objectives group), read from the SVG."""
    root = _svg(html)
    groups = {g.get("class"): g for g in root.iter(f"{SVG}g") if g.get("class")}
    labels = []
    for text in groups["overlays"].iter(f"{SVG}text"):
        x, y, size = float(text.get("x")), float(text.get("y")), float(text.get("font-size"))  # type: ignore[arg-type]
        labels.append((text.text or "", (x, y - size, x + 0.6 * size * len(text.text or ""), y)))
    markers = []
    for circle in groups["objectives"].iter(f"{SVG}circle"):
        cx, cy, r = (float(circle.get(k)) for k in ("cx", "cy", "r"))  # type: ignore[arg-type]
        markers.append((cx - r, cy - r, cx + r, cy + r))
    return labels, markers


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def covered(html: str) -> list[str]:
    labels, markers = label_and_marker_boxes(html)
    return [name for name, box in labels for m in markers if overlaps(box, m)]


PACKS = sorted(p.name for p in BUNDLED_CONTENT.iterdir()
               if (p / "pack.yaml").is_file() and not p.name.startswith("toi"))  # Tide of Iron: its own maps


@pytest.mark.parametrize("pack_id", PACKS)
def test_no_overlay_name_covers_an_objective_on_bundled_scenarios(pack_id: str) -> None:
    pack = load_pack(BUNDLED_CONTENT / pack_id)
    for scenario in pack.items["scenarios"].values():
        if scenario.layout.boards:
            assert covered(render_scenario_html(scenario, pack)) == [], scenario.id


def test_a_marker_on_the_overlay_corner_pushes_the_name_away() -> None:
    pack = load_pack(BUNDLED_CONTENT / "core")
    scenario = next(s for s in pack.items["scenarios"].values() if s.layout.overlays and s.objectives)
    placement = scenario.layout.overlays[0]
    corner = scenario.model_copy(update={"objectives": [
        scenario.objectives[0].model_copy(update={"at": placement.at, "name": "the corner"})]})
    html = render_scenario_html(corner, pack)
    assert covered(html) == []
    assert "objective the corner at" in html
