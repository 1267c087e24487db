"""Readable maps (issue 38, item 6): no two overlay names print over each other (N5 and O5
of Clash), and hedgerow, forest edge and forest heart differ by pattern, not only by
near-identical greens, so a greyscale print tells them apart."""

from __future__ import annotations

import re

import pytest

from builder.systems.heroes.content.loader import BUNDLED_CONTENT, load_pack
from builder.systems.heroes.render.scenario_sheet import render_scenario_html
from builder.systems.heroes.render.svg_map import build_map, pattern_of

from tests.test_render_map_labels import label_and_marker_boxes, overlaps

PACKS = {name: load_pack(BUNDLED_CONTENT / name) for name in ("core", "bfn")}
SCENARIOS = [(name, sid) for name, pack in PACKS.items() for sid in sorted(pack.scenarios)]


@pytest.mark.parametrize("pack_name,scenario", SCENARIOS)
def test_overlay_names_do_not_overlap_each_other(pack_name: str, scenario: str) -> None:
    pack = PACKS[pack_name]
    labels, _ = label_and_marker_boxes(render_scenario_html(pack.scenarios[scenario], pack))
    for i, (name, box) in enumerate(labels):
        for other, other_box in labels[i + 1:]:
            assert not overlaps(box, other_box), f"{scenario}: '{name}' prints over '{other}'"


def test_the_three_greens_have_three_patterns() -> None:
    found = {pattern_of(t) for t in ("hedgerow", "forest-edge", "forest-heart")}
    assert len(found) == 3 and "" not in found


def test_clash_map_draws_the_patterns_and_the_legend_shows_them() -> None:
    pack = PACKS["core"]
    data = build_map(pack.scenarios["clash"], pack)
    drawn = {r["terrain"]: r["pattern"] for r in data.runs}
    assert drawn["Hedgerow (grove)"] == "hatch"
    html = render_scenario_html(pack.scenarios["clash"], pack)
    for pattern in ("hatch", "dots", "cross"):
        assert f'fill="url(#map-{pattern})"' in html
    assert re.search(r'<svg class="swatch"[^>]*>.*?url\(#legend-hedgerow-hatch\)', html, re.S)
