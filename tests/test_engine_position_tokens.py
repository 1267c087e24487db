"""Position files keep every unit marker and order token as written (issue 27,
item 4): write, load, compare; what the engine would change on load is a located
E670, a token the side cannot have placed a located E671; ``heroes explain order``
answers on such positions (000 core rules, Action! > Order Phase, Activation Phase)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from builder.content.yaml_io import read_yaml
from builder.errors import InvalidInputError
from builder.systems.heroes.tools.position import PositionFile, load_position, position_state
from builder.systems.heroes.tools.position_write import position_data
from builder.systems.heroes.engine.state import NO_ORDER

from engine_helpers import POSITIONS, fixture_pack

# open squares of the fixture's skirmish battlefield where infantry may stand
SQUARES = ["B4", "C4", "D3", "E4", "F5", "B5", "D6", "E6", "G4", "H5"]
FACINGS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]
MARKERS = ["life_point", "avert_suppression", "opportunity_fire", "defence_bonus"]
ORDERS = {"us": 4, "de": 4}


def _load(data: dict[str, Any]) -> tuple[Any, dict[str, int]]:
    return position_state(fixture_pack(), PositionFile.model_validate(data))


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """Positions in their written-out form (every default spelled), as
    position_data writes them: any phase, tokens within the sides' counts."""
    phase = draw(st.sampled_from(["orders", "activation"]))
    specials = {s: draw(st.integers(0, 1)) for s in ORDERS}
    bluffs = {s: draw(st.integers(0, 1)) for s in ORDERS}
    squares = draw(st.lists(st.sampled_from(SQUARES), min_size=2, max_size=6, unique=True))
    tokens: dict[str, list[Any]] = {
        s: list(draw(st.permutations(range(1, ORDERS[s] + 1))))[:draw(st.integers(0, ORDERS[s]))]
        + ["special"] * specials[s] + ["bluff"] * bluffs[s] for s in ORDERS}
    units = []
    for i, sq in enumerate(squares):
        side = "us" if i % 2 == 0 else "de"
        row: dict[str, Any] = {
            "name": f"u{i}", "unit": "us-rifles" if side == "us" else "de-grenadiers", "side": side, "at": sq,
            "facing": draw(st.sampled_from(FACINGS)), "face": 0, "suppressed": draw(st.integers(0, 3)),
            "activated": phase == "activation" and draw(st.booleans()), "concealed": False, "damage": [],
            "markers": draw(st.dictionaries(st.sampled_from(MARKERS), st.integers(1, 3), max_size=2))}
        if tokens[side] and draw(st.booleans()):
            row["order"] = tokens[side].pop(0)
        units.append(row)
    options = []
    if draw(st.booleans()):
        option: dict[str, Any] = {"side": "us", "option": "us-ammo"}
        if draw(st.booleans()):
            option["on"] = "u0"
        option["tokens"] = draw(st.integers(0, 3))
        options.append(option)
    cards = {"us": ["us-aimed-shot", "us-first-aid", "us-opportunity-fire"], "de": ["de-jammed"]}
    hands = {s: draw(st.lists(st.sampled_from(c), max_size=3)) for s, c in cards.items()}
    decks = {s: draw(st.lists(st.sampled_from(c), max_size=4)) for s, c in cards.items()}
    return {"scenario": "skirmish", "seed": draw(st.integers(1, 99)), "turn": draw(st.integers(1, 6)),
            "initiative": draw(st.sampled_from(["us", "de"])), "orders": ORDERS, "specials": specials,
            "bluffs": bluffs, "phase": phase, "units": units, "options": options,
            "hands": {s: h for s, h in hands.items() if h}, "decks": {s: d for s, d in decks.items() if d},
            "smoke": [], "passages": [], "positions": [], "demolition": {}, "charges": []}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_write_load_compare_keeps_every_marker_and_token(data: dict[str, Any]) -> None:
    state, names = _load(data)
    assume(state.phase == data["phase"])  # an orders phase with every token placed moves on to activation
    written = position_data(state, names)
    written.pop("next_side", None)
    assert written == data
    again, names2 = _load(position_data(state, names))
    assert position_data(again, names2) == position_data(state, names)
    assert again.canonical() == state.canonical()


@pytest.mark.parametrize("name", ["battlefield", "markers", "orders", "activation", "ammo", "opfire", "vehicles"])
def test_fixture_positions_round_trip(name: str) -> None:
    path = POSITIONS / f"{name}.yaml"
    state, names = load_position(path)
    written = position_data(state, names)
    for row, given_row in zip(written["units"], read_yaml(path)["units"], strict=True):
        assert {k: v for k, v in row.items() if k in given_row} == given_row
    again, names2 = _load(written)
    assert again.canonical() == state.canonical()
    assert position_data(again, names2) == written


def test_order_tokens_and_activated_markers_are_kept() -> None:
    state, names = load_position(POSITIONS / "activation.yaml")
    units = {n: state.units[i] for n, i in names.items()}
    assert [(n, u.order, u.activated) for n, u in units.items()] == [
        ("r1", 2, False), ("r2", 1, False), ("g1", 1, True), ("g2", 2, False)]
    assert state.phase == "activation" and state.current == names["r2"]  # the Americans reveal next
    assert state.queues == [[(2, names["r1"])], [(2, names["g2"])]]  # g1's token is spent
    orders, onames = load_position(POSITIONS / "orders.yaml")
    assert orders.phase == "orders" and orders.to_act == 1  # the Americans placed 2, the Germans 1
    assert orders.sides[0].to_place == [1, 3] and orders.sides[0].specials_left == 0
    assert orders.units[onames["r2"]].order == NO_ORDER


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "pos.yaml"
    path.write_text(f"pack: {(POSITIONS / '..' / 'pack').resolve()}\nscenario: skirmish\n" + body)
    return path


