"""Batches of Heroes System playtest games, which the shared pools play
(builder.playtest_core.pools: here, local processes or a Dask cluster).

Games are cut into chunks of consecutive indices; each worker loads the pack once and
plays its chunks; results come back in index order. A game's seed and seating depend
only on the batch's seed, the game's index, the scenario and the players
(builder.playtest_core.seeds), so the rows, and the report, are identical for any ``--jobs``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.systems.heroes.ai.players import PlayerSpec, parse_spec
from builder.systems.heroes.content.loader import load_pack
from builder.errors import UsageError
from builder.systems.heroes.playtests.game import play_game_safely
from builder.playtest_core.seeds import game_seed, seating


@dataclass(frozen=True)
class Batch:
    """What to play: ``players`` in the order the scenario lists its sides."""

    pack_path: str
    scenario: str
    games: int
    seed: int
    players: tuple[str, ...]
    symmetric: bool = False
    first: int = 0
    """Index of the batch's first game: a sequential run plays games first..first+games-1."""
    knobs: tuple[tuple[str, Any], ...] = ()
    """Knob settings played instead of the scenario's own (builder.systems.heroes.content.knobs)."""
    armies: tuple[Any, ...] = ()  # an army list or None per side (builder.systems.heroes.playtests.armies)

    def specs(self) -> list[PlayerSpec]:
        return [parse_spec(p) for p in self.players]

    def play_chunk(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Games ``start`` to ``stop - 1`` (what builder.playtest_core.pools asks of a batch)."""
        return play_chunk(self, start, stop)


_PACKS: dict[str, Any] = {}


def _pack(path: str) -> Any:
    pack = _PACKS.get(path)
    if pack is None:
        pack = _PACKS[path] = load_pack(path)
    return pack


def play_index(batch: Batch, index: int, pack: Any = None) -> dict[str, Any]:
    """Game ``index`` of ``batch``: its seed, its seating, its record."""
    pack = pack if pack is not None else _pack(batch.pack_path)
    specs = batch.specs()
    seat = seating(index, len(specs), batch.symmetric)
    seated = [specs[seat.seats[side]] for side in range(len(specs))]
    seed = game_seed(batch.seed, index, batch.scenario, batch.players)
    scenario = batch.scenario
    if batch.knobs:  # same seeds at every setting: a balance curve compares like with like
        from builder.systems.heroes.content.knobs import variant

        scenario = variant(pack, batch.scenario, batch.knobs)
    return play_game_safely(pack, scenario, seed, seated, initiative_swapped=seat.initiative_swapped, index=index,
                            armies=batch.armies or None)


def play_chunk(batch: Batch, start: int, stop: int) -> list[dict[str, Any]]:
    pack = _pack(batch.pack_path)
    return [play_index(batch, i, pack) for i in range(start, stop)]


def scenario_facts(pack_path: str, scenario: str) -> Any:
    """The scenario model; unknown ids are usage errors listing the known ones."""
    pack = _pack(pack_path)
    model = pack.items.get("scenarios", {}).get(scenario)
    if model is None:
        known = ", ".join(sorted(pack.items.get("scenarios", {}))) or "none"
        raise UsageError(f"unknown scenario '{scenario}' in {pack_path} (known: {known})")
    return model
