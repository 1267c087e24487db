"""Seeds and chunks of a playtest batch.

Each game's seed is derived from the batch's base seed, the game's index, the scenario
and the players (sha256 of their canonical text, never Python's salted ``hash()``), so a
game is the same whichever worker plays it and whatever the number of workers.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.kernel.dice import derive_seed  # the kernel's: a playtest's seeds replay with the engine alone


def game_seed(base_seed: int, index: int, scenario: str, players: tuple[str, ...]) -> int:
    """The seed of game ``index`` of a batch."""
    return derive_seed("playtest", base_seed, index, scenario, *players)


@dataclass(frozen=True)
class Seating:
    """Who sits where in one game: ``seats[i]`` is the index (in ``--players``) of the
    player taking the scenario's side ``i``; ``initiative_swapped`` gives turn 1's
    initiative to the side that would not have it."""

    seats: tuple[int, ...]
    initiative_swapped: bool

    @property
    def swapped(self) -> bool:
        return self.seats != tuple(range(len(self.seats)))


def seating(index: int, n_sides: int, symmetric: bool) -> Seating:
    """Seats for game ``index``. On a symmetric scenario the four combinations of
    (players swapped, initiative swapped) rotate game by game so neither side nor first
    move biases the comparison of two players; otherwise players keep their sides."""
    identity = tuple(range(n_sides))
    if not symmetric or n_sides != 2:
        return Seating(identity, False)
    swap_players = index % 2 == 1
    swap_initiative = (index // 2) % 2 == 1
    return Seating((1, 0) if swap_players else identity, swap_initiative)


def chunks(games: int, jobs: int, target: int = 64) -> list[tuple[int, int]]:
    """Half-open ranges of game indices handed to workers.

    Chunks are small enough to balance 2-4 workers and large enough that per-chunk
    overhead (pickling, loading) stays negligible; their boundaries never change the
    games' results, only who plays them."""
    if games <= 0:
        return []
    size = max(1, min(target, -(-games // max(1, jobs * 4))))
    return [(start, min(games, start + size)) for start in range(0, games, size)]