@pytest.mark.parametrize(("body", "code", "line", "col", "words"), [
    ("units:\n  - {name: r1, unit: us-rifles, side: us, at: C4, activated: true}\n", "E670", 4, 50,
     "phase: activation"),
    ("orders: {us: 2}\nunits:\n  - {name: r1, unit: us-rifles, side: us, at: C4, order: 1}\n"
     "  - {name: r2, unit: us-rifles, side: us, at: B4, order: 1}\n", "E671", 6, 50, "each once"),
    ("units:\n  - {name: r1, unit: us-rifles, side: us, at: C4, order: special}\n", "E671", 4, 50,
     "special order"),
    ("orders: {uk: 2}\nunits:\n  - {name: r1, unit: us-rifles, side: us, at: C4}\n", "E611", 3, 10, "uk"),
    ("options: [{side: us, option: de-panzerfaust}]\nunits: []\n", "E672", 3, 28, "faction us"),
    ("options: [{side: us, option: us-ammo, on: g1}]\nunits:\n"
     "  - {name: g1, unit: de-grenadiers, side: de, at: E4}\n", "E672", 3, 45, "not a unit of us"),
    ("options: [{side: us, option: us-watch, tokens: 2}]\nunits: []\n", "E672", 3, 45, "holds no tokens"),
    ("hands: {us: [de-jammed]}\nunits: []\n", "E672", 3, 14, "faction us"),
])
def test_what_the_engine_would_change_is_a_located_error(tmp_path: Path, body: str, code: str, line: int,
                                                         col: int, words: str) -> None:
    path = _write(tmp_path, body)
    with pytest.raises(InvalidInputError) as err:
        load_position(path)
    diag = err.value.diagnostics[0]
    assert (diag.code, diag.file, diag.line) == (code, str(path), line)
    assert diag.col >= 1 and words in diag.message + diag.hint


def test_explain_order_answers_on_a_position_with_tokens(cli) -> None:
    waiting = cli("explain", "order", str(POSITIONS / "orders.yaml"), "r2")
    assert waiting.exit_code == 0, waiting.stderr
    assert "may take: order 3, order 1, a bluff (once it is its side's turn)" in waiting.stdout
    special = cli("explain", "order", str(POSITIONS / "orders.yaml"), "r3", "-f", "json")
    assert '"place": 1' in special.stdout and '"token": "a special order"' in special.stdout
    spent = cli("explain", "order", str(POSITIONS / "activation.yaml"), "g1")
    assert "Activated marker" in spent.stdout and "reveal order: g2 order 2, r1 order 2" in spent.stdout
    now = cli("explain", "order", str(POSITIONS / "activation.yaml"), "r2")
    assert "is acting now" in now.stdout


def test_explain_fire_spends_the_units_own_ammo_tokens(cli) -> None:
    """000 core rules, Recruitment Options > Equipment > Ammo: +1 a token against
    infantry; r1's two tokens are its own, r2 (another tile) has none."""
    ammo = str(POSITIONS / "ammo.yaml")
    shot = cli("explain", "fire", ammo, "r1", "g1", "--tokens", "2")
    assert shot.exit_code == 0, shot.stderr
    assert "spends 2 ammo token(s) of the 2 it may spend" in shot.stdout
    assert "needs >= 3 on the die" in shot.stdout and "- 2 (2 Ammo token(s))" in shot.stdout
    plain = cli("explain", "fire", ammo, "r1", "g1")
    assert "needs >= 5 on the die" in plain.stdout
    none = cli("explain", "fire", ammo, "r2", "g1", "--tokens", "1")
    assert none.exit_code == 2 and "may spend 0 ammo token(s)" in none.stderr
    too_many = cli("explain", "fire", ammo, "r1", "g1", "--tokens", "3")
    assert too_many.exit_code == 2


def test_hands_and_decks_are_the_sides_cards() -> None:
    state, _ = load_position(POSITIONS / "ammo.yaml")
    assert state.sides[0].hand == ["us-aimed-shot"] and state.sides[1].deck == ["de-jammed"]
    assert state.sides[0].equipment == {(0, "ammo"): 2} and "ammo" in state.static.sides[0].keys


def test_a_solo_mode_load_is_refused_where_its_set_up_would_redeploy() -> None:
    """002 Solo Mode, 2 Set Up: the Solo rules deploy and conceal the AI's units at
    the first phase; a position file holds no dashboard, so the load is refused at
    the first unit it would move, never silently redeployed."""
    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules

    example = POSITIONS.parents[2].parent / "examples" / "positions" / "orders.yaml"
    core = POSITIONS.parents[2].parent / "content" / "core"
    with pytest.raises(InvalidInputError) as err:
        load_position(example, default_pack=core, rules=SoloModeRules)
    diag = err.value.diagnostics[0]
    assert (diag.code, diag.line) == ("E673", 11) and "gren" in diag.message
    state, names = load_position(example, default_pack=core)  # the standard rules keep it as written
    assert state.variant is None and state.bf.name(state.units[names["gren"]].sq) == "H4"
