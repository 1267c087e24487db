"""The end of a round as printed (000 core rules, Action! > Supply Phase > Execution of the
Supply Phase; Setup > Victory Conditions): objective control is settled before anything that
reads it, so a condition reached in a round ends the game at the end of *that* round.

One position per way a game ends (tests/fixtures/engine/positions/endings), each a round whose
every unit has acted: loading it plays the round's end, whose answer is known from the
scenario's printed page. builder/systems/heroes/engine/phases/supply.py."""

from __future__ import annotations

from pathlib import Path

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules, make_player, play as play_loop
from builder.systems.heroes.tools.position import load_position

from engine_helpers import POSITIONS

ROOT = Path(__file__).resolve().parents[1]
ENDINGS = POSITIONS / "endings"


def _end(name: str):  # type: ignore[no-untyped-def]
    state, _ = load_position(ENDINGS / f"{name}.yaml")
    return state


def test_sudden_death_ends_the_game_at_the_end_of_the_round_the_condition_first_holds() -> None:
    """Zurück!: a Canadian section next to the quay at the end of turn 4 ends the game then,
    a Commonwealth major victory (no German unit got out)."""
    state = _end("zuruck-turn-4")
    assert state.result is not None
    assert (state.result.winner, state.result.level, state.result.end_reason, state.result.rounds) == \
        ("cw", "major", "sudden_death", 4)
    assert state.result.objective_control[-1]["cw-secondary-quay"] == "cw"
    sudden = [e for e in state.events if e.kind == "sudden-death"]
    assert [e.data["turn"] for e in sudden] == [4]


def test_no_condition_reached_the_next_round_begins() -> None:
    state = _end("zuruck-turn-4-away")
    assert state.result is None and state.turn == 5 and state.phase == "orders"


def test_an_end_of_round_event_reads_this_rounds_control() -> None:
    """Operation Stack's turn-4 check: a secondary objective taken in turn 4 itself counts, so
    no German major victory; with none held, the game ends a German major victory."""
    held = _end("operation-stack-turn-4-held")
    assert held.result is None and held.turn == 5
    assert held.control == [-1, 0]
    empty = _end("operation-stack-turn-4-empty")
    assert empty.result is not None
    assert (empty.result.winner, empty.result.level, empty.result.end_reason, empty.result.rounds) == \
        ("de", "major", "sudden_death", 4)


def test_victory_levels_at_the_end_of_the_last_turn_read_its_control() -> None:
    """Trading Blows, end of turn 8: the Germans hold both secondary objectives (on the map,
    the command post being the Commonwealth's): a German minor victory."""
    state = _end("trading-blows-turn-8")
    assert state.result is not None
    assert (state.result.winner, state.result.level, state.result.end_reason) == ("de", "minor", "turns")
    assert state.result.objective_control[-1] == {"command-post": "cw", "de-secondary-west": "de",
                                                  "de-secondary-east": "de"}


def test_the_turn_limit_ends_the_game_and_scores_this_rounds_objectives() -> None:
    """Clash, end of turn 8: the Americans next to the crossroads (3 victory points) win."""
    state = _end("clash-turn-8")
    assert state.result is not None
    assert (state.result.winner, state.result.end_reason, state.result.rounds) == ("us", "turns", 8)
    assert state.result.victory_points["us"] == 3


def test_the_zuruck_reproduction_ends_at_the_end_of_turn_4() -> None:
    """Issue 34's reproduction: the game ends at the end of the round in which the
    Commonwealth first holds a secondary objective (it used to run on a round and end a
    draw). The issue's seed played greedy against greedy with the default armies of its day;
    the default armies have changed since (Battle for Normandy aircraft rules), so the test
    plays that seed and then a greedy Commonwealth against a random defender until a game
    has the Commonwealth holding a secondary (seed 2 today)."""
    pack = load_pack(ROOT / "content" / "bfn")
    secondaries = [i for i, o in enumerate(pack.items["scenarios"]["zuruck"].objectives) if o.kind.value == "secondary"]
    for seed, defender in [(8306432100538619269, "greedy"), *((s, "random") for s in range(1, 16))]:
        state = Rules.new_game(pack, "zuruck", seed=seed)
        play_loop(state, [make_player("greedy", seed, 0), make_player(defender, seed, 1)], max_decisions=100_000)
        rounds = [e for e in state.events if e.kind == "end-of-round"]
        held = next((e for e in rounds if any(e.data["control"][i] == 0 for i in secondaries)), None)
        if held is None:
            continue
        assert state.result is not None
        assert (state.result.end_reason, state.result.rounds, state.result.winner) == \
            ("sudden_death", held.data["turn"], "cw")
        assert rounds[-1] is held
        return
    raise AssertionError("no game had the Commonwealth holding a secondary: the property went unexercised")


def test_both_objectives_completed_in_one_round_move_the_turn_marker() -> None:
    """Beaver Tails: both sides complete their objective in turn 3 itself: no one wins, the
    turn marker moves one more space, and turn 5 comes next."""
    state = _end("beaver-tails-both")
    assert state.result is None and state.turn == 5
    assert state.control == [1, 0, 0]
