"""The one output path (builder.outputs): checked before work, atomic, umask mode, mode
kept on edit, symlinks followed, located errors instead of OSError tracebacks (issue 23)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from builder.outputs import (OutputError, check_output, check_output_folder, current_umask, sweep_temporaries,
                             write_text)

ROOT = Path(__file__).resolve().parents[1]
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_002():
    old = os.umask(0o002)
    yield
    os.umask(old)


def test_umask_is_read_without_changing_it(umask_002) -> None:
    assert current_umask() == 0o002
    assert current_umask() == 0o002


def test_new_file_gets_the_umask_mode_and_edited_file_keeps_its_own(tmp_path: Path, umask_002) -> None:
    new = write_text(tmp_path / "a" / "b" / "new.txt", "x")
    assert _mode(new) == 0o664
    os.chmod(new, 0o640)
    write_text(new, "y")
    assert _mode(new) == 0o640 and new.read_text() == "y"


def test_symlink_is_followed_and_kept(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_text(link, "new")
    assert link.is_symlink() and target.read_text() == "new"


@pytest.mark.parametrize("name,code,exit_code", [
    ("afile/x.pdf", "H852", 2), ("folder", "H851", 2), ("x.txt", "H850", 2)])
def test_bad_targets_are_located_errors(tmp_path: Path, name: str, code: str, exit_code: int) -> None:
    (tmp_path / "afile").write_text("keep")
    (tmp_path / "folder").mkdir()
    with pytest.raises(OutputError) as err:
        check_output(tmp_path / name, suffixes=(".html", ".pdf"))
    assert err.value.diagnostic.code == code and err.value.exit_code == exit_code
    assert str(tmp_path / name) in str(err.value)
    assert (tmp_path / "afile").read_text() == "keep"


def test_unwritable_folder_is_refused_before_work() -> None:
    with pytest.raises(OutputError) as err:
        check_output(Path("/proc/heroes-out.html"))
    assert err.value.exit_code == 1 and "/proc" in str(err.value)
    with pytest.raises(OutputError):
        check_output_folder(Path("/proc/heroes-site"))


def test_a_dead_writers_temporary_file_is_swept(tmp_path: Path) -> None:
    dead = tmp_path / ".out.txt.999999999.abcd.heroes-tmp"
    alive = tmp_path / f".out.txt.{os.getpid()}.abcd.heroes-tmp"
    dead.write_text("half")
    alive.write_text("mine")
    write_text(tmp_path / "out.txt", "done")
    assert not dead.exists() and alive.exists()
    assert sweep_temporaries(tmp_path) == []


def test_failed_write_leaves_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.txt"
    out.write_text("old")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OutputError, match="no space left"):
        write_text(out, "new")
    assert out.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]


@pytest.mark.parametrize("args", [
    ("render", "roster", str(ARMY), "-o", "{d}/afile/r.pdf"),
    ("render", "scenario", "family-meeting-1", "-o", "{d}"),
    ("render", "scenario", "family-meeting-1", "-o", "/proc/x.pdf"),
    ("army", "suggest", "--faction", "us", "--points", "200", "-o", "/proc/a.yaml"),
    ("play", "family-meeting-1", "--log", "{d}/afile/g.jsonl"),
    ("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "-o", "/proc/r.html"),
    ("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "--jsonl", "{d}/afile/r.jsonl"),
    ("site", "build", "-o", "{d}/afile"),
    ("demo", "-o", "/proc/demo"),
])
def test_commands_refuse_an_unwritable_output_before_work(cli, tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "afile").write_text("keep")
    r = cli(*(a.format(d=tmp_path) for a in args))
    assert r.exit_code in (1, 2) and "Traceback" not in r.stderr and "H85" in r.stderr
    assert r.stdout == ""
    assert (tmp_path / "afile").read_text() == "keep"


def test_playtest_prints_its_verdict_when_the_report_cannot_be_written(cli, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: Path, text: str) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("builder.outputs.os.replace", refuse)
    out = tmp_path / "r.html"
    r = cli("playtest", "family-meeting-1", "-n", "2", "--players", "random,random", "-o", str(out))
    assert r.exit_code == 1 and "verdict:" in r.stdout
    assert str(out) in r.stderr and "read-only" in r.stderr and "Traceback" not in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_site_build_gives_readable_pages(cli, tmp_path: Path, umask_002) -> None:
    out = tmp_path / "site"
    r = cli("site", "build", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    assert _mode(out / "index.html") == 0o664 and _mode(out) == 0o775
    r = cli("site", "build", "-o", str(out))
    assert r.exit_code == 0 and sorted(p.name for p in tmp_path.iterdir()) == ["site"]
