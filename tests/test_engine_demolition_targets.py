"""Demolition targets fired at through their red dot: the steelworks chimney (003 Battle
for Normandy, Battlefield > Buildings > Destroying the Chimney; Campaign > 6 Operation
Stack). builder/systems/heroes/engine/features/demolition_targets.py."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Action, Rules, apply
from builder.systems.heroes.engine.features.demolition_targets import MODE, demolished, markers, shots
from builder.systems.heroes.board.los import sight, sight_to_dot
from builder.systems.heroes.engine.scenario_events import effect
from builder.systems.heroes.engine.victory import holds

from engine_helpers import Scripted, activate

BFN = Path(__file__).resolve().parents[1] / "content" / "bfn"


@lru_cache(maxsize=1)
def bfn():  # type: ignore[no-untyped-def]
    return load_pack(BFN)


def operation_stack():  # type: ignore[no-untyped-def]
    """Operation Stack with a 25-pdr battery in the Commonwealth army, one gun in sight of the red dot."""
    state = Rules.new_game(bfn(), "operation-stack", seed=4,
                           armies=[[{"tile": "cw-high-command"}, {"tile": "cw-25pdr-battery"}], None])
    gun = next(u for u in state.units if u.side == 0 and u.st.profile.id == "cw-25pdr")
    bf = state.static.bf
    dot = bf.square("G3")
    free = sorted((s for s in range(bf.size) if state.occ[s] < 0 and s != dot and bf.enterable(s, gun.type, False)
                   and sight_to_dot(state, s, dot).kind == "clear" and bf.distance(s, dot) >= 2),
                  key=lambda s: (bf.distance(s, dot), s))
    for s in state.squares_of(gun):
        state.set_occupant(s, -1)
    gun.sq, gun.facing = free[0], 0
    for s in state.squares_of(gun):
        state.set_occupant(s, gun.id)
    return state, gun


def open_the_chimney(state) -> None:  # type: ignore[no-untyped-def]
    eff = next(e for ev in state.static.scenario.events for e in ev.effects if e.do == "open_target")
    effect(state, eff, "cw")


def test_the_chimney_cannot_be_fired_at_before_it_is_open() -> None:
    state, gun = operation_stack()
    activate(state, gun.id)
    assert shots(state, gun) == []


def test_a_gun_in_sight_of_the_red_dot_scores_destruction_markers_and_destroys_it() -> None:
    state, gun = operation_stack()
    open_the_chimney(state)
    assert markers(state, "chimney") == 0
    activate(state, gun.id)
    offered = [a for a in shots(state, gun) if a.mode == MODE]
    assert offered and offered[0].square == state.static.bf.square("G3")
    state.dice = Scripted(4, 6)  # the 25-pdr's Destruction 2: both dice score
    apply(state, offered[0])
    assert markers(state, "chimney") == 2 and not demolished(state, "chimney")
    activate(state, gun.id)
    state.dice = Scripted(5, 3)
    apply(state, offered[0])
    assert markers(state, "chimney") == 3
    activate(state, gun.id)
    state.dice = Scripted(6, 1)
    apply(state, offered[0])
    assert demolished(state, "chimney")
    victory = state.static.scenario.victory[0]
    assert victory.winner == "cw" and holds(state, victory.when)
    assert any(e.kind == "target-destroyed" for e in state.events)
    activate(state, gun.id)
    assert shots(state, gun) == []  # nothing left to fire at


def test_without_a_line_of_sight_to_the_red_dot_no_shot() -> None:
    state, gun = operation_stack()
    open_the_chimney(state)
    bf = state.static.bf
    dot = bf.square("G3")
    hidden = next(s for s in range(bf.size) if state.occ[s] < 0 and bf.enterable(s, gun.type, False)
                  and not sight_to_dot(state, s, dot).ok)
    for s in state.squares_of(gun):
        state.set_occupant(s, -1)
    gun.sq = hidden
    state.set_occupant(hidden, gun.id)
    activate(state, gun.id)
    assert shots(state, gun) == []


def test_a_clone_keeps_its_own_markers() -> None:
    state, gun = operation_stack()
    open_the_chimney(state)
    twin = state.clone()
    activate(state, gun.id)
    state.dice = Scripted(6, 6)
    apply(state, Action("fire", unit=gun.id, weapon=0, square=state.static.bf.square("G3"), mode=MODE))
    assert markers(state, "chimney") == 2 and markers(twin, "chimney") == 0
    assert state.state_hash() != twin.state_hash()
