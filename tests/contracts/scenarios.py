"""Scenario contracts: properties read off each bundled scenario's printed page (003 Battle
for Normandy, Campaign and A Safari in Normandy; 000/002 for the core pack), checked over
seeded games by tests/test_scenario_contracts.py.

A property looks at one game's record (:class:`Game`) and answers None when the game did
not put it to the test, else whether it held. Over a scenario's games, each property must
hold every time it is tested and be tested at least once: a property no game exercised is a
failure too (the games never reached what the page describes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Game:
    """What a contract reads of one game: the control at each end of round (turn -> list),
    the turn of every event of interest, and the result."""

    turns: int
    objectives: list[str]
    control: dict[int, list[int]] = field(default_factory=dict)
    events: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    result: Any = None

    def first(self, kind: str) -> int | None:
        return next((t for t, k, _ in self.events if k == kind), None)

    def held(self, objective: str, side: int) -> list[int]:
        """The turns at whose end ``side`` controlled ``objective``."""
        i = self.objectives.index(objective)
        return [t for t, row in sorted(self.control.items()) if row[i] == side]


Property = Callable[[Game], "bool | None"]


def ends_within_its_turns(g: Game) -> bool:
    """000 Setup > Victory Conditions: no more rounds than the scenario's turns."""
    return g.result.rounds <= g.turns


def sudden_death_ends_its_round(g: Game) -> bool | None:
    """000 Setup > Victory Conditions: the game ends at the end of the round in which the
    condition is reached, that very round."""
    if g.result.end_reason != "sudden_death":
        return None
    return g.first("sudden-death") == g.result.rounds == max(g.control)


def _ended_when(first_turn: Callable[[Game], int | None]) -> Property:
    def check(g: Game) -> bool | None:
        t = first_turn(g)
        if t is None:
            return None
        return g.result.rounds == t
    return check


def _first_held(objectives: list[str], side: int, at_least: int) -> Callable[[Game], int | None]:
    def first(g: Game) -> int | None:
        idx = [g.objectives.index(o) for o in objectives]
        return next((t for t, row in sorted(g.control.items()) if sum(row[i] == side for i in idx) >= at_least), None)
    return first


def tb_no_secondary_before_the_post(g: Game) -> bool | None:
    """Trading Blows: the German secondaries are placed once the Commonwealth holds the
    command post, or at the latest as the German counter-attack starts (the Activation Phase
    of turn 4): before that, nobody holds them."""
    taken = min(g.held("command-post", 0), default=4)
    taken = min(taken, 4)
    before = [row for t, row in g.control.items() if t < taken]
    if not before:
        return None
    return all(row[1] == row[2] == -1 for row in before)


def tb_reinforcements_the_turn_after(g: Game) -> bool | None:
    """Trading Blows: the Commonwealth reinforcements enter the turn after the post is taken."""
    taken = min(g.held("command-post", 0), default=None)
    if taken is None or taken >= g.turns or g.result.rounds <= taken:
        return None
    return g.first("reinforcement") == taken + 1


def tb_german_win_needs_both_secondaries(g: Game) -> bool | None:
    if g.result.winner != "de" or g.result.end_reason in ("no_units", "no_orders"):
        return None
    last = g.control[max(g.control)]
    return last[1] == last[2] == 1


def lb_no_primary_before_both_secondaries(g: Game) -> bool | None:
    """Charge of the Light Brigade: the primary is placed once the Commonwealth holds both
    secondaries: before, nobody holds it."""
    both = _first_held(["cw-secondary-bridge", "cw-secondary-farm"], 0, 2)(g)
    before = [row for t, row in g.control.items() if both is None or t < both]
    if not before:
        return None
    return all(row[3] == -1 for row in before)


def lb_offer_only_to_the_holder(g: Game) -> bool | None:
    """The Commonwealth is asked to end the game only at the end of a round in which it holds
    the primary (not the last)."""
    offers = [(t, d) for t, k, d in g.events if k == "end-offered"]
    if not offers:
        return None
    held = set(g.held("cw-primary-gavrus", 0))
    return all(t in held and d["side"] == 0 and t < g.turns for t, d in offers)


def bt_no_end_when_both_complete(g: Game) -> bool | None:
    """Beaver Tails: both sides complete at the same supply phase: the turn marker moves on
    instead of the game ending."""
    moved = [t for t, k, _ in g.events if k == "turn-marker"]
    if not moved:
        return None
    return all(g.control.get(t) is not None for t in moved)


