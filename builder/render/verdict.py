"""Playtest verdicts: ``heroes playtest`` (builder.playtest) writes ``reports/<scenario-id>.json`` next to
the pack with at least ``scenario``, ``games``, ``verdict`` and ``win_rates``; sheets
and site pages print the latest one when it exists."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.diagnostics import Diagnostic, define_code
from builder.errors import InvalidInputError
from builder.playtest_core.saved import read_saved_report

H875 = define_code("H875", "playtest report holds values of the wrong kind")

def report_path(pack_root: Path, scenario_id: str) -> Path:
    """Where the report of ``scenario_id`` lives by convention: ``reports/`` inside the
    pack (where ``heroes playtest --save`` writes it), else ``reports/`` beside it."""
    inside = Path(pack_root) / "reports" / f"{scenario_id}.json"
    beside = Path(pack_root).parent / "reports" / f"{scenario_id}.json"
    return inside if inside.is_file() or not beside.is_file() else beside


def load_verdict(path: Path | None, scenario_id: str,
                 side_names: dict[str, str] | None = None, required: bool = False) -> dict[str, Any] | None:
    """The verdict summary of a report file, or None when there is no report.

    A report that is not valid JSON, is too large, lacks the agreed keys or holds values
    of the wrong kind (``games: "x"``, a rate above 1) is an input error naming the file,
    never a traceback nor a sheet printing "over x games". ``required``: the user named
    the file (``render scenario --report``), so its absence is an error too.
    """
    if path is None or not Path(path).is_file():
        if required and path is not None and Path(path).exists():
            from builder.inputs import check_input

            check_input(path, option="--report")  # a FIFO, a device or a folder is named as such
        if required and path is not None:
            raise _invalid(Path(path), "no such playtest report (write one with `heroes playtest --save` "
                           "or --format json)")
        return None
    path = Path(path)
    data = read_saved_report(path, "playtest report", ("scenario", "games", "verdict", "win_rates"))
    check_values(path, data)
    if data["scenario"] != scenario_id:
        raise InvalidInputError(
            f"{path}: report is for scenario '{data['scenario']}', not '{scenario_id}'"
        )
    rates = dict(data["win_rates"]) if isinstance(data["win_rates"], dict) else {}
    if "draw_rate" in data and "draw" not in rates:
        rates["draw"] = data["draw_rate"]
    names = side_names or {}
    return {
        "games": str(data["games"]),
        "verdict": str(data["verdict"]),
        "win_rates": [
            {"side": names.get(str(side), str(side)), "rate": _percent(rate)}
            for side, rate in sorted(rates.items(), key=lambda kv: (kv[0] == "draw", str(kv[0])))
        ],
        "seed": str(data.get("seed", "")),
        "players": ", ".join(f"{names.get(str(k), k)}: {v}" for k, v in data["seats"].items())
        if isinstance(data.get("seats"), dict) else "",
        "file": path.name,
    }


def _invalid(path: Path, message: str) -> InvalidInputError:
    return InvalidInputError(f"{path}: {message}", [Diagnostic(H875, message, file=str(path),
                                                               hint="use a report written by `heroes playtest`")])


def check_values(path: Path, data: dict[str, Any]) -> None:
    """The report's values have the kinds ``heroes playtest`` writes."""
    games = data["games"]
    if type(games) is not int or games < 1:
        raise _invalid(path, f"'games' must be a whole number of games, 1 or more, not {games!r}")
    if not isinstance(data["verdict"], str):
        raise _invalid(path, f"'verdict' must be text, not {data['verdict']!r}")
    rates = data["win_rates"]
    if not isinstance(rates, dict):
        raise _invalid(path, f"'win_rates' must map each side to a rate, not {rates!r}")
    for side, rate in [*rates.items(), *([("draw_rate", data["draw_rate"])] if "draw_rate" in data else [])]:
        if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 1:
            raise _invalid(path, f"the rate of {side!r} must be a number from 0 to 1, not {rate!r}")


def _percent(rate: Any) -> str:
    if isinstance(rate, (int, float)) and not isinstance(rate, bool):
        return f"{rate * 100:.0f}%" if 0 <= rate <= 1 else f"{rate}"
    return str(rate)
