"""The game protocol: what the loop, the players and perft need of a game in progress,
whatever the system (issue 19, item 1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from builder.errors import HeroesError

if TYPE_CHECKING:
    from builder.kernel.dice import Rng


class Game(Protocol):
    """A game in progress. ``apply`` changes it in place; ``clone`` is an independent
    copy (applying on it leaves the original and its ``state_hash`` as they were);
    ``state_hash`` covers everything the game's future depends on.

    A side may not know the whole state (face-down tokens, the opponent's hand, the
    order of the decks, the dice to come): ``observation`` is what the side in a seat
    may know, ``determinize`` a full state drawn among those it cannot tell apart
    (issue 35, item 1). A player decides from these, never from the hidden parts."""

    @property
    def to_act(self) -> int | None:
        """The side to decide (an index into the players), None when nobody may."""

    @property
    def result(self) -> Any:
        """None while the game goes on; how it ended once over."""

    def legal_actions(self) -> list[Any]:
        """Every decision open to the side to act (empty once the game is over)."""

    def apply(self, action: Any) -> list[Any]:
        """Carry out ``action`` in place; returns the events it caused."""

    def clone(self) -> Game:
        """An independent copy."""

    def state_hash(self) -> str:
        """A digest of the whole state (hex)."""

    def observation(self, seat: int) -> Any:
        """What the side in ``seat`` may know, as a plain immutable value (the system's
        own frozen dataclass): equal for two states that side cannot tell apart."""

    def determinize(self, seat: int, rng: "Rng") -> Game:
        """A full, independent state consistent with ``observation(seat)``: the parts
        hidden from that seat (the opponent's face-down tokens and hand, the order of
        the decks, the dice to come) drawn from ``rng``. Its ``observation(seat)``
        equals this state's; the original is left as it was."""


class GameStuck(HeroesError):
    """A game still going offers its side to act no decision: a bug in the rules, never
    a user's mistake (the playtest reports it as an error row with its seed)."""
