"""Validate a generated pack of 2,000 files, beside check-jsonschema on the same files.

The pack is built in a temporary folder from the validation test pack
(tests/fixtures/validation/base): for each of 400 "families", a units file (3 counters),
a recruitment file (2 tiles, 2 options, a hero), a board, a scenario and a campaign,
every id suffixed so the pack stays valid. Timed in one run, on the same files:

* ``validate_pack`` in-process (schema and every semantic rule);
* ``python -m builder validate`` as a subprocess (wall time including start-up);
* ``check-jsonschema --schemafile schemas/<kind>.schema.json`` over the same files
  (schema only, one call per kind), as the reference point.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "tests" / "fixtures" / "validation" / "base"
FAMILIES = 400
SUFFIXED = ["us-rifle-squad", "us-sherman", "de-grenadiers", "us-8th-infantry-regiment", "de-platoon",
            "us-ammo", "de-grenade", "us-luke", "board-a", "skirmish", "short-campaign"]
_ID = re.compile(r"\b(" + "|".join(map(re.escape, SUFFIXED)) + r")\b")
FAMILY_FILES = {"units/units.yaml": "units", "recruitment/recruitment.yaml": "recruitment",
                "boards/board-a.yaml": "boards", "scenarios/skirmish.yaml": "scenarios",
                "campaigns/short.yaml": "campaigns"}


def generate(target: Path, families: int = FAMILIES) -> list[Path]:
    """Write the pack; return its content files (pack.yaml excluded)."""
    shutil.copytree(BASE, target)
    for rel in FAMILY_FILES:
        (target / rel).unlink()
    texts = {rel: (BASE / rel).read_text(encoding="utf-8") for rel in FAMILY_FILES}
    for i in range(families):
        for rel, text in texts.items():
            path = target / rel
            out = path.with_name(f"{path.stem}-{i:04d}.yaml")
            out.write_text(_ID.sub(lambda m: f"{m.group(1)}-{i}", text), encoding="utf-8")
    return sorted(p for p in target.rglob("*.yaml") if p.name != "pack.yaml")


def _timed(func) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    result = func()
    return time.perf_counter() - started, result


def run() -> None:
    from builder.systems.heroes.content.loader import load_pack_with_diagnostics
    from builder.systems.heroes.validation import validate_pack

    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "bench"
        files = generate(pack)
        n = len(files)
        in_process, report = _timed(lambda: validate_pack(pack))
        loading, _ = _timed(lambda: load_pack_with_diagnostics(pack))
        assert report.ok and report.pack is not None, [d.format() for d in report.errors][:5]  # type: ignore[attr-defined]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        cli, proc = _timed(lambda: subprocess.run(
            [sys.executable, "-m", "builder", "validate", str(pack), "-q"], env=env, capture_output=True, text=True))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cli_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        assert proc.returncode == 0, proc.stdout + proc.stderr  # type: ignore[attr-defined]
        checker = shutil.which("check-jsonschema") or str(Path(sys.executable).with_name("check-jsonschema"))
        by_kind: dict[str, list[str]] = {}
        for f in files:
            by_kind.setdefault(f.parent.name, []).append(str(f))

        def reference() -> int:
            for kind, paths in by_kind.items():
                done = subprocess.run([checker, "--schemafile", str(ROOT / "schemas" / f"{kind}.schema.json"), *paths],
                                      capture_output=True, text=True)
                if done.returncode != 0:
                    raise SystemExit(f"check-jsonschema failed on {kind}: {done.stdout[-500:]}")
            return len(by_kind)

        jsonschema, calls = _timed(reference)
        size = sum(f.stat().st_size for f in files) / 1024
        print(f"   {n} files ({size:,.0f} KiB), {sum(report.counts.values())} items")  # type: ignore[attr-defined]
        print(f"   validate_pack, in-process:              {in_process:6.2f} s  {n / in_process:7,.0f} files/s")
        print(f"     of which loading (read, YAML, pydantic): {loading:4.2f} s; semantic rules: "
              f"{max(0.0, in_process - loading):4.2f} s")
        print(f"   heroes validate, subprocess (wall):     {cli:6.2f} s  {n / cli:7,.0f} files/s "
              f"(CPU {cli_cpu:.2f} s; wall exceeds CPU when other work shares the cores)")
        print(f"   check-jsonschema, {calls} calls (schema only): {jsonschema:6.2f} s  {n / jsonschema:7,.0f} files/s")
        print(f"   ratio check-jsonschema / heroes validate: {jsonschema / cli:.1f}x "
              f"(in-process: {jsonschema / in_process:.1f}x)")
        print(f"   target: under 2 s for {n} files -> {'met' if cli < 2 else 'NOT met'}")
        print(f"   bytes: {size / in_process:,.0f} KiB/s in-process")
        run_toi(Path(tmp) / "toi", n / in_process, size / in_process)
        per_file_row(pack, Path(tmp) / "toi")


def generate_toi(target: Path, copies: int = 250) -> int:
    """The bundled Tide of Iron pack with each scenario file copied ``copies`` times under
    new ids (scenarios carry most of its rules); returns the number of content files."""
    shutil.copytree(ROOT / "content" / "toi", target)
    for path in sorted((target / "scenarios").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        for i in range(copies):
            path.with_name(f"{path.stem}-{i:04d}.yaml").write_text(
                text.replace(f"id: {path.stem}", f"id: {path.stem}-{i}"), encoding="utf-8")
    return len([p for p in target.rglob("*.yaml") if p.name != "pack.yaml"])


def run_toi(target: Path, heroes_files_per_second: float, heroes_kib_per_second: float) -> None:
    """The Tide of Iron row: files and KiB per second of its validation against the Heroes
    pack's (its scenario files are about three times the size of a Heroes file)."""
    from builder.systems.tide_of_iron.pack import validate

    n = generate_toi(target)
    size = sum(p.stat().st_size for p in target.rglob("*.yaml")) / 1024
    seconds, report = _timed(lambda: validate(target))
    assert report.ok, [d.format() for d in report.errors][:5]  # type: ignore[attr-defined]
    rate = n / seconds
    print(f"   Tide of Iron validate, in-process: {n} files ({size:,.0f} KiB) in {seconds:.2f} s, {rate:,.0f} files/s "
          f"({rate / heroes_files_per_second:.2f} x the Heroes files/s), {size / seconds:,.0f} KiB/s "
          f"({size / seconds / heroes_kib_per_second:.2f} x the Heroes KiB/s)")



