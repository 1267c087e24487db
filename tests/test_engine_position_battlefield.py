"""Position files carry what lies on the battlefield besides units: smoke, Passage
tokens, advanced positions and MG nests, demolition points, demolition charges and
structures already in ruins; each goes where its rule puts it, or E617 says where
and why (the skirmish field: hedgerow I4-K4, the small house F7:G8 a structure of 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.errors import InvalidInputError
from builder.systems.heroes.engine.phases.supply import start_supply
from builder.systems.heroes.tools.position import load_position
from builder.systems.heroes.engine.structures import points, structure_at
from builder.systems.heroes.engine.features.advanced_positions import POSITIONS as POSITIONS_FIELD
from builder.systems.heroes.engine.features.demolition_charges import CHARGES
from builder.systems.heroes.engine.features.hedgerow_cutter import PASSAGES
from builder.systems.heroes.engine.state import rule_field
from builder.systems.heroes.engine.smoke import SMOKE

from engine_helpers import POSITIONS, Scripted

BATTLEFIELD = POSITIONS / "battlefield.yaml"
HEAD = "pack: {pack}\nscenario: skirmish\nunits:\n  - {{name: r1, unit: us-rifles, side: us, at: C4}}\n"


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "pos.yaml"
    path.write_text(HEAD.format(pack=(POSITIONS / ".." / "pack").resolve()) + body)
    return path


def test_every_marker_reaches_the_state_and_its_hash() -> None:
    state, _ = load_position(BATTLEFIELD)
    bf = state.static.bf
    assert rule_field(state, SMOKE) == (((bf.width + 1) * 3 + 3, 1, 2),)  # D4's top-left corner, fading (-2)
    assert [bf.name(sq) for sq in rule_field(state, PASSAGES)] == ["J4"]
    assert [bf.name(sq) for sq in rule_field(state, POSITIONS_FIELD)] == ["C4"]
    assert points(state, structure_at(bf, bf.square("F7"))) == 1
    assert rule_field(state, CHARGES) == ((bf.square("G8"), 0),)
    canonical = state.canonical()
    assert {"smoke", "passages", "positions", "demolition", "charges"} <= set(canonical)


def test_the_explainer_counts_the_smoke_and_the_position(cli) -> None:
    fire = cli("explain", "fire", str(BATTLEFIELD), "r1", "g1")
    assert fire.exit_code == 0, fire.stderr
    assert "smoke" in fire.stdout and "+ 2 (smoke" in fire.stdout
    back = cli("explain", "fire", str(BATTLEFIELD), "g1", "r1")
    assert "advanced position" in back.stdout


def test_the_charge_laid_explodes_at_the_next_supply_phase() -> None:
    state, _ = load_position(BATTLEFIELD)
    state.dice = Scripted(6, 6, 6, 6, 6, 6)
    start_supply(state)
    bf = state.static.bf  # a new battlefield: the house is in ruins (1 point + 2 dice scoring)
    assert rule_field(state, CHARGES) == () and bf.ruined
    assert structure_at(bf, bf.square("F7")) == -1


def test_ruined_structures_start_on_their_ruin_side(tmp_path: Path) -> None:
    state, _ = load_position(_write(tmp_path, "ruined: [G7]\n"))
    bf = state.static.bf
    assert bf.ruined and structure_at(bf, bf.square("F7")) == -1
    assert "ruin" in bf.terrain[bf.square("F7")].id or not bf.terrain[bf.square("F7")].building


@pytest.mark.parametrize("body, line, words", [
    ("passages: [C3]\n", 5, "Passage token goes on a hedgerow"),
    ("positions: [G8]\n", 5, "no position on"),
    ("demolition: {F6: 1}\n", 5, "no standing structure"),
    ("demolition: {F7: 2}\n", 5, "destroy this structure (its value is 2)"),
    ("charges:\n  - {at: F5, side: us}\n", 6, "no standing structure"),
    ("ruined: [A1]\n", 5, "no standing structure"),
])
def test_a_marker_out_of_place_is_a_located_e617(tmp_path: Path, body: str, line: int, words: str) -> None:
    path = _write(tmp_path, body)
    with pytest.raises(InvalidInputError) as err:
        load_position(path)
    found = [d for d in err.value.diagnostics if d.code == "E617"]
    assert found and words in found[0].message and found[0].line == line, err.value.diagnostics


def test_unknown_side_and_off_board_squares_keep_their_codes(tmp_path: Path) -> None:
    path = _write(tmp_path, "charges:\n  - {at: G8, side: fr}\nsmoke:\n  - {at: Z40}\n")
    with pytest.raises(InvalidInputError) as err:
        load_position(path)
    codes = sorted(d.code for d in err.value.diagnostics)
    assert codes == ["E611", "E612"]
