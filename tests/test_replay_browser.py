"""The replay viewer in a real browser (issue 39): a Battle for Normandy game stepped
forward and back by keyboard and buttons, what the map shows at a known decision
checked against the engine's state after that decision."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from builder.content.paths import BUNDLED_CONTENT

pytestmark = pytest.mark.browser

BFN = BUNDLED_CONTENT / "bfn"
SCENARIO = "trading-blows"


def _shown(driver: Any) -> dict[int, tuple[int, str | None]]:
    """Each counter's square and where it is drawn (None when not on the map)."""
    rows = driver.execute_script(
        "return Array.from(document.querySelectorAll('g.counter')).map(g => "
        "[Number(g.dataset.unit), Number(g.dataset.cell), g.getAttribute('class'), g.getAttribute('transform')])")
    return {u: (cell, None if "gone" in cls else transform) for u, cell, cls, transform in rows}


def test_step_a_battle_for_normandy_game(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.api import apply
    from builder.systems.heroes.engine.rules import Rules
    from builder.systems.heroes.render.svg_map import CELL, MARGIN
    from builder.systems.heroes.tools.log import parse_log, play
    from builder.web.replay import viewer_html

    pack = load_pack_cached(BFN)
    _, record = play(pack, SCENARIO, 1, ["greedy", "greedy"], pack_ref=str(BFN))
    lines = parse_log(record.jsonl())
    from builder.systems.heroes.render.replay_view import viewer_data

    page = tmp_path / "game.html"
    page.write_text(viewer_html(viewer_data(pack, lines)), encoding="utf-8")
    browser.get(page.as_uri())
    body = browser.find_element(By.TAG_NAME, "body")
    assert body.get_attribute("data-frame") == "0"

    known = 40
    for _ in range(known + 5):
        body.send_keys(Keys.ARROW_RIGHT)
    for _ in range(3):
        browser.find_element(By.ID, "prev").click()
    body.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert body.get_attribute("data-frame") == str(known)  # the set-up, then decisions 1..known
    assert browser.find_element(By.ID, "where").text.startswith(f"Decision {known} of ")

    state = Rules.new_game(pack, SCENARIO, seed=1)
    for line in [x for x in lines if x["type"] == "decision"][:known]:
        apply(state, Action.from_dict(line["action"]))
    shown = _shown(browser)
    width = state.static.bf.width
    assert len(shown) == len(state.units)
    for u in state.units:
        cell, transform = shown[u.id]
        if not u.alive or u.sq < 0:
            assert transform is None, f"unit {u.id} is drawn but is not on the battlefield"
            continue
        assert cell == u.sq
        x, y = (float(v) for v in re.match(r"translate\(([\d.]+) ([\d.]+)\)", transform).groups())
        column, row = u.sq % width, u.sq // width
        assert MARGIN + column * CELL <= x < MARGIN + (column + 1) * CELL  # drawn inside its square
        assert MARGIN + row * CELL <= y < MARGIN + (row + 1) * CELL

    # a round forward and back again lands on the round's first frame; events step inside a decision
    browser.find_element(By.ID, "next-round").click()
    later = int(body.get_attribute("data-frame"))
    assert later > known
    body.send_keys(Keys.END)
    assert body.get_attribute("data-frame") == str(len([x for x in lines if x["type"] == "decision"]))
    body.send_keys(Keys.HOME)
    assert body.get_attribute("data-frame") == "0"
    for _ in range(12):
        body.send_keys(Keys.ARROW_DOWN)
    assert int(body.get_attribute("data-event")) >= -1
    assert browser.find_elements(By.CSS_SELECTOR, "#events li.current") or body.get_attribute("data-event") == "-1"
