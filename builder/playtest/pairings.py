"""Verdicts under several pairings of players, and how robust they are (issue 35, item 5).

A playtest verdict should say who wins with competent players; played by one pairing
only, it may say more about the players than about the scenario (Operation Stack: a
greedy Commonwealth never opens the chimney, so the Germans win every game). So a
scenario is played under several pairings (``--pairings greedy-greedy,search-search``)
and the verdicts compared:

- **robust**: every pairing gives the same verdict (the same side favoured, or balanced
  under all, or mostly draws under all);
- **decided by a player's weakness**: the verdicts differ and a side never wins under one
  pairing but does under another: what that side's player cannot do decides the
  verdict, not the scenario;
- **depends on the players**: the verdicts differ otherwise; the line says which pairing
  says what.

A pairing names one player per side, in the scenario's order, joined by ``-`` (or ``/``
when a spec holds a dash of its own, ``greedy/solo-mode:aggressive:hard``; a
``solo-mode...`` spec is read whole either way). A pairing of two different players is
also played with the players' sides swapped, where the scenario allows it (two sides,
no Solo Mode AI, which keeps the side the scenario gives it): each arrangement is a
pairing of its own in the table. A pairing of one player on both sides has nothing to
swap: its games already give each side the same player.

``heroes playtest`` plays :data:`DEFAULT_PAIRINGS` unless told otherwise
(:func:`chosen_pairings`); ``--players A,B`` is one pairing, reported as such. The
public functions, for the other playtests (balance, campaign) to play the same way:

- :func:`chosen_pairings` (``--pairings``/``--players`` text -> pairings),
- :func:`default_games` (games a pairing when ``--games`` is not given),
- :func:`arrangements` (each pairing and its swap), :func:`seated` (a pairing's
  players for each seat of an alliance scenario),
- :func:`play_pairings` (play them with a ``run`` callback and compare),
  :func:`merged` (the first pairing's report with every pairing's verdict and the line),
- :func:`robustness`, :func:`verdict_class`, :func:`text_lines`, :func:`swappable`,
  :func:`facts_swappable`, :func:`seat_sides` (asked of the pack's game system);
- :class:`Plan` (pairings and whether they swap, for a game system's own playtest
  command, which imports nothing of builder.playtest).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from builder.errors import UsageError
from builder.systems.seam import ScenarioFacts

ROBUST, DEPENDS, WEAKNESS, SINGLE = "robust", "depends on the players", "decided by a player's weakness", "one pairing"
FEW = "too few games"
"""The gist of a pairing played too few times for a verdict, and the robustness kind of
pairings among which one is: nothing can be said of how robust the verdict is."""

DEFAULT_PAIRINGS = "greedy-greedy,search-search"
"""The pairings ``heroes playtest`` plays when neither ``--pairings`` nor ``--players``
is given (issue 35, item 5): the one-decision-deep player and the search player, each
on both sides."""

GAMES = 1000
"""Games a pairing by default when no pairing plays ``search``."""

SEARCH_GAMES = 200
"""Games a pairing by default when one plays ``search``: a search/search game of Family
Meeting 1 costs about 2.8 CPU seconds (docs/players.md, Cost), so 200 games take about 5
minutes on two cores; 1,000 would take 25."""


def parse_pairing(text: str) -> tuple[str, ...]:
    """``greedy-search`` / ``greedy/solo-mode:aggressive`` -> the players' specs."""
    text = text.strip().lower()
    if not text:
        raise UsageError("an empty pairing: give players joined by '-', e.g. --pairings greedy-greedy,search-search")
    if "/" in text:
        parts = [p.strip() for p in text.split("/")]
    else:
        parts = []
        for piece in text.split("-"):
            if parts and parts[-1] == "solo" and piece.startswith("mode"):  # solo-mode:... is one spec
                parts[-1] = f"solo-{piece}"
            else:
                parts.append(piece.strip())
    if any(not p for p in parts):
        raise UsageError(f"pairing {text!r}: a player is missing (e.g. greedy-search)")
    return tuple(parts)


def parse_pairings(text: str) -> list[tuple[str, ...]]:
    """``greedy-greedy,search-search`` -> the pairings, in order, each once."""
    out: list[tuple[str, ...]] = []
    for item in text.split(","):
        if item.strip():
            pairing = parse_pairing(item)
            if pairing not in out:
                out.append(pairing)
    if not out:
        raise UsageError("--pairings names no pairing (e.g. --pairings greedy-greedy,search-search)")
    return out


