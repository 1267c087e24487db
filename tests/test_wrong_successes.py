"""Wrong successes and the wrong refusal (issue 37, Build 4; Why 9 and 10): each command
checks what it plays, writes or prints with the rules ``validate`` and ``army check``
use. Each case below used to succeed quietly (or, for ``pack:``, refuse a valid list)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.content.yaml_io import read_yaml

ROOT = Path(__file__).resolve().parents[1]
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"
ZURUCK = ROOT / "examples" / "armies" / "bfn" / "zuruck-de-460.yaml"


@pytest.fixture
def army(tmp_path: Path) -> Path:
    path = tmp_path / "a.yaml"
    path.write_text(ARMY.read_text())
    return path


@pytest.mark.parametrize("args,words", [
    (("--hero", "us-nobody", "--remove"), "no hero 'us-nobody' to remove"),
    (("--card", "zz-nocard", "--remove"), "no card 'zz-nocard' to remove"),
    (("--card", "de-aimed-shot"), "is a de card"),
    (("--hero", "de-ogfr-karl-baumann"), "fights for de, not us"),
    (("--card", "us-aimed-shot", "--copies", "20"), "20 copies"),
])
def test_army_edit_refuses(cli, army: Path, args: tuple[str, ...], words: str) -> None:
    before = army.read_bytes()
    r = cli("army", "edit", str(army), *args)
    assert r.exit_code == 1, (r.stdout, r.stderr)
    assert words in r.stderr and "unchanged" in r.stderr
    assert army.read_bytes() == before


def test_army_edit_still_removes_and_adds(cli, army: Path) -> None:
    assert cli("army", "edit", str(army), "--card", "us-aimed-shot", "--remove").exit_code == 0
    assert cli("army", "edit", str(army), "--card", "us-aimed-shot", "--copies", "1").exit_code == 0
    assert cli("army", "check", str(army)).exit_code == 0 or "A413" in cli("army", "check", str(army)).stdout


@pytest.mark.parametrize("args,words", [
    (("--faction", "zz", "--points", "200"), "--faction 'zz'"),
    (("--faction", "us", "--scenario", "nowhere"), "unknown scenario 'nowhere'"),
    (("--faction", "us", "--scenario", "trading-blows"), "no side of that faction"),
])
def test_army_new_refuses(cli, tmp_path: Path, args: tuple[str, ...], words: str) -> None:
    r = cli("army", "new", *args, "-o", str(tmp_path / "n.yaml"))
    assert r.exit_code == 2 and words in r.stderr, r.stderr
    assert not (tmp_path / "n.yaml").exists()


def test_army_new_finds_the_bundled_pack_of_a_scenario(cli) -> None:
    r = cli("army", "new", "--faction", "de", "--scenario", "trading-blows")
    assert r.exit_code == 0, r.stderr


def test_slot_true_is_not_slot_1(cli, tmp_path: Path) -> None:
    bad = tmp_path / "s.yaml"
    bad.write_text(ARMY.read_text().replace("{slot: 1,", "{slot: true,", 1))
    r = cli("army", "check", str(bad))
    assert r.exit_code == 1 and "slot" in r.stdout and "True" in r.stdout


def test_the_same_medal_twice(cli, tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    assert cli("campaign", "start", "battle-for-normandy", "-o", str(record)).exit_code == 0
    r = cli("campaign", "record", str(record), "--scenario", "trading-blows", "--result", "de:major",
            "--medal", "de:eisernes-kreuz", "--medal", "de:eisernes-kreuz")
    assert r.exit_code == 2 and "not 2" in r.stderr
    assert "trading-blows" not in record.read_text().split("results")[-1]
    assert cli("campaign", "record", str(record), "--scenario", "trading-blows", "--result", "de:major",
               "--medal", "de:eisernes-kreuz").exit_code == 0
    text = record.read_text()
    entry = "  - side: de\n    medal: eisernes-kreuz\n"
    assert entry in text
    record.write_text(text.replace(entry, entry + entry))  # edited by hand
    r = cli("campaign", "status", str(record))
    assert r.exit_code == 1 and "not 2" in r.stdout + r.stderr


def test_render_campaign_of_another_record(cli, tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    assert cli("campaign", "start", "battle-for-normandy", "-o", str(record)).exit_code == 0
    r = cli("render", "campaign", "family-meeting", "--record", str(record), "-o", str(tmp_path / "c.html"))
    assert r.exit_code == 2 and "battle-for-normandy" in r.stderr
    assert not (tmp_path / "c.html").exists()


def test_site_build_with_missing_reports(cli, tmp_path: Path) -> None:
    r = cli("site", "build", "-o", str(tmp_path / "site"), "--reports", str(tmp_path / "nowhere"))
    assert r.exit_code == 2 and "--reports" in r.stderr
    assert not (tmp_path / "site").exists()


def test_list_with_an_unknown_faction(cli) -> None:
    r = cli("list", "tiles", "--faction", "zz")
    assert r.exit_code == 2 and "--faction 'zz'" in r.stderr


def test_balance_seed_range_as_play(cli) -> None:
    r = cli("balance", "clash", "--seed", str(2**70), "--vary", "points.de=200:300", "--games", "2")
    assert r.exit_code == 2 and "--seed" in r.stderr


@pytest.mark.parametrize("form", ["json", "flow", "quoted"])
def test_pack_key_found_by_parsing(cli, tmp_path: Path, form: str) -> None:
    data = read_yaml(ZURUCK)
    path = tmp_path / "z.yaml"
    if form == "json":
        path.write_text(json.dumps(data))
    elif form == "flow":
        path.write_text("{" + ", ".join(f"{k}: {json.dumps(v)}" for k, v in data.items()) + "}\n")
    else:
        text = ZURUCK.read_text().replace("\npack: bfn\n", '\n"pack": bfn\n')
        assert '"pack": bfn' in text
        path.write_text(text)
    r = cli("army", "check", str(path))
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "legal" in r.stdout


def test_pack_id_of_a_manifest_in_flow_style(tmp_path: Path) -> None:
    from builder.content.search import pack_id

    pack = tmp_path / "p"
    shutil.copytree(ROOT / "content" / "core", pack)
    manifest = pack / "pack.yaml"
    data = read_yaml(manifest)
    manifest.write_text(json.dumps(data))
    assert pack_id(pack) == data["id"]


POSITION = ROOT / "tests" / "fixtures" / "engine" / "positions" / "forest-shot.yaml"


@pytest.mark.parametrize("old,new,words", [
    ("scenario: skirmish\n", "scenario: skirmish\ninitiative: nobody\n", "unknown side 'nobody'"),
    ("scenario: skirmish\n", "scenario: skirmish\norders: {us: -3}\n", "is -3"),
    ("unit: us-rifles, side: us", "unit: us-rifles, side: de", "side 'de' plays de"),
])
def test_explain_checks_initiative_orders_and_sides(cli, tmp_path: Path, old: str, new: str, words: str) -> None:
    text = POSITION.read_text().replace("../pack", str(POSITION.parent.parent / "pack"))
    assert old in text
    position = tmp_path / "p.yaml"
    position.write_text(text.replace(old, new, 1))
    r = cli("explain", "fire", str(position), "r1", "g1")
    assert r.exit_code == 1 and words in r.stdout + r.stderr and "E611" in r.stdout + r.stderr, r.stdout + r.stderr


SCENARIO_COMMANDS = [("play", "clash"), ("playtest", "clash", "-p", "greedy,greedy", "-n", "2"),
                     ("render", "scenario", "clash", "-o", "{d}/out/s.html"), ("site", "build", "-o", "{d}/out")]
"""Every command that plays or prints a scenario (issue 37, Why 9)."""


@pytest.mark.parametrize("edit", [
    ('deployment: ["A1:C16"]', 'deployment: ["A1:C99"]'),  # a deployment zone off the battlefield
    ("    - {id: board-6, at: M9}\n", ""),                   # a board removed: squares and an overlay off it
], ids=["deployment-off-map", "board-removed"])
@pytest.mark.parametrize("command", SCENARIO_COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_scenario_validate_refuses_is_not_played_or_printed(cli, tmp_path: Path, command: tuple[str, ...],
                                                              edit: tuple[str, str]) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(ROOT / "content" / "core", pack)
    scenario = pack / "scenarios" / "clash.yaml"
    assert edit[0] in scenario.read_text()
    scenario.write_text(scenario.read_text().replace(*edit))
    refused = cli("validate", str(pack))
    assert refused.exit_code == 1
    codes = {code for code in ("C311", "C312") if f"error {code}" in refused.stdout}
    r = cli(*(a.replace("{d}", str(tmp_path)) for a in command), "--pack", str(pack))
    assert r.exit_code == 1 and "fails validation" in r.stderr, r.stderr
    assert codes and all(code in r.stderr for code in codes), (codes, r.stderr)
    assert "clash.yaml:" in r.stderr  # located: file, line and column
    assert not (tmp_path / "out").exists()  # and no folder left behind


def test_fill_deck_on_a_list_whose_deck_key_has_a_comment(cli, army: Path) -> None:
    """Found by the load test (benchmarks/bench_serve_load.py): the bundled example's
    ``deck:  # 40 action cards...`` emptied before the new deck was added was written as
    ``[]`` on the next line, not YAML, so ``army edit --fill-deck`` (and the web builder's
    "fill the deck") refused a legal list with Y101."""
    r = cli("army", "edit", str(army), "--fill-deck")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "deck:  # 40 action cards" in army.read_text()
    assert cli("army", "check", str(army)).exit_code == 0


def test_removing_the_last_card_under_a_commented_key(cli, tmp_path: Path) -> None:
    army = tmp_path / "a.yaml"
    army.write_text("name: x\nfaction: us\npoints: 200\ndeck:  # forty cards\n  - {card: us-aimed-shot, copies: 2}\n")
    assert cli("army", "edit", str(army), "--card", "us-aimed-shot", "--remove").exit_code == 0
    assert read_yaml(army)["deck"] == [] and "# forty cards" in army.read_text()
    assert cli("army", "edit", str(army), "--card", "us-aimed-shot").exit_code == 0
    assert read_yaml(army)["deck"] == [{"card": "us-aimed-shot", "copies": 1}]
