"""Tide of Iron for the shared playtest and balance services (``heroes playtest --all``,
``heroes balance``): the seam's :class:`~builder.systems.seam.PlaytestTools`.

The knobs ``heroes balance`` may turn are the scenario's printed numbers (004 Tide of Iron,
Setup and Winning the game): ``rounds`` (the game's length), ``actions`` (actions a
player takes before the opponent's turn), ``vp`` (the sudden-victory total, when the
scenario has one) and ``initiative`` (the side holding it in round 1). Each setting plays
the scenario with those values changed and the same game seeds.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from builder.errors import UsageError
from builder.systems.seam import BatchRequest, Knob, PlaytestRun, ScenarioFacts
from builder.systems.tide_of_iron.pack import ToiPack, load

#: knob name -> (scenario field, lowest, highest, what it is)
NUMBERS: dict[str, tuple[str, int, int, str]] = {
    "rounds": ("rounds", 1, 20, "game rounds (004 Tide of Iron, Setup)"),
    "actions": ("actions_per_turn", 1, 5, "actions a player takes before the opponent's turn (004, Turn sequence)"),
    "vp": ("vp_to_win", 1, 99, "victory points for a sudden victory (004, Winning the game)"),
}


def scenarios(pack: Path) -> list[str]:
    """Every scenario id of the pack (each Tide of Iron scenario has two sides), sorted."""
    return sorted(load(pack).items["scenarios"])


def facts(pack: Path, scenario: str) -> ScenarioFacts:
    sc = load(pack).scenario(scenario)
    return ScenarioFacts(sc.id, sc.name, tuple(s.id for s in sc.sides), {s.id: s.id for s in sc.sides})


def run(request: PlaytestRun) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play a playtest and build the shared report; ``request.progress`` hears each chunk
    played. Tide of Iron has no warning to give before its games (``request.warn`` unused:
    its report's warnings come from the games)."""
    from builder.systems.tide_of_iron.games import run_playtest

    return run_playtest(request.pack, request.scenario, request.games, request.seed, list(request.players),
                        request.jobs, request.progress, until_decided=request.until_decided, margin=request.margin,
                        alpha=request.alpha, beta=request.beta, scheduler=request.scheduler, armies=request.armies)


def knobs(sc: Any) -> dict[str, Knob]:
    """The knobs of scenario ``sc`` with their current values (no values to try yet)."""
    out = {name: Knob(name, (), getattr(sc, attr), True, what) for name, (attr, _, _, what) in NUMBERS.items()
           if getattr(sc, attr) is not None}
    out["initiative"] = Knob("initiative", (), sc.initiative, False, "the side holding initiative in round 1")
    return out


def knob(pack: Path, scenario: str, text: str) -> Knob:
    """``KNOB=LO:HI``, ``KNOB=LO:HI:STEP`` or ``KNOB=A,B,C`` read against the scenario."""
    sc = load(pack).scenario(scenario)
    found = knobs(sc)
    name, sep, spec = (part.strip() for part in text.partition("="))
    if not sep or not name or not spec:
        raise UsageError(f"--vary '{text}': write KNOB=LO:HI, KNOB=LO:HI:STEP or KNOB=A,B,C, e.g. --vary rounds=4:8")
    if name not in found:
        raise UsageError(f"--vary '{text}': Tide of Iron scenario '{scenario}' has no knob '{name}' "
                         f"(knobs: {', '.join(found)})")
    current = found[name]
    if not current.numeric:
        choices = tuple(v.strip() for v in spec.split(","))
        sides = [s.id for s in sc.sides]
        bad = [v for v in choices if v not in sides]
        if bad:
            raise UsageError(f"--vary '{text}': initiative takes side ids ({', '.join(sides)}), not {bad[0]!r}")
        return replace(current, values=choices)
    _, low, high, _ = NUMBERS[name]
    try:
        if ":" in spec:
            parts = [int(p) for p in spec.split(":")]
            if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] < 1):
                raise ValueError
            numbers = tuple(range(parts[0], parts[1] + 1, parts[2] if len(parts) == 3 else 1))
        else:
            numbers = tuple(int(p) for p in spec.split(","))
    except ValueError:
        raise UsageError(f"--vary '{text}': give whole numbers LO:HI, LO:HI:STEP (STEP at least 1) or A,B,C") from None
    if not numbers or min(numbers) < low or max(numbers) > high:
        raise UsageError(f"--vary '{text}': {name} goes from {low} to {high}")
    return replace(current, values=numbers)


def default_vary(pack: Path, scenario: str) -> str:
    """What ``heroes balance --all`` searches: the rounds, 3 either way."""
    rounds = load(pack).scenario(scenario).rounds
    return f"rounds={max(1, rounds - 3)}:{min(20, rounds + 3)}"


def variant(pack: ToiPack, scenario: str, setting: tuple[tuple[str, Any], ...]) -> ToiPack:
    """The pack with ``scenario``'s knobs set as ``setting`` says (the pack itself when empty)."""
    if not setting:
        return pack
    names = {name: (NUMBERS[name][0] if name in NUMBERS else name) for name, _ in setting}
    sc = pack.scenario(scenario).model_copy(update={names[n]: v for n, v in setting})
    return replace(pack, items={**pack.items, "scenarios": {**pack.items["scenarios"], scenario: sc}})


def batch(request: BatchRequest) -> Any:
    """The games of one balance setting (a :class:`~builder.systems.tide_of_iron.games.ToiBatch`)."""
    from builder.systems.tide_of_iron.games import ToiBatch
    from builder.systems.tide_of_iron.players import make_player

    if len(request.players) != 2:
        raise UsageError("give two players, e.g. --players greedy,random")
    for name in request.players:
        make_player(name, 0)
    load(request.pack).scenario(request.scenario)  # an unknown scenario names the known ones
    return ToiBatch(str(request.pack), request.scenario, 0, request.seed, request.players, knobs=request.knobs)