def chosen_pairings(pairings: str | None, players: str | None) -> list[tuple[str, ...]]:
    """The pairings a playtest plays: ``pairings`` (``--pairings``), else the one pairing
    ``players`` (``--players A,B``), else :data:`DEFAULT_PAIRINGS`. Both given is a usage
    error: they say the same thing twice."""
    if pairings is not None and players is not None:
        raise UsageError("give --pairings (several pairings) or --players (one pairing), not both")
    if players is not None:
        names = tuple(p.strip().lower() for p in players.split(",") if p.strip())
        if not names:
            raise UsageError("--players names no player (e.g. --players greedy,greedy)")
        return [names]
    return parse_pairings(pairings if pairings is not None else DEFAULT_PAIRINGS)


def plays_search(pairings: list[tuple[str, ...]]) -> bool:
    """Does a pairing play the search player (the costly one)?"""
    return any(p.split(":", 1)[0] == "search" for pairing in pairings for p in pairing)


def default_games(pairings: list[tuple[str, ...]]) -> int:
    """Games a pairing when ``--games`` is not given: :data:`SEARCH_GAMES` when a pairing
    plays ``search``, else :data:`GAMES`."""
    return SEARCH_GAMES if plays_search(pairings) else GAMES


def seated_by_side(players: tuple[str, ...], seat_sides: list[int]) -> tuple[str, ...]:
    """``players`` (one per side) for each seat of an alliance scenario (``seat_sides``:
    the side of each seat, in order); unchanged when there are no seats or the pairing
    already names one player a seat."""
    if not seat_sides or len(players) != 2:
        return players
    return tuple(players[side] for side in seat_sides)


def arrangements(pairings: list[tuple[str, ...]], swappable: bool) -> list[tuple[str, ...]]:
    """Each pairing, followed by its players' sides swapped when they differ and the
    scenario allows (``swappable``); each arrangement once."""
    out: list[tuple[str, ...]] = []
    for p in pairings:
        swap = swappable and len(p) == 2 and p[0] != p[1] and not any(x.startswith("solo-mode") for x in p)
        for q in (p, tuple(reversed(p))) if swap else (p,):
            if q not in out:
                out.append(q)
    return out


def pairing_name(players: tuple[str, ...] | list[str]) -> str:
    return "/".join(players)


def verdict_class(report: dict[str, Any]) -> str:
    """The verdict's gist, for comparison across pairings: 'favours SIDE', 'balanced'
    or 'mostly draws' (the rule of builder.playtest_core.aggregate.verdict)."""
    if not report.get("games"):
        return "no games"
    if str(report.get("verdict", "")).startswith("too few games"):
        return FEW
    iv = report["win_intervals"]
    sides = report["sides"]
    if report["draw_rate"] >= 0.5:
        return "mostly draws"
    top = sorted(sides, key=lambda s: (-iv[s]["rate"], s))[0]
    if all(iv[top]["low"] > iv[s]["high"] for s in sides if s != top):
        return f"favours {top}"
    return "balanced"


@dataclass(frozen=True)
class Robustness:
    """The robustness line of a report played under several pairings."""

    kind: str
    """:data:`ROBUST`, :data:`DEPENDS`, :data:`WEAKNESS`, :data:`SINGLE` or :data:`FEW`."""
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "text": self.text}


def robustness(reports: list[tuple[str, dict[str, Any]]]) -> Robustness:
    """How much the verdicts of ``reports`` (pairing name, report) depend on the players."""
    if len(reports) < 2:
        name = reports[0][0] if reports else "none"
        return Robustness(SINGLE, f"one pairing ({name}): play without --players (pairings {DEFAULT_PAIRINGS}) "
                                  "to see whether the verdict depends on the players")
    gists = {name: verdict_class(r) for name, r in reports}
    said = "; ".join(f"{name}: {gist}" for name, gist in gists.items())
    if FEW in gists.values():
        return Robustness(FEW, f"too few games to compare the pairings ({said})")
    if len(set(gists.values())) == 1:
        return Robustness(ROBUST, f"robust: {next(iter(gists.values()))} under every pairing ({', '.join(gists)})")
    sides = reports[0][1]["sides"]
    for side in sides:
        never = [name for name, r in reports if r["games"] and r["win_rates"].get(side, 0) == 0]
        some = [name for name, r in reports if r["win_rates"].get(side, 0) > 0]
        if never and some:
            return Robustness(WEAKNESS, f"decided by a player's weakness: {side} never wins under "
                                        f"{', '.join(never)} but does under {', '.join(some)} ({said})")
    return Robustness(DEPENDS, f"depends on the players: {said}")


