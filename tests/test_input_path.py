"""The one input path (issue 37, Build 1; Why 2, 6, 7): every file a command reads is a
regular file checked before it is opened, bounded in size, decoded with a located error,
its numbers and nesting limited. Special files are made for real (``os.mkfifo``,
``/dev/zero``), and the commands that hung on them run in a subprocess with a timeout so
a regression fails instead of freezing the suite."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from builder.errors import InvalidInputError
from builder.inputs import InputError, parse_json, read_input_bytes, read_input_text

ROOT = Path(__file__).resolve().parents[1]
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"
TOI_ARMY = ROOT / "examples" / "toi" / "crossroads-germans.yaml"
POSITION = ROOT / "tests" / "fixtures" / "engine" / "positions" / "forest-shot.yaml"
FIXTURE_PACK = ROOT / "tests" / "fixtures" / "engine" / "pack"
HUGE = "1" + "0" * 5000


def heroes(*args: str, cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m builder ARGS`` in a child process: a hang is a failed test, not a frozen suite."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "builder", *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=cwd or ROOT)


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo.yaml"
    os.mkfifo(path)
    return path


def test_a_fifo_is_refused_without_blocking(fifo: Path) -> None:
    done: list[BaseException] = []

    def read() -> None:
        try:
            read_input_bytes(fifo)
        except InputError as exc:
            done.append(exc)

    worker = threading.Thread(target=read, daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), "reading a FIFO blocked"
    assert done and "FIFO" in str(done[0]) and done[0].diagnostics[0].code == "H840"


@pytest.mark.parametrize("path,kind", [("/dev/zero", "character device"), ("/", "folder")])
def test_devices_and_folders_are_refused(path: str, kind: str) -> None:
    with pytest.raises(InputError, match=kind) as caught:
        read_input_bytes(path, option="--army")
    assert "--army" in str(caught.value)


def test_the_size_is_checked_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2000)
    with pytest.raises(InputError, match="2,000 bytes") as caught:
        read_input_bytes(big, max_bytes=1000)
    assert caught.value.diagnostics[0].code == "H841"


def test_a_decode_error_names_its_offset(tmp_path: Path) -> None:
    latin = tmp_path / "r.json"
    latin.write_bytes(b'{"a": 1,\n "b": "caf\xe9"}')
    with pytest.raises(InputError) as caught:
        read_input_text(latin)
    d = caught.value.diagnostics[0]
    assert (d.code, d.line, d.col) == ("Y106", 2, 11) and "offset 19" in d.message


def test_json_numbers_and_nesting_are_limited() -> None:
    with pytest.raises(InvalidInputError, match="5,001 digits"):
        parse_json('{"games": ' + HUGE + "}", "r.json")
    with pytest.raises(InvalidInputError, match="nested too deeply"):
        parse_json("[" * 100_000, "r.json")
    with pytest.raises(InvalidInputError) as caught:
        parse_json('{"a":\n  nope}', "r.json")
    assert (caught.value.diagnostics[0].line, caught.value.diagnostics[0].col) == (2, 3)


@pytest.mark.parametrize("command", [("army", "check"), ("army", "show"), ("army", "options", "--tile", "1", "--slot", "1"),
                                     ("render", "roster")])
def test_army_commands_refuse_a_fifo(fifo: Path, command: tuple[str, ...]) -> None:
    args = [*command[:2], str(fifo), *command[2:]]
    if command[0] == "render":
        args += ["-o", str(fifo.parent / "out" / "r.html")]
    r = heroes(*args, timeout=60)
    assert "Traceback" not in r.stderr
    assert r.returncode == 1, r.stderr
    assert "FIFO" in r.stdout + r.stderr


def test_dev_zero_is_refused(tmp_path: Path) -> None:
    for args in (("army", "check", "/dev/zero"), ("army", "show", "/dev/zero"),
                 ("render", "roster", "/dev/zero", "-o", str(tmp_path / "r.html")),
                 ("playtest", "--compare", "/dev/zero", "/dev/zero")):
        r = heroes(*args, timeout=60)
        assert r.returncode == 1 and "character device" in r.stdout + r.stderr, r.stderr
        assert "Traceback" not in r.stderr


def test_compare_names_the_option(cli, fifo: Path) -> None:
    r = cli("playtest", "--compare", str(fifo), str(fifo))
    assert r.exit_code == 1 and "--compare" in r.stderr and "FIFO" in r.stderr


def test_compare_deep_and_huge_json(cli, tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    r = cli("playtest", "--compare", str(deep), str(deep))
    assert r.exit_code == 1 and "H842" in r.stdout + r.stderr and "nested" in r.stderr
    huge = tmp_path / "huge.json"
    huge.write_text('{"games": ' + HUGE + "}")
    r = cli("playtest", "--compare", str(huge), str(huge))
    assert r.exit_code == 1 and "5,001 digits" in r.stderr


def test_huge_integer_in_an_army_list(cli, tmp_path: Path) -> None:
    army = tmp_path / "a.yaml"
    army.write_text(f"name: x\nfaction: us\npoints: {HUGE}\n")
    r = cli("army", "check", str(army))
    assert "Traceback" not in r.stdout + r.stderr
    assert r.exit_code == 1 and "a.yaml:3:9" in r.stdout and "Y107" in r.stdout


def test_huge_integer_in_a_toi_list_a_position_and_a_pack(cli, tmp_path: Path) -> None:
    toi = tmp_path / "t.yaml"
    toi.write_text(TOI_ARMY.read_text().replace("de-officer: 1", f"de-officer: {HUGE}"))
    r = cli("army", "check", str(toi))
    assert r.exit_code == 1 and "Y107" in r.stdout + r.stderr, r.stderr
    position = tmp_path / "p.yaml"
    position.write_text(POSITION.read_text().replace("../pack", str(FIXTURE_PACK)) + f"round: {HUGE}\n")
    r = cli("explain", "los", str(position), "A1", "B2")
    assert r.exit_code == 1 and "Y107" in r.stdout + r.stderr, r.stderr
    pack = tmp_path / "pack"
    import shutil

    shutil.copytree(ROOT / "content" / "core", pack)
    scenario = pack / "scenarios" / "clash.yaml"
    scenario.write_text(scenario.read_text().replace("points: 300", f"points: {HUGE}", 1))
    r = cli("validate", str(pack))
    assert r.exit_code == 1 and "Y107" in r.stdout + r.stderr and "clash.yaml" in r.stdout + r.stderr


def test_huge_integer_in_a_log(cli, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert cli("play", "family-meeting-1", "--seed", "5", "--log", str(log)).exit_code == 0
    records = log.read_text().splitlines()
    head = json.loads(records[0])
    records[0] = json.dumps(head).replace(f'"seed": {head["seed"]}', f'"seed": {HUGE}')
    log.write_text("\n".join(records) + "\n")
    r = cli("replay", str(log))
    assert "Traceback" not in r.stdout + r.stderr
    assert r.exit_code == 1 and "5,001 digits" in r.stdout + r.stderr


def test_scheduler_address_and_long_names(cli, tmp_path: Path) -> None:
    r = cli("playtest", "clash", "-p", "greedy,greedy", "-n", "2", "--scheduler", "::::")
    assert r.exit_code == 2 and "--scheduler" in r.stderr
    long = tmp_path / ("a" * 5000 + ".yaml")
    r = cli("army", "check", str(long))
    assert r.exit_code == 1 and "name is too long" in r.stdout + r.stderr


@pytest.mark.parametrize("command", [("validate", "{p}"), ("list", "tiles", "--pack", "{p}"),
                                     ("play", "clash", "--pack", "{p}")])
def test_a_300_character_pack_id_in_the_manifest(cli, tmp_path: Path, command: tuple[str, ...]) -> None:
    import shutil

    pack = tmp_path / "pack"
    shutil.copytree(ROOT / "content" / "core", pack)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("\nid: core\n", f"\nid: {'a' * 300}\n", 1))
    r = cli(*(a.replace("{p}", str(pack)) for a in command))
    assert "Traceback" not in r.stdout + r.stderr and r.exit_code == 1
    out = r.stdout + r.stderr
    # the file is named as given or relative to the working directory (a checkout under /tmp)
    assert any(f"{shown}:2:5: error S202" in out for shown in (manifest, os.path.relpath(manifest)))
    assert "at most 80 characters" in out


LONG = "a" * 300
"""A name longer than a file system allows (255 bytes): ``Path.exists()`` raises on it."""


@pytest.mark.parametrize("command", [
    ("army", "check", str(ARMY), "--pack", LONG), ("render", "scenario", "clash", "--pack", LONG, "-o", "{d}/s.html"),
    ("play", "clash", "--pack", LONG), ("list", "tiles", "--pack", LONG), ("serve", "--pack", LONG, "--port", "1"),
    ("replay", f"{LONG}.jsonl"), ("campaign", "status", f"{LONG}.yaml"), ("explain", "los", f"{LONG}.yaml", "A1", "B2"),
    ("army", "edit", f"{LONG}.yaml", "--card", "x", "--remove"),
    ("schema", "export", "-o", "{d}/" + LONG), ("play", "clash", "--log", "{d}/" + LONG + ".jsonl"),
], ids=lambda c: " ".join(c[:2]))
def test_a_300_character_name(cli, tmp_path: Path, command: tuple[str, ...]) -> None:
    """Issue 37, Why 7: a 300-character pack id or file name given to a command was an
    ``OSError`` traceback; it is a located error naming the path (H840 or P501 reading, H850 writing)."""
    r = cli(*(a.replace("{d}", str(tmp_path)) for a in command))
    assert "Traceback" not in r.stdout + r.stderr and r.exit_code == 1, r.stdout + r.stderr
    assert "the name is too long" in r.stdout + r.stderr and LONG in r.stdout + r.stderr
    assert re.search(r"(H840|H850|P501)", r.stdout + r.stderr)
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(params=["fifo", "/dev/zero", "folder"])
def special(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """A FIFO, a character device and a folder, each given where a file is read."""
    if request.param == "fifo":
        os.mkfifo(tmp_path / "special.jsonl")
    elif request.param == "folder":
        (tmp_path / "special.jsonl").mkdir()
    else:
        return Path(request.param)
    return tmp_path / "special.jsonl"


@pytest.mark.parametrize("args", [("replay", "{f}"), ("replay", "{f}", "--narrate"), ("replay", "{f}", "-o", "{d}/v.html"),
                                  ("campaign", "status", "{f}"), ("explain", "los", "{f}", "A1", "B2"),
                                  ("render", "scenario", "clash", "--report", "{f}", "-o", "{d}/s.html")])
def test_special_files_are_named_not_missing(special: Path, tmp_path: Path, args: tuple[str, ...]) -> None:
    """A FIFO, /dev/zero or a folder given to replay (which used to exit 2), campaign, explain
    or --report is invalid input: exit 1 and H840 located at the path, naming what it is."""
    r = heroes(*(a.replace("{f}", str(special)).replace("{d}", str(tmp_path)) for a in args), timeout=60)
    assert "Traceback" not in r.stderr
    assert r.returncode == 1, r.stderr
    assert f"{special}: error H840: is " in r.stdout + r.stderr and "not a regular file" in r.stderr, r.stderr
    assert "no such" not in r.stderr
    assert not (tmp_path / "v.html").exists() and not (tmp_path / "s.html").exists()
