"""Work the server does beside the pages: short playtests in a thread, and the pack
dashboard's watch over its folder.

The playtest is :func:`builder.playtest.api.run_playtest` with a progress callback; the
page polls the job and draws a progress bar. The dashboard keeps a fingerprint of the
pack folder (each YAML file's path, size and modification time) and validates again
through its game system's ``validate`` (builder.systems.seam) only when it changed: polling,
because a page open beside an editor needs a new verdict within a second or two,
which a scan of a pack's few hundred files gives for a few milliseconds.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.diagnostics import Diagnostic
from builder.errors import HeroesError

SHORT_PLAYTEST_GAMES = 10


@dataclass
class Job:
    """A short playtest running in a thread."""

    scenario: str
    games: int
    done: int = 0
    report: dict[str, Any] | None = None
    error: str = ""
    finished: bool = False

    def to_dict(self) -> dict[str, Any]:
        report = self.report or {}
        return {"scenario": self.scenario, "games": self.games, "done": self.done, "finished": self.finished,
                "error": self.error, "verdict": str(report.get("verdict", "")),
                "win_rates": report.get("win_rates", {})}


class Jobs:
    """Playtests by id; one at a time per scenario (the machine has few cores)."""

    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> Job | None:
        return self._jobs.get(key)

    def start(self, pack: Path, scenario: str, games: int = SHORT_PLAYTEST_GAMES, seed: int = 1,
              players: list[str] | None = None) -> str:
        """Start the short playtest of ``scenario`` (one ``greedy`` player per seat by default)."""
        key = f"{pack.name}:{scenario}"
        with self._lock:
            running = self._jobs.get(key)
            if running is not None and not running.finished:
                return key
            job = self._jobs[key] = Job(scenario, games)
        threading.Thread(target=self._run, args=(job, pack, seed, players or ["greedy", "greedy"]), daemon=True,
                         name=f"playtest-{key}").start()
        return key

    @staticmethod
    def _run(job: Job, pack: Path, seed: int, players: list[str]) -> None:
        from builder.playtest.api import run_playtest

        def progress(done: int) -> None:
            job.done = done

        try:
            job.report, _ = run_playtest(job.scenario, games=job.games, seed=seed, players=players,
                                         pack=pack, progress=progress)
            job.done = job.games
        except HeroesError as exc:
            job.error = str(exc)
        except Exception as exc:  # noqa: BLE001  (an engine bug: shown on the page, the server keeps serving)
            job.error = f"the playtest failed: {type(exc).__name__}: {exc}"
        finally:
            job.finished = True


def fingerprint(root: Path) -> tuple[tuple[str, int, int], ...]:
    """Every YAML file under ``root`` with its size and modification time."""
    out = []
    for path in sorted(root.rglob("*.y*ml")):
        try:
            stat = path.stat()
        except OSError:
            continue
        out.append((str(path.relative_to(root)), stat.st_size, stat.st_mtime_ns))
    return tuple(out)


@dataclass
class _Unreadable:
    """A pack folder the validator cannot start on, as a report with its diagnostics."""

    diagnostics: list[Diagnostic]
    ok: bool = False
    pack: None = None


@dataclass
class Watched:
    """One pack folder, its last fingerprint and the diagnostics of its last validation."""

    root: Path
    version: int = 0
    print_: tuple[tuple[str, int, int], ...] = ()
    valid: bool = False
    files: int = 0
    by_file: dict[str, list[Diagnostic]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def refresh(self) -> int:
        """Validate again when a file changed; returns the (possibly new) version."""
        with self.lock:
            now = fingerprint(self.root)
            if now == self.print_ and self.version:
                return self.version
            from builder.errors import HeroesError
            from builder.systems.seam import system_of_pack

            try:
                report = system_of_pack(self.root).validate(self.root)
            except HeroesError as exc:  # no pack.yaml, an unknown system: shown, and watched again
                report = _Unreadable(list(getattr(exc, "diagnostics", []) or [
                    Diagnostic("S220", str(exc), str(self.root / "pack.yaml"))]))
            grouped: dict[str, list[Diagnostic]] = defaultdict(list)
            for d in sorted(report.diagnostics, key=lambda d: (d.file, d.line, d.col, d.code)):
                grouped[d.file or "(pack)"].append(d)
            self.by_file, self.valid = dict(grouped), report.ok
            # a system's pack that lists no files (Pebble) counts the YAML files watched
            self.files = len(getattr(report.pack, "files", now)) if report.pack else 0
            self.print_ = now
            self.version += 1
            return self.version
