"""Outputs (issue 37, Build 2; Why 3 and 11): a device, FIFO or socket at the target is
refused and never replaced; an output that is also an input of the same command is
refused; a command that fails leaves no empty output folder behind."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"


def _special(kind: str, path: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        try:
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a null device node, as in the issue
        except PermissionError:
            pytest.skip("mknod needs root")
    else:
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        sock.close()


@pytest.mark.parametrize("kind", ["fifo", "device", "socket"])
@pytest.mark.parametrize("command", [
    ("play", "family-meeting-1", "--log", "{t}"),
    ("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "--jsonl", "{t}"),
    ("army", "new", "--faction", "us", "--points", "200", "-o", "{t}", "--force"),
    ("army", "suggest", "--faction", "us", "--points", "200", "-o", "{t}", "--force"),
])
def test_special_targets_are_refused_and_kept(cli, tmp_path: Path, kind: str, command: tuple[str, ...]) -> None:
    target = tmp_path / "null"
    _special(kind, target)
    before = os.stat(target).st_mode
    r = cli(*(a.replace("{t}", str(target)) for a in command))
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert "H844" in r.stderr and "regular file" in r.stderr
    assert os.stat(target).st_mode == before and not stat.S_ISREG(before)


def test_campaign_start_refuses_a_device(cli, tmp_path: Path) -> None:
    target = tmp_path / "null"
    _special("device", target)
    r = cli("campaign", "start", "battle-for-normandy", "--pack", str(ROOT / "content" / "bfn"), "-o", str(target),
            "--force")
    assert r.exit_code == 2 and "H844" in r.stderr, r.stderr
    assert stat.S_ISCHR(os.stat(target).st_mode)


def test_an_output_that_is_an_input_is_refused(cli, tmp_path: Path) -> None:
    army = tmp_path / "a.yaml"
    army.write_text(ARMY.read_text())
    before = army.read_bytes()
    r = cli("play", "family-meeting-1", "--army", f"us={army}", "--log", str(army))
    assert r.exit_code == 2 and "H845" in r.stderr and "--army" in r.stderr, r.stderr
    link = tmp_path / "link.jsonl"
    link.symlink_to(army)
    r = cli("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "--army", f"us={army}", "--jsonl", str(link))
    assert r.exit_code == 2 and "H845" in r.stderr, r.stderr
    roster = tmp_path / "r.html"
    roster.write_text("x")
    r = cli("render", "roster", str(roster), "-o", str(roster))
    assert r.exit_code == 2 and "H845" in r.stderr
    assert army.read_bytes() == before and roster.read_text() == "x"


@pytest.mark.parametrize("command", [
    ("render", "roster", "/dev/zero", "-o", "{d}/new/r.html"),
    ("render", "roster", "{d}/missing.yaml", "-o", "{d}/new/r.html"),
    ("render", "scenario", "nowhere", "-o", "{d}/new/s.html"),
    ("army", "suggest", "--faction", "zz", "--points", "200", "-o", "{d}/new/a.yaml"),
    ("playtest", "nowhere", "-n", "2", "-o", "{d}/new/r.html", "--jsonl", "{d}/new2/r.jsonl"),
])
def test_failed_commands_leave_no_folder(cli, tmp_path: Path, command: tuple[str, ...]) -> None:
    r = cli(*(a.replace("{d}", str(tmp_path)) for a in command))
    assert r.exit_code != 0
    assert "Traceback" not in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [], list(tmp_path.iterdir())


def test_a_successful_command_still_creates_its_folder(cli, tmp_path: Path) -> None:
    r = cli("army", "new", "--faction", "us", "--points", "200", "-o", str(tmp_path / "deep" / "er" / "a.yaml"))
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / "deep" / "er" / "a.yaml").is_file()


@pytest.mark.parametrize("args,option", [
    (("play", "family-meeting-1", "--log", "/proc/g.jsonl"), "--log"),
    (("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "--jsonl", "/proc/r.jsonl"), "--jsonl"),
    (("site", "build", "-o", "/proc/site"), "--out"),
    (("render", "roster", str(ARMY), "-o", "{d}/afile/r.html"), "--out"),
    (("play", "family-meeting-1", "--army", "us={d}/none.yaml"), "--army us="),
    (("playtest", "--compare", "{d}/none.json", "{d}/none.json"), "--compare"),
])
def test_path_errors_name_the_option(cli, tmp_path: Path, args: tuple[str, ...], option: str) -> None:
    """Issue 37, Why 11: a path error names the option that gave the path."""
    (tmp_path / "afile").write_text("keep")
    r = cli(*(a.replace("{d}", str(tmp_path)) for a in args))
    assert r.exit_code in (1, 2) and "Traceback" not in r.stderr
    assert option in r.stdout + r.stderr, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]
