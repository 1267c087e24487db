"""The web builder at phone and desktop widths, by keyboard, and through axe-core
(issue 38, item 5): headless Chromium against ``heroes serve`` on 127.0.0.1.

axe-core is vendored in tests/vendor (see its README): the tests inject it into each page
and fail on any serious or critical violation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.systems.heroes.content.loader import BUNDLED_CONTENT
from builder.web.live import chromium, have_chromium, running

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
WIDTHS = (360, 1280)


@pytest.fixture(params=WIDTHS, ids=lambda w: f"{w}px")
def browser(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    if not have_chromium():
        pytest.skip("chromium and chromium-driver are not installed (scripts/system-deps.sh test)")
    with chromium(tmp_path / "chrome-profile", width=request.param, height=900) as driver:
        driver.implicitly_wait(0)
        driver.width = request.param
        yield driver


def _wait(driver: Any, css: str, text: str = "", timeout: float = 20) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(driver, timeout)
    if text:
        wait.until(ec.text_to_be_present_in_element((By.CSS_SELECTOR, css), text))
    return wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, css)))


def _serious_violations(driver: Any) -> list[dict[str, Any]]:
    """axe-core's violations of impact serious or critical on the current page."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    driver.set_script_timeout(60)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)))"
        ".catch(e => done(JSON.stringify([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}])));")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n.get("target") for n in v["nodes"]][:5]}
            for v in json.loads(result) if v["impact"] in ("serious", "critical")]


def _start_bench(driver: Any, url: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(url + "/")
    Select(driver.find_element(By.ID, "new-faction")).select_by_value("core:us")
    driver.find_element(By.ID, "new-start").click()
    _wait(driver, "#tile-choice")
    Select(driver.find_element(By.ID, "tile-choice")).select_by_value("us-16th-infantry-regiment")
    driver.find_element(By.ID, "add-tile").click()
    _wait(driver, "#slot-1-1")


def test_layout_stacks_on_a_phone_and_sits_side_by_side_on_a_desktop(browser: Any) -> None:
    from builder.web.app import create_app

    with running(create_app([BUNDLED_CONTENT / "core"], [])) as url:
        _start_bench(browser, url)
        _wait(browser, "#points", "70 / 300")
        overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than the {browser.width}px screen"
        main, side = (browser.execute_script(f"return document.querySelector('{css}').getBoundingClientRect()")
                      for css in (".main-col", ".side-col"))
        if browser.width <= 400:
            assert side["top"] >= main["bottom"] - 1, "the side panel should sit under the list on a phone"
        else:
            assert abs(side["top"] - main["top"]) < 2 and side["left"] >= main["right"], "two columns on a desktop"
        points = browser.execute_script(
            "const e = document.getElementById('points'); const s = getComputedStyle(e);"
            "return [e.getBoundingClientRect().height, parseFloat(s.lineHeight) || 1.2 * parseFloat(s.fontSize)]")
        assert points[0] < 1.6 * points[1], "the points line must not wrap"


def test_no_serious_accessibility_violation(browser: Any) -> None:
    from builder.web.app import create_app

    with running(create_app([BUNDLED_CONTENT / "core"], [])) as url:
        browser.get(url + "/")
        _wait(browser, "#new-army")
        assert _serious_violations(browser) == []
        _start_bench(browser, url)
        browser.get(url + "/army?tile=1&slot=1")  # the builder with the option picker open
        _wait(browser, "#picker .candidate")
        assert _serious_violations(browser) == []


def test_the_option_picker_shows_unit_profiles_and_works_by_keyboard(browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from builder.web.app import create_app

    with running(create_app([BUNDLED_CONTENT / "core"], [])) as url:
        _start_bench(browser, url)
        link = browser.find_element(By.CSS_SELECTOR, "#slot-1-1 a.pick")
        browser.execute_script("arguments[0].focus()", link)
        link.send_keys(Keys.ENTER)
        _wait(browser, "#picker .candidate .profile")
        profile = browser.find_element(By.CSS_SELECTOR, "#picker [data-option='us-rifle-squad'] .profile").text
        assert "Rifle Squad: infantry" in profile and "move" in profile
        assert browser.switch_to.active_element.get_attribute("id") == "picker"  # focus moved to the choices
        button = browser.find_element(By.ID, "opt-us-rifle-squad")
        browser.execute_script("arguments[0].focus()", button)
        button.send_keys(Keys.ENTER)
        _wait(browser, "#slot-1-1 .option[data-option='us-rifle-squad']")
