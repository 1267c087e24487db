"""The plain-data army check (builder.systems.heroes.army.plain on builder.systems.heroes.army.index) prints, byte for
byte, what the check through the content models prints, in every format and with the
same exit code: over every army list the project holds (examples, the scenarios'
fixed compositions of the bundled packs, the test fixtures) and over hostile lists
(benchmarks/fuzzing.py). It answers for every list the models accept, declines what
they refuse, and never trusts an index whose pack changed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from benchmarks.fuzzing import army_data, army_texts
from builder.systems.heroes.army import index
from builder.systems.heroes.army.loading import read_army
from builder.cli import army_check, fast
from tests.conftest import FIXTURES, ROOT

FORMATS = ("text", "json", "github")
EXAMPLES = sorted((ROOT / "examples" / "armies").glob("*.yaml"))
ARMY_PACK = FIXTURES / "army" / "pack"
FIXTURE_LISTS = sorted((FIXTURES / "army" / "lists").glob("*.yaml"))
BROKEN = sorted((FIXTURES / "army" / "broken").glob("*.yaml"))
RENDER_LISTS = sorted((FIXTURES / "render" / "armies").glob("*.yaml"))
OTHER_SYSTEMS = sorted((ROOT / "examples" / "toi").glob("*.yaml"))


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the pack cache and the army indexes out of the user's cache folder."""
    monkeypatch.setenv("HEROES_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "army-plain-cache"))
    monkeypatch.delenv("HEROES_NO_CACHE", raising=False)


def _argv(file: Path, pack: Path | None, fmt: str) -> list[str]:
    return ["army", "check", str(file), *(["--pack", str(pack)] if pack else []), "-f", fmt]


def _run(argv: list[str], plain: bool, capsys: pytest.CaptureFixture[str]) -> tuple[int | None, str, str]:
    code = fast.run(argv, plain=plain)
    out = capsys.readouterr()
    return code, out.out, out.err


def _answers(file: Path, pack: Path | None, capsys: pytest.CaptureFixture[str]) -> bool:
    """Compare both paths in every format; True when the plain path answered."""
    answered = False
    for fmt in FORMATS:
        full = _run(_argv(file, pack, fmt), False, capsys)  # stores the pack's index
        plain = _run(_argv(file, pack, fmt), True, capsys)
        assert plain == full, f"{file} -f {fmt}"
        answered = army_check.plain_check(file, pack, fmt) is not None
        capsys.readouterr()
    return answered


def _compositions(folder: Path) -> list[Path]:
    """Every fixed composition of the scenarios of the bundled Heroes packs, written as
    the army list ``heroes army new --scenario`` would write."""
    from builder.systems.heroes.army.composition import from_composition
    from builder.systems.heroes.army.writer import army_yaml
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    written = []
    for pack_id in ("core", "bfn"):
        pack = load_pack_cached(ROOT / "content" / pack_id)
        for scenario in pack.items["scenarios"].values():
            for side in scenario.sides:
                if side.army.composition and pack.origin("scenarios", scenario.id).pack == pack_id:
                    army = from_composition(pack, scenario.id, side.id)
                    army.pack = pack_id
                    path = folder / f"{pack_id}-{scenario.id}-{side.id}.yaml"
                    path.write_text(army_yaml(army, pack), encoding="utf-8")
                    written.append(path)
    return written


@pytest.mark.parametrize("file", EXAMPLES, ids=lambda p: p.stem)
def test_bundled_examples_print_the_same(file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _answers(file, None, capsys)


def test_scenario_compositions_print_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lists = _compositions(tmp_path)
    assert len(lists) >= 4
    for file in lists:
        assert _answers(file, None, capsys), file.name


@pytest.mark.parametrize("file", FIXTURE_LISTS, ids=lambda p: p.stem)
def test_fixture_lists_print_the_same(file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every rule of builder.systems.heroes.army.legality breaks in one of these lists."""
    assert _answers(file, ARMY_PACK, capsys) == (read_army(file).army is not None)


@pytest.mark.parametrize("file", BROKEN + RENDER_LISTS, ids=lambda p: p.stem)
def test_broken_and_rendered_lists_print_the_same(file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = FIXTURES / "render" / "pack" if file in RENDER_LISTS else ARMY_PACK
    assert _answers(file, pack, capsys) == (read_army(file).army is not None)


@pytest.mark.parametrize("file", OTHER_SYSTEMS, ids=lambda p: p.stem)
def test_other_systems_are_left_to_their_own_check(file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert not _answers(file, None, capsys)


def test_odd_values_the_models_would_coerce_are_left_to_them(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """pydantic reads '170' and 170.0 as 170 and refuses true or a 81-character id: the
    plain path answers none of these, so the words are always the models'."""
    base = (ROOT / "examples" / "armies" / "family-meeting-1-us.yaml").read_text(encoding="utf-8")
    assert "\nfaction: us\n" in base

    def points(value: str) -> str:
        return base.replace("\nfaction: us\n", f"\nfaction: us\npoints: {value}\n")

    odd = [points("'170'"), points("170.0"), points("true"), points("5001"), points("-1"),
           base.replace("faction: us", "faction: " + "u" * 81), base.replace("faction: us", "faction: US"),
           base + "system: heroes-of-normandie\n", base + "extra: 1\n", base.replace("copies: 2", "copies: 0"),
           base.replace("{slot: 1,", "{slot: 13,"), base.replace("heroes:", "alliance: {players: []}\nheroes:"),
           "name: x\n", "name: ''\nfaction: us\n", "[]\n", ""]
    for n, text in enumerate(odd):
        file = tmp_path / f"odd-{n}.yaml"
        file.write_text(text, encoding="utf-8")
        assert not _answers(file, None, capsys), text


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=army_texts)
def test_hostile_lists_print_the_same(text: str, tmp_path_factory: pytest.TempPathFactory,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path_factory.mktemp("hostile") / "army.yaml"
    file.write_bytes(text.encode("utf-8", "surrogatepass"))
    _answers(file, None, capsys)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=army_data)
def test_well_formed_lists_with_wrong_values_print_the_same(data: dict[str, object],
                                                            tmp_path_factory: pytest.TempPathFactory,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Lists of the right shape with unknown ids, odd numbers and wrong types: the ones
    the plain path answers are the ones that exercise the rules on plain data."""
    try:
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except (yaml.YAMLError, ValueError, OverflowError):
        text = str(data)
    file = tmp_path_factory.mktemp("formed") / "army.yaml"
    file.write_bytes(text.encode("utf-8", "surrogatepass"))
    _answers(file, None, capsys)


def test_an_edited_pack_is_never_read_from_a_stale_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    pack = tmp_path / "pack"
    shutil.copytree(ARMY_PACK, pack)
    file = FIXTURE_LISTS[0]
    assert _answers(file, pack, capsys)
    root = pack.resolve()
    assert index.load(root) is not None
    recruitment = next((pack / "recruitment").glob("*.yaml"))
    recruitment.write_text(recruitment.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert index.load(root) is None, "a changed file changes the key"
    assert army_check.plain_check(file, pack, "text") is None
    assert _answers(file, pack, capsys), "the full path stores the index again"
    cached = index._file(root)
    cached.write_bytes(cached.read_bytes()[:-40])
    assert index.load(root) is None, "a truncated index does not parse"
    cached.write_bytes(b"not-the-key\n" + cached.read_bytes().partition(b"\n")[2])
    assert index.load(root) is None, "an index under another key is never trusted"


def test_no_cache_turns_the_index_off(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert _answers(EXAMPLES[0], None, capsys)
    monkeypatch.setenv("HEROES_NO_CACHE", "1")
    assert army_check.plain_check(EXAMPLES[0], None, "text") is None


def test_a_plain_check_imports_no_pydantic(tmp_path: Path) -> None:
    """The point of the plain path: the content models cost more than the check."""
    script = ("import sys\nfrom builder.cli import fast\n"
              f"code = fast.run(['army', 'check', {str(EXAMPLES[0])!r}])\n"
              "print(code, sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'yaml', 'ruamel'}))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HEROES_CACHE_DIR": str(tmp_path)}
    env.pop("HEROES_NO_CACHE", None)
    outs = [subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.splitlines()[-1] for _ in range(2)]
    assert outs[0].startswith("0 ['pydantic'") and outs[1] == "0 []"  # the models load once, then never
