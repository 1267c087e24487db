"""``heroes army edit`` validates before writing (issue 23 item 3): unknown ids (with
"did you mean"), slots out of range and options that do not fit exit 1 and leave the
file, its mode and its symbolic link untouched; a good edit keeps the mode and the link."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"


@pytest.fixture
def linked(tmp_path: Path) -> tuple[Path, Path]:
    real = tmp_path / "real.yaml"
    shutil.copyfile(ARMY, real)
    os.chmod(real, 0o664)
    link = tmp_path / "army.yaml"
    link.symlink_to(real.name)
    return real, link


REFUSED = [
    (("--tile", "us-16th-infantry-regimen"), "H855", "did you mean 'us-16th-infantry-regiment'"),
    (("--tile", "1", "--slot", "1", "--option", "us-bazooka"), "H855", "did you mean"),
    (("--tile", "1", "--slot", "99", "--option", "us-ammo"), "H856", "no slot 99"),
    (("--tile", "1", "--slot", "1", "--option", "us-ammo"), "H856", "does not fit slot 1"),
    (("--tile", "1", "--slot", "1", "--option", "de-ammo"), "H856", "faction"),
    (("--hero", "nobody"), "H855", "no hero 'nobody'"),
    (("--card", "Bad Id!"), "H855", "no card"),
]


@pytest.mark.parametrize("args,code,words", REFUSED)
def test_bad_edit_is_refused_and_the_file_untouched(cli, linked: tuple[Path, Path], args: tuple[str, ...],
                                                     code: str, words: str) -> None:
    real, link = linked
    before = real.read_bytes()
    r = cli("army", "edit", str(link), *args)
    assert r.exit_code == 1, r.stderr
    assert code in r.stderr and words in r.stderr and "Traceback" not in r.stderr
    assert real.read_bytes() == before and link.is_symlink()
    assert sorted(p.name for p in real.parent.iterdir()) == ["army.yaml", "real.yaml"]


def test_good_edit_keeps_mode_and_link(cli, linked: tuple[Path, Path]) -> None:
    real, link = linked
    r = cli("army", "edit", str(link), "--tile", "1", "--slot", "3", "--option", "us-grenade")
    assert r.exit_code == 0, r.stderr
    assert link.is_symlink() and stat.S_IMODE(real.stat().st_mode) == 0o664
    assert "{slot: 3, option: us-grenade}" in real.read_text()
    assert cli("army", "check", str(link)).exit_code in (0, 1)
    assert "not an army list" not in cli("army", "check", str(link)).stderr


def test_missing_file_is_a_clean_error(cli, tmp_path: Path) -> None:
    r = cli("army", "edit", str(tmp_path / "none.yaml"), "--hero", "x")
    assert r.exit_code == 1 and "none.yaml" in r.stderr and "Traceback" not in r.stderr
