"""The games of a playtest worth watching, chosen by rule, saved as logs the replay
viewer opens (issue 39, item 3).

A playtest keeps one row per game, not the game: each chosen game is played again from
its row's seed and players (the same seed and players give the same game) and written
as a log; its decisions, winner and (where the row holds it) final state hash must be
the row's, or the game is left out. The rules, each giving at most one game (a game chosen twice
carries both reasons):

* a typical win for each side: among that side's wins, the one nearest the median
  victory-point margin, then the median length;
* the shortest and the longest game, in decisions;
* the underdog's win: the side that won least, its win with the widest margin;
* games where a warning fired: the first game that met an effect the engine does not
  play or whose printed text was lost (builder.playtest_core.warnings).

Games with their initiative swapped by the playtest's seat rotation and games that
ended in an engine error are never chosen: a plain log cannot set them up again.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from statistics import median
from typing import Any, Callable

from builder.content.yaml_io import atomic_write_text

GameLog = Callable[[Path, str, int, list[str], list[str]], str]
"""A system's ``ReplayTools.game_log``: ``(pack, scenario, seed, players by side, --army options)`` -> log text."""


def _margin(row: dict[str, Any], side: str) -> int:
    vp = row.get("vp") or {}
    mine = int(vp.get(side, 0) or 0)
    others = [int(v or 0) for s, v in vp.items() if s != side]
    return mine - max(others, default=0)


def choose(rows: list[dict[str, Any]], sides: list[str]) -> list[dict[str, Any]]:
    """The chosen games: ``{"index", "why": [reasons]}`` in the order of the rules."""
    games = [r for r in rows if not r.get("error") and not r.get("initiative_swapped")
             and isinstance(r.get("seed"), int) and set(r.get("players") or {}) == set(sides)]
    picked: dict[int, list[str]] = {}

    def pick(row: dict[str, Any] | None, why: str) -> None:
        if row is not None:
            picked.setdefault(int(row.get("index", rows.index(row))), []).append(why)

    wins = {side: [r for r in games if r.get("winner") == side] for side in sides}
    for side, won in wins.items():
        if won:
            mid_margin = median(_margin(r, side) for r in won)
            mid_length = median(int(r.get("decisions") or 0) for r in won)
            pick(min(won, key=lambda r: (abs(_margin(r, side) - mid_margin),
                                         abs(int(r.get("decisions") or 0) - mid_length), r.get("index", 0))),
                 f"a typical win for {side}")
    if games:
        pick(min(games, key=lambda r: (int(r.get("decisions") or 0), r.get("index", 0))), "the shortest game")
        pick(max(games, key=lambda r: (int(r.get("decisions") or 0), -int(r.get("index", 0)))), "the longest game")
    counts = {side: len(won) for side, won in wins.items()}
    if len(counts) > 1 and len(set(counts.values())) > 1:
        underdog = min(sides, key=lambda s: (counts[s], sides.index(s)))
        if wins[underdog]:
            pick(max(wins[underdog], key=lambda r: (_margin(r, underdog), -int(r.get("index", 0)))),
                 f"the underdog won ({underdog}, {counts[underdog]} win(s) of {len(games)})")
    warned = [r for r in games if r.get("not_simulated") or r.get("lost")]
    if warned:
        first = warned[0]
        what = sorted({*(first.get("not_simulated") or {}), *(first.get("lost") or {})})
        pick(first, "a warning fired: " + "; ".join(str(w) for w in what[:2]))
    by_index = {int(r.get("index", i)): r for i, r in enumerate(rows)}
    return [{"index": i, "why": why, "row": by_index[i]} for i, why in picked.items()]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "game"


def _same_game(row: dict[str, Any], log: str) -> bool:
    """The log's last line (its result) tells the row's game: the same number of
    decisions, the same winner and, where the row keeps it, the same final state hash."""
    import json

    try:
        last = json.loads(log.rstrip("\n").rsplit("\n", 1)[-1])
    except ValueError:
        return False
    result = last.get("result") or {}
    if last.get("decisions") != row.get("decisions") or result.get("winner") != row.get("winner"):
        return False
    expected = row.get("state_hash")
    return not isinstance(expected, str) or last.get("state_hash") == expected


def save_chosen(game_log: GameLog, pack: Path, scenario: str, rows: list[dict[str, Any]], sides: list[str],
                folder: Path, armies: list[str] | None = None) -> list[dict[str, Any]]:
    """Choose the games of ``rows``, write each one's log into ``folder`` and return the
    report's entries: ``why``, ``name`` (the log's file name without ``.jsonl``), ``seed``,
    ``winner``, ``rounds`` and ``decisions``."""
    out: list[dict[str, Any]] = []
    for chosen in choose(rows, sides):
        row = chosen["row"]
        players = [str(row["players"][s]) for s in sides]
        text = game_log(pack, scenario, int(row["seed"]), players, list(armies or []))
        if not _same_game(row, text):
            continue  # the game played again is not the one the playtest played
        name = f"{_slug(chosen['why'][0])}-{int(chosen['index'])}"
        atomic_write_text(folder / f"{name}.jsonl", text)
        out.append({"why": chosen["why"], "name": name, "seed": row["seed"], "winner": row.get("winner"),
                    "rounds": row.get("rounds"), "decisions": row.get("decisions")})
    return out


def link_games(entries: list[dict[str, Any]], folder: Path, report_html: Path | None,
               write_viewer: Callable[[Path, Path], None] | None = None) -> None:
    """Give each chosen game the link the HTML report opens it by: the viewer page
    written beside its log (``write_viewer(log, page)``), relative to the report."""
    if report_html is None or write_viewer is None:
        return
    for entry in entries:
        log = folder / f"{entry['name']}.jsonl"
        page = folder / f"{entry['name']}.html"
        write_viewer(log, page)
        entry["href"] = Path(os.path.relpath(page.resolve(), Path(report_html).resolve().parent)).as_posix()
