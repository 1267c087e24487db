"""Take a side in a real browser (issue 39, item 4): a one-round Clash against greedy,
played to its end by clicking counters, marked squares and decision buttons; the
game's log then replays with ``heroes replay``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from builder.content.paths import BUNDLED_CONTENT
from builder.web.live import running

pytestmark = pytest.mark.browser


@pytest.fixture
def short_pack(tmp_path: Path) -> Path:
    """The core pack with Clash cut to one round: a short scenario to play to its end."""
    pack = tmp_path / "core"
    shutil.copytree(BUNDLED_CONTENT / "core", pack)
    scenario = pack / "scenarios" / "clash.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(re.sub(r"(?m)^turns: \d+$", "turns: 1", text), encoding="utf-8")
    return pack


def _page(driver: Any) -> tuple[str, ...]:
    """What tells one page of the game from the next: decisions, whose turn, undo open."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    try:
        if driver.execute_script("return document.readyState") != "complete":
            return ()
        body = driver.find_element("tag name", "body")
        return tuple(str(body.get_attribute(k)) for k in ("data-decisions", "data-mine", "data-undo", "data-over"))
    except (StaleElementReferenceException, WebDriverException):
        return ()


def _after(driver: Any, before: tuple[str, ...], click: Any) -> None:
    """Click, then wait for the next page of the game."""
    from selenium.webdriver.support.ui import WebDriverWait

    click()
    WebDriverWait(driver, 30).until(lambda d: _page(d) not in ((), before))


def test_play_a_short_scenario_to_its_end_by_clicking(browser: Any, short_pack: Path, tmp_path: Path,
                                                     cli: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from builder.web.app import create_app

    app = create_app([short_pack], [])
    with running(app) as url:
        browser.get(f"{url}/play/core/clash")
        Select(browser.find_element(By.ID, "side")).select_by_index(0)
        Select(browser.find_element(By.ID, "ai")).select_by_value("greedy")
        _after(browser, (), browser.find_element(By.ID, "start").click)
        moved = undone = 0
        for _ in range(300):
            page = _page(browser)
            decisions, mine, undo, over = page
            if over == "yes":
                break
            if not undone and undo == "yes":
                _after(browser, page, browser.find_element(By.ID, "undo").click)  # take a decision back once
                undone = 1
                continue
            if mine != "yes":
                _after(browser, page, browser.find_element(By.ID, "ai").click)
                continue
            units = [f.get_attribute("data-unit") for f in browser.find_elements(By.CSS_SELECTOR, "#decisions fieldset")]
            mine = [u for u in units if u != "-1"]
            if mine:
                counter = browser.find_element(By.CSS_SELECTOR, f'.counter.own[data-unit="{mine[0]}"]')
                browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                                       counter)  # a counter may lie under its neighbour's edge
                targets = browser.find_elements(By.CSS_SELECTOR, "rect.target")
                if targets:
                    _after(browser, page, lambda: browser.execute_script(
                        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", targets[0]))
                    moved += 1
                else:
                    _after(browser, page, browser.find_element(
                        By.CSS_SELECTOR, f'fieldset[data-unit="{mine[0]}"] button').click)
            else:
                _after(browser, page, browser.find_element(By.CSS_SELECTOR, '#decisions fieldset button').click)
        body = browser.find_element(By.TAG_NAME, "body")
        assert body.get_attribute("data-over") == "yes", "the game did not end"
        assert "The game is over" in browser.find_element(By.ID, "result").text
        assert moved > 0 and undone == 1
        cookies = {c["name"]: c["value"] for c in browser.get_cookies()}
        import httpx

        log = httpx.get(f"{url}/play/core/clash/log", cookies=cookies).text
    path = tmp_path / "mine.jsonl"
    path.write_text(log, encoding="utf-8")
    result = cli("replay", str(path), "--pack", str(short_pack))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "replay reproduces the final state" in result.stdout
