"""Screenshots of each screen of ``heroes serve`` into docs/images/web-*.png.

Starts the server on a free 127.0.0.1 port over the bundled packs (the dashboard over a
copy of the core pack with one file broken, to show a located error) and photographs
each screen with Debian's headless Chromium. Run from the repository root:

    python scripts/web_screenshots.py [--out docs/images]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _wait_text(driver, css: str, text: str, timeout: float = 20) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout).until(ec.text_to_be_present_in_element((By.CSS_SELECTOR, css), text))


def _shoot(driver, out: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    from builder.content.yaml_io import atomic_write_bytes

    time.sleep(0.3)
    atomic_write_bytes(out / f"web-{name}.png", driver.get_screenshot_as_png())
    print(f"wrote {out / f'web-{name}.png'}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images", help="Folder for the PNG files.")
    args = parser.parse_args(argv)
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from builder.systems.heroes.content.loader import BUNDLED_CONTENT
    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.web.app import create_app
    from builder.web.live import chromium, have_chromium, running

    if not have_chromium():
        print("needs /usr/bin/chromium and /usr/bin/chromedriver (bash scripts/system-deps.sh test)", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        pack = work / "core"
        shutil.copytree(BUNDLED_CONTENT / "core", pack, ignore=shutil.ignore_patterns("reports"))
        (work / "armies").mkdir()
        app = create_app([BUNDLED_CONTENT / "core", BUNDLED_CONTENT / "bfn"], [work / "armies"])
        with running(app) as url, chromium(work / "profile", 1400, 1050) as driver:
            driver.get(url + "/")
            _shoot(driver, args.out, "home")
            Select(driver.find_element(By.ID, "new-faction")).select_by_value("core:us")
            driver.find_element(By.ID, "new-start").click()
            _wait_text(driver, "#verdict", "Not legal")
            Select(driver.find_element(By.ID, "tile-choice")).select_by_value("us-16th-infantry-regiment")
            driver.find_element(By.ID, "add-tile").click()
            _wait_text(driver, "#points", "70 / 300")
            driver.find_element(By.CSS_SELECTOR, "#slot-1-1 a.pick").click()
            _wait_text(driver, "#picker", "slot 1")
            driver.find_element(By.ID, "opt-us-rifle-squad").click()
            _wait_text(driver, "#points", "120 / 300")
            driver.find_element(By.CSS_SELECTOR, "#slot-1-2 a.pick").click()
            _wait_text(driver, "#picker", "slot 2")
            _shoot(driver, args.out, "builder")
            driver.get(url + "/scenario/core/clash")
            clash = load_pack_cached(BUNDLED_CONTENT / "core").get("scenarios", "clash")
            square = clash.objectives[0].at if clash is not None and clash.objectives else "E5"
            cell = driver.find_element(By.CSS_SELECTOR, f"rect[data-square='{square}']")
            ActionChains(driver).move_to_element(cell).perform()
            _wait_text(driver, "#square-text", square)
            _shoot(driver, args.out, "scenario")
        toi_armies = work / "toi-armies"
        toi_armies.mkdir()
        with running(create_app([BUNDLED_CONTENT / "toi"], [toi_armies])) as url, \
                chromium(work / "profile-toi", 1400, 1050) as driver:
            driver.get(url + "/")
            Select(driver.find_element(By.ID, "new-scenario")).select_by_value("toi:bridge-at-dawn:germans")
            driver.find_element(By.CSS_SELECTOR, "#new-scenario-army button[type=submit]").click()
            _wait_text(driver, "#verdict", "Legal squad list")
            driver.find_element(By.ID, "add-squad-de-squad-base").click()
            _wait_text(driver, "#squad-squad-1", "")
            driver.execute_script("window.scrollTo(0, 0)")
            _shoot(driver, args.out, "toi-squads")
            driver.get(url + "/scenario/toi/bridge-at-dawn")
            _shoot(driver, args.out, "toi-scenario")
        broken = sorted((pack / "units").glob("*.yaml"))[0]
        broken.write_text(broken.read_text(encoding="utf-8").replace("movement:", "movment:", 1), encoding="utf-8")
        with running(create_app([pack], [])) as url, chromium(work / "profile2", 1400, 1050) as driver:
            driver.get(url + "/pack/" + pack.name)
            _wait_text(driver, "#pack-verdict", "pack")
            _shoot(driver, args.out, "dashboard")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
