"""Playtest reports: a JSON document (the numbers) and an HTML page (the same numbers
with inline SVG charts, autoescaped, no network).

The JSON carries at least ``scenario``, ``games``, ``verdict`` and ``win_rates`` (side ->
rate), the keys the render helper prints on scenario sheets (builder.render.verdict).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from builder.content.yaml_io import atomic_write_text
from builder.outputs import OutputError
from builder.playtest_core.aggregate import summarise, verdict
from builder.playtest_core.svg import bar_chart, line_chart

FORMAT = "heroes-playtest/1"
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def build_report(*, scenario: str, scenario_name: str, sides: list[str], players: list[str], seed: int,
                 symmetric: bool, records: list[dict[str, Any]], coverage: str = "",
                 unit_costs: dict[str, int] | None = None, side_names: dict[str, str] | None = None,
                 armies: dict[str, dict[str, Any]] | None = None, placeholders: set[str] | None = None
                 ) -> dict[str, Any]:
    """The report of a batch as JSON-ready data (deterministic: no clock, no host);
    ``armies`` (the armies played, by side) and ``placeholders`` (the pack's placeholder
    unit ids) feed its warnings (builder.playtest_core.warnings)."""
    summary = summarise(records, sides, unit_costs, armies=armies, placeholders=placeholders)
    return {
        "format": FORMAT,
        "scenario": scenario,
        "scenario_name": scenario_name,
        "seed": seed,
        "players": players,
        "seats": ({pid: s["player"] for pid, s in summary["player_seats"].items()} if "player_seats" in summary
                  else dict(zip(sides, players))),
        "sides": sides,
        "symmetric": symmetric,
        "verdict": verdict(summary, sides, side_names),
        **summary,
        **({"armies": armies} if armies is not None else {}),
        "coverage": coverage,
    }


def report_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, sort_keys=True) + "\n"


def load_report(path: Path, option: str | None = None) -> dict[str, Any]:
    """Read a JSON report written by :func:`write_json` through the one input path
    (:mod:`builder.inputs`: a regular file, bounded, numbers and nesting limited); bad
    files are input errors naming the option that gave them."""
    from builder.errors import InvalidInputError
    from builder.inputs import read_json

    try:
        data = read_json(path, option=option)
    except InvalidInputError as exc:
        if any(d.code == "H843" for d in exc.diagnostics):
            raise InvalidInputError(f"{path}: not a JSON playtest report", exc.diagnostics) from None
        raise
    needed = ("scenario", "games", "verdict", "win_rates", "win_intervals", "sides")
    missing = [k for k in needed if not isinstance(data, dict) or k not in data]
    if missing:
        raise InvalidInputError(f"{path}: playtest report lacks {', '.join(missing)}",)
    return data


def charts(report: dict[str, Any]) -> dict[str, Any]:
    iv = report["win_intervals"]
    names = list(iv)
    out: dict[str, Any] = {
        "win": bar_chart(names, [iv[k]["rate"] for k in names], errors=[(iv[k]["low"], iv[k]["high"]) for k in names],
                         percent=True, title="win and draw rates"),
        "levels": bar_chart(list(report["levels"]), list(report["levels"].values()), title="victory levels"),
        "margin": bar_chart([str(b) for b in report["vp_margin"]["bins"]], report["vp_margin"]["counts"],
                            title="VP margin"),
        "rounds": bar_chart([str(b) for b in report["rounds"]["bins"]], report["rounds"]["counts"], title="rounds"),
        "leads": bar_chart([str(b) for b in report["lead_changes"]["bins"]], report["lead_changes"]["counts"],
                           title="lead changes"),
        "objectives": {},
    }
    for obj, turns in report["objective_control"].items():
        series = {side: [t.get(side, 0.0) for t in turns] for side in report["sides"] + ["none"]}
        out["objectives"][obj] = line_chart([f"T{i + 1}" for i in range(len(turns))], series,
                                            title=f"control of {obj}")
    return out


def report_html(report: dict[str, Any]) -> str:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html", "j2"]),
                      trim_blocks=False, lstrip_blocks=False)
    return env.get_template("playtest/report.html.j2").render(report=report, charts=charts(report))


def write_json(report: dict[str, Any], path: Path) -> None:
    atomic_write_text(Path(path), report_json(report))


def write_html(report: dict[str, Any], path: Path) -> None:
    atomic_write_text(Path(path), report_html(report))


def rows_jsonl(rows: list[dict[str, Any]]) -> str:
    """The per-game rows as JSON lines (``playtest --jsonl``)."""
    return "".join(json.dumps(row, sort_keys=True) + "\n" for row in rows)


def write_reports(report: dict[str, Any], html: Path | None, saved: Path | None,
                  jsonl: Path | None = None, rows: list[dict[str, Any]] | None = None) -> list[OutputError]:
    """Write the HTML report, the saved JSON report and the per-game rows, each
    atomically; return the failures.

    Why not raise at once: the games are played already, so a write that fails must
    not lose the verdict; the caller prints it and then reports where it could not write.
    """
    failures = []
    texts = ((html, lambda: report_html(report)), (saved, lambda: report_json(report)),
             (jsonl, lambda: rows_jsonl(rows or [])))
    for path, render in texts:
        if path is None:
            continue
        try:
            atomic_write_text(Path(path), render())
        except OutputError as exc:
            failures.append(exc)
    return failures