def play_pairings(run: Callable[[tuple[str, ...]], dict[str, Any]], pairings: list[tuple[str, ...]],
                  swappable: bool) -> dict[str, Any]:
    """Play every arrangement of ``pairings`` with ``run`` (players -> report) and return
    the pairings' part of a report: each pairing's verdict and numbers, and the
    robustness line."""
    reports = [(pairing_name(p), run(p)) for p in arrangements(pairings, swappable)]
    return {
        "pairings": [{"players": list(r["players"]), "name": name, "verdict": r["verdict"],
                      "gist": verdict_class(r), "games": r["games"], "win_rates": r["win_rates"],
                      "draw_rate": r["draw_rate"], "levels": r.get("levels", {})}
                     for name, r in reports],
        "robustness": robustness(reports).to_dict(),
        "reports": reports,
    }


def merged(part: dict[str, Any]) -> dict[str, Any]:
    """The report of a playtest under several pairings: the first pairing's report (its
    numbers, warnings and games), with ``pairings`` (each pairing's verdict) and
    ``robustness`` from :func:`play_pairings`' ``part``."""
    reports = part["reports"]
    return {**reports[0][1], "pairings": part["pairings"], "robustness": part["robustness"]}


def text_lines(report: dict[str, Any]) -> list[str]:
    """The pairings' lines of the text report: each pairing's verdict and the robustness
    line; for a report of one pairing, which pairing it was (none for a report made
    without pairings)."""
    if "pairings" not in report:
        return []
    if len(report["pairings"]) == 1:
        return [f"pairing: {report['pairings'][0]['name']}", f"robustness: {report['robustness']['text']}"]
    lines = ["pairings:"]
    for p in report["pairings"]:
        lines.append(f"  {p['name']:<24} {p['verdict']}")
    lines.append(f"robustness: {report['robustness']['text']}")
    return lines


def facts_swappable(facts: ScenarioFacts) -> bool:
    """May the players of a pairing swap sides on a scenario of these facts? Two sides, no
    alliances of three or four players, and not symmetric (a symmetric scenario's playtest
    rotates the sides already, builder.playtest_core.seeds)."""
    return len(facts.sides) == 2 and not facts.seats and not facts.symmetric


def _facts(pack_path: str, scenario: str) -> ScenarioFacts:
    """The scenario's facts, from the pack's game system (builder.systems.seam)."""
    from builder.systems.seam import playtest_tools, system_of_pack

    return playtest_tools(system_of_pack(pack_path), "playtest").facts(Path(pack_path), scenario)


def swappable(pack_path: str, scenario: str) -> bool:
    """:func:`facts_swappable` for ``scenario`` of the pack."""
    return facts_swappable(_facts(pack_path, scenario))


def seat_sides(pack_path: str, scenario: str) -> list[int]:
    """The side of each seat of an alliance scenario, in order (empty when each side is
    one player): what :func:`seated_by_side` takes."""
    return list(_facts(pack_path, scenario).seats)


@dataclass(frozen=True)
class Plan:
    """The pairings a playtest plays, handed to a game system's playtest command (which
    may not import this shared service): :meth:`play` plays them, :meth:`text_lines`
    gives the report's lines."""

    pairings: tuple[tuple[str, ...], ...]
    swap: bool = True

    def play(self, run: Callable[[tuple[str, ...]], dict[str, Any]],
             facts: ScenarioFacts | None = None) -> dict[str, Any]:
        """:func:`merged` of :func:`play_pairings` with ``run`` (players, one per seat ->
        report). With the scenario's ``facts``, sides swap only where the scenario allows
        (:func:`facts_swappable`) and a pairing of two players is seated by side on an
        alliance scenario's seats (:func:`seated_by_side`)."""
        swap = self.swap and (facts is None or facts_swappable(facts))
        seats = list(facts.seats) if facts is not None else []
        return merged(play_pairings(lambda players: run(seated_by_side(players, seats)), list(self.pairings), swap))

    def text_lines(self, report: dict[str, Any]) -> list[str]:
        return text_lines(report)