def per_file_row(heroes: Path, toi: Path, rounds: int = 3) -> tuple[float, float]:
    """The issue 20 row: per-file ``heroes validate`` time of a Tide of Iron pack against
    a Heroes pack's, in the same run, each the best of ``rounds`` runs taken in turn (so
    load from other work on the machine falls on both alike). Returns the per-file and
    the per-KiB ratios (Heroes time / Tide of Iron time: above 1, Tide of Iron is faster)."""
    from builder.systems.tide_of_iron.pack import validate as validate_toi
    from builder.systems.heroes.validation import validate_pack

    files = {name: [p for p in root.rglob("*.yaml") if p.name != "pack.yaml"] for name, root in
             (("heroes", heroes), ("toi", toi))}
    kib = {name: sum(p.stat().st_size for p in paths) / 1024 for name, paths in files.items()}
    best = {"heroes": float("inf"), "toi": float("inf")}
    for _ in range(rounds):
        best["heroes"] = min(best["heroes"], _timed(lambda: validate_pack(heroes))[0])
        best["toi"] = min(best["toi"], _timed(lambda: validate_toi(toi))[0])
    per_file = {name: best[name] / len(files[name]) * 1000 for name in best}
    per_kib = {name: best[name] / kib[name] * 1000 for name in best}
    print(f"   per-file validate, same run (best of {rounds}): Tide of Iron {per_file['toi']:.3f} ms/file "
          f"({kib['toi'] / len(files['toi']):.2f} KiB/file), Heroes {per_file['heroes']:.3f} ms/file "
          f"({kib['heroes'] / len(files['heroes']):.2f} KiB/file): {per_file['heroes'] / per_file['toi']:.2f} x "
          f"per file, {per_kib['heroes'] / per_kib['toi']:.2f} x per KiB (target per file >= 1.00)")
    return per_file["heroes"] / per_file["toi"], per_kib["heroes"] / per_kib["toi"]


def run_per_file() -> None:
    """Only the per-file row (``python -m benchmarks.bench_validate per-file``): no
    subprocess and no check-jsonschema, for a quick before/after."""
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp) / "heroes")
        generate_toi(Path(tmp) / "toi")
        per_file_row(Path(tmp) / "heroes", Path(tmp) / "toi")


if __name__ == "__main__":
    run_per_file() if sys.argv[1:] == ["per-file"] else run()