def zu_ends_when_a_secondary_is_held(g: Game) -> bool | None:
    return _ended_when(_first_held(["cw-secondary-quay", "cw-secondary-bridgehead"], 0, 1))(g)


def os_turn_4_check(g: Game) -> bool | None:
    """Operation Stack: holding no secondary at the end of turn 4 ends the game, a German
    major victory; holding one, the game goes on."""
    row = g.control.get(4)
    if row is None:
        return None
    if row[0] != 0 and row[1] != 0:
        return g.result.rounds == 4 and (g.result.winner, g.result.level) == ("de", "major")
    return g.result.rounds > 4 or g.result.end_reason != "sudden_death" or g.first("target-destroyed") is not None


def safari_ends_when_the_farm_is_taken(g: Game) -> bool | None:
    return _ended_when(_first_held(["la-grande-ferme"], 0, 1))(g)


def charon_ends_when_complete(g: Game) -> bool | None:
    def first(g: Game) -> int | None:
        for t, row in sorted(g.control.items()):
            if row[0] == 0 and (row[1] == 0 or row[2] == 0):
                return t
        return None
    return _ended_when(first)(g)


SUDDEN_DEATH = "a sudden death ends the round in which it is reached"
def clash_winner_has_more_points(g: Game) -> bool | None:
    """Clash: the side with more victory points at the end wins; equal points, a draw."""
    if g.result.end_reason in ("no_units", "no_orders"):
        return None
    vp = g.result.victory_points
    if g.result.winner is None:
        return vp["us"] == vp["de"]
    other = "de" if g.result.winner == "us" else "us"
    return vp[g.result.winner] > vp[other]


def fm1_ludwig_not_before_turn_3(g: Game) -> bool | None:
    """Family Meeting 1: Ludwig starts set aside; the turn 3 event brings him in (later when
    no square qualifies: the event is postponed)."""
    t = g.first("reinforcement")
    return None if t is None else t >= 3


def fm2_roll_table_on_turns_3_and_5(g: Game) -> bool | None:
    """Family Meeting 2: the event's die is rolled on turns 3 and 5 only."""
    rolls = [t for t, k, _ in g.events if k == "roll-table"]
    if not rolls:
        return None
    return set(rolls) <= {3, 5}


COMMON: dict[str, Property] = {
    "ends within its turns": ends_within_its_turns,
    SUDDEN_DEATH: sudden_death_ends_its_round,  # for the scenarios that can end so
}

#: scenario id -> its printed properties (beyond the common ones)
CONTRACTS: dict[str, dict[str, Property]] = {
    "clash": {"the side with more victory points wins": clash_winner_has_more_points},
    "family-meeting-1": {"Ludwig comes in on turn 3 or later": fm1_ludwig_not_before_turn_3},
    "family-meeting-2": {"the event's die is rolled on turns 3 and 5": fm2_roll_table_on_turns_3_and_5},
    "trading-blows": {
        "no German secondary on the map before the post is taken": tb_no_secondary_before_the_post,
        "reinforcements enter the turn after the post is taken": tb_reinforcements_the_turn_after,
        "a German victory holds both secondaries": tb_german_win_needs_both_secondaries,
    },
    "charge-of-the-light-brigade": {
        "no primary before both secondaries are held": lb_no_primary_before_both_secondaries,
        "only the holder of the primary is offered the end": lb_offer_only_to_the_holder,
    },
    "beaver-tails-with-sauerkraut": {"both complete: the turn marker moves on": bt_no_end_when_both_complete},
    "zuruck": {"the game ends the round a secondary is first held": zu_ends_when_a_secondary_is_held},
    "operation-stack": {"the turn-4 check reads turn 4": os_turn_4_check},
    "a-safari-in-normandy": {"the game ends the round the farm is first held": safari_ends_when_the_farm_is_taken},
    "charon-the-ferryman": {"the game ends the round the objective is first complete": charon_ends_when_complete},
}

#: Properties the seeded games do not reach today, and why: the contract test is an expected
#: failure naming them (a failure all the same, said out loud), and fails outright once they
#: are reached and still listed here.
UNEXERCISED: dict[str, dict[str, str]] = {
}
