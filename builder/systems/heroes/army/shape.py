"""What an army list is made of, shared by the validated model and the plain-data path.

Why apart from :mod:`builder.systems.heroes.army.model`: the pydantic model (:class:`~builder.systems.heroes.army.model.ArmyList`)
and the plain list of the fast check (:mod:`builder.systems.heroes.army.plain`) must split a list
into players and pick the deck's nation the same way, so both inherit these methods
from :class:`ArmyShape`; this module imports no pydantic (000 core rules, Army Creation;
Multiplayer Rules 3-4 Players).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class Force:
    """One player's tiles and heroes; ``loc`` is where the player sits in the file."""

    player: str
    faction: str
    tiles: list[Any]
    heroes: list[Any]
    loc: Loc

    def label(self) -> str:
        return f"player '{self.player}'" if self.player else "the army"


class ArmyShape:
    """The behaviour of an army list, over the fields ``faction``, ``tiles``, ``heroes``
    and ``alliance`` that the class mixing it in provides (declared for the type checker
    only, so pydantic does not take them for fields of its own)."""

    if TYPE_CHECKING:
        faction: Any
        tiles: Any
        heroes: Any
        alliance: Any

    def forces(self) -> list[Force]:
        """Each player's part of the army, with where it sits in the file."""
        if self.alliance is None:
            return [Force("", self.faction or "", self.tiles, self.heroes, ())]
        return [
            Force(p.name, p.faction, p.tiles, p.heroes, ("alliance", "players", i))
            for i, p in enumerate(self.alliance.players)
        ]

    @property
    def deck_faction(self) -> str:
        """The nation whose deck the army uses: the army's, or the alliance's choice
        (default: its first player's, Multiplayer Rules > Action Cards)."""
        if self.alliance is None:
            return self.faction or ""
        return self.alliance.deck_faction or self.alliance.players[0].faction
