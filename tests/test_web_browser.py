"""heroes serve in a real browser: Debian's headless Chromium driven by Selenium
against the server on a free 127.0.0.1 port."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from builder.systems.heroes.content.loader import BUNDLED_CONTENT
from builder.web.live import running

pytestmark = pytest.mark.browser


def _wait(driver: Any, css: str, text: str = "", timeout: float = 15) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(driver, timeout)
    if text:
        wait.until(ec.text_to_be_present_in_element((By.CSS_SELECTOR, css), text))
    return wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, css)))


def _click(driver: Any, css: str, timeout: float = 15) -> None:
    """Click ``css`` once it is there. The page swaps fragments in as answers arrive, so
    an element found may be replaced before the click lands (a stale reference): then
    it is looked up again, until the click lands on the element in the page."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def clicked(d: Any) -> bool:
        try:
            button = d.find_element(By.CSS_SELECTOR, css)
            d.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
            button.click()
        except (NoSuchElementException, StaleElementReferenceException):
            return False
        return True

    WebDriverWait(driver, timeout).until(clicked)


def test_build_a_legal_300_point_army_by_clicking(browser: Any, tmp_path: Path, cli: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from builder.web.app import create_app

    armies = tmp_path / "armies"
    armies.mkdir()
    with running(create_app([BUNDLED_CONTENT / "core"], [armies])) as url:
        browser.get(url + "/")
        Select(browser.find_element(By.ID, "new-faction")).select_by_value("core:us")
        points = browser.find_element(By.ID, "new-points")
        points.clear()
        points.send_keys("300")
        browser.find_element(By.ID, "new-start").click()
        _wait(browser, "#verdict", "Not legal")
        assert browser.find_element(By.CSS_SELECTOR, "#totals .diag[data-code='A403']")  # the error is there
        Select(browser.find_element(By.ID, "tile-choice")).select_by_value("us-16th-infantry-regiment")
        _click(browser, "#add-tile")
        _wait(browser, "#points", "70 / 300")
        assert not browser.find_elements(By.CSS_SELECTOR, ".diag[data-code='A403']")  # ... and gone
        for slot, option in ((1, "us-rifle-squad"), (3, "us-grenade"), (4, "us-courageous")):
            _click(browser, f"#slot-1-{slot} a.pick")
            _wait(browser, f"#picker #opt-{option}")
            disabled = browser.find_elements(By.CSS_SELECTOR, "#picker li.misfit button[disabled]")
            assert disabled and browser.find_elements(By.CSS_SELECTOR, "#picker li.misfit .reason")
            _click(browser, f"#picker #opt-{option}")
            _wait(browser, f"#slot-1-{slot} .option[data-option='{option}']")
        for hero in ("us-sherman-lucky-seven", "us-luke-griff-brasset"):
            _click(browser, "#pick-hero")
            _wait(browser, f"#picker #hero-{hero}")
            _click(browser, f"#picker #hero-{hero}")
            _wait(browser, "#heroes", "Remove")
        _wait(browser, "#points", "300 / 300")
        _click(browser, "#fill-deck")
        _wait(browser, "#deck-size", "40 cards")
        _wait(browser, "#verdict", "Legal army")
        assert browser.find_element(By.ID, "verdict").text == "Legal army"
        name = browser.find_element(By.ID, "save-name-0")
        name.clear()
        name.send_keys("clicked.yaml")
        browser.find_element(By.ID, "save-button-0").click()
        _wait(browser, "#save-status", "Saved")  # saved without leaving the builder
        assert browser.find_element(By.ID, "verdict").text == "Legal army"
    result = cli("army", "check", str(armies / "clicked.yaml"))
    assert result.exit_code == 0, result.stdout
    assert re.search(r"legal, 300/300 points", result.stdout)


def test_undo_takes_an_error_away(browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from builder.web.app import create_app

    with running(create_app([BUNDLED_CONTENT / "core"], [])) as url:
        browser.get(url + "/")
        Select(browser.find_element(By.ID, "new-faction")).select_by_value("core:us")
        points = browser.find_element(By.ID, "new-points")
        points.clear()
        points.send_keys("100")
        browser.find_element(By.ID, "new-start").click()
        _wait(browser, "#tile-choice")
        Select(browser.find_element(By.ID, "tile-choice")).select_by_value("us-16th-infantry-regiment")
        _click(browser, "#add-tile")
        _wait(browser, "#verdict", "Legal")
        Select(browser.find_element(By.ID, "tile-choice")).select_by_value("us-16th-infantry-regiment")
        _click(browser, "#add-tile")
        _wait(browser, "#verdict", "Not legal")
        assert browser.find_elements(By.CSS_SELECTOR, "#bench .diag.error")
        _click(browser, "#undo")
        _wait(browser, "#verdict", "Legal")
        assert not browser.find_elements(By.CSS_SELECTOR, "#bench .diag.error")


def test_hovering_a_square_shows_its_terrain(browser: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.web.app import create_app
    from builder.web.scenario_view import square_info

    pack = load_pack_cached(BUNDLED_CONTENT / "core")
    expected = square_info(pack.get("scenarios", "clash"), pack, {})["C4"]["terrain"]
    with running(create_app([BUNDLED_CONTENT / "core"], [])) as url:
        browser.get(url + "/scenario/core/clash")
        cell = _wait(browser, "rect[data-square='C4']")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", cell)
        ActionChains(browser).move_to_element(cell).perform()
        _wait(browser, "#square-text", f"C4: {expected}")
        assert "000 core rules, Terrain" in browser.find_element(By.ID, "square-text").text


def test_dashboard_shows_an_error_after_a_file_breaks(browser: Any, core_copy: Path) -> None:
    from selenium.webdriver.common.by import By

    from builder.web.app import create_app

    with running(create_app([core_copy], [])) as url:
        browser.get(url + "/pack/core")
        _wait(browser, "#pack-verdict", "Valid pack")
        target = sorted((core_copy / "units").glob("*.yaml"))[0]
        target.write_text(target.read_text(encoding="utf-8") + "\n  - broken: [\n", encoding="utf-8")
        _wait(browser, "#pack-verdict", "Invalid pack", timeout=30)
        wheres = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#pack-diagnostics code.where")]
        assert any(re.search(rf"units/{re.escape(target.name)}:\d+:\d+$", w) for w in wheres), wheres


def test_build_a_tide_of_iron_squad_list_by_clicking(browser: Any, tmp_path: Path, cli: Any) -> None:
    """The second game system through the seam: a squad too many shows its located
    error, undo takes it away, and the saved list passes ``heroes army check``."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from builder.web.app import create_app

    armies = tmp_path / "armies"
    armies.mkdir()
    with running(create_app([BUNDLED_CONTENT / "toi"], [armies])) as url:
        browser.get(url + "/")
        Select(browser.find_element(By.ID, "new-scenario")).select_by_value("toi:bridge-at-dawn:germans")
        browser.find_element(By.CSS_SELECTOR, "#new-scenario-army button[type=submit]").click()
        _wait(browser, "#verdict", "Legal squad list")
        _click(browser, "#add-squad-de-squad-base")
        _wait(browser, "#squad-squad-1")
        for count in ("1", "2"):
            _click(browser, "#add-squad-1-de-officer")
            _wait(browser, "#count-squad-1-de-officer", count)
        _wait(browser, "#verdict", "Not legal")
        where = browser.find_element(By.CSS_SELECTOR, "#bench .diag .where").text
        assert re.fullmatch(r"bridge-at-dawn-germans\.yaml:\d+:\d+", where), where
        for gone in ("2", "1"):
            _click(browser, "#undo")
            _wait(browser, "#count-squad-1-de-officer", str(int(gone) - 1))
        _click(browser, "#undo")
        _wait(browser, "#verdict", "Legal squad list")
        browser.find_element(By.ID, "save-name-0").clear()
        browser.find_element(By.ID, "save-name-0").send_keys("germans.yaml")
        _click(browser, "#save-button-0")
        _wait(browser, "body", "Saved")
    assert cli("army", "check", str(armies / "germans.yaml")).exit_code == 0
