"""The quick-reference card follows the engine: its sections come from the engine's
modules and constants, so changing the engine changes the card."""

from __future__ import annotations

import builder.systems.heroes.engine.firing as firing
import builder.systems.heroes.engine.phases.supply as supply
from builder.native import module_docstring
from builder.systems.heroes.render import reference
from builder.systems.heroes.render.reference import quick_reference


def section(card: dict, title: str) -> dict:
    return next(s for s in card["sections"] if s["title"] == title)


def test_every_section_is_generated() -> None:
    card = quick_reference()
    assert card["complete"]
    assert [s["title"] for s in card["sections"]] == [
        "Round", "Shot resolution", "Move sequence", "Suppression", "Figures"]
    assert [step["title"] for step in section(card, "Round")["steps"]] == [
        "Orders phase", "Activation phase", "Supply phase"]


def test_supply_steps_are_the_engine_steps_in_order() -> None:
    steps = section(quick_reference(), "Round")["steps"][2]["sub"]
    stated = [line.split(". ", 1)[0].strip() for line in module_docstring(supply).splitlines()
              if line[:2].strip().rstrip(".").isdigit()]
    assert len(steps) == len(stated) >= 5
    assert steps[1] == "discard the bluff tokens"
    assert steps.index("discard the bluff tokens") < next(i for i, s in enumerate(steps) if "Suppressed" in s)


def test_figures_follow_engine_constants(monkeypatch) -> None:
    monkeypatch.setattr(firing, "LONG_RANGE", 9)
    figures = section(quick_reference(), "Figures")["steps"]
    assert {"title": "Long range", "detail": "beyond 9 squares", "sub": []} in figures


def test_a_sequence_constant_wins_over_module_text(monkeypatch) -> None:
    import builder.systems.heroes.engine as engine

    monkeypatch.setattr(engine, "SHOT_RESOLUTION", ("roll a die", ("add bonuses", "combat value")), raising=False)
    shots = section(quick_reference(), "Shot resolution")
    assert shots["sources"] == ["SHOT_RESOLUTION"]
    assert [s["title"] for s in shots["steps"]] == ["roll a die", "add bonuses"]


def test_missing_engine_text_is_said_not_invented(monkeypatch) -> None:
    monkeypatch.setattr(reference, "SECTIONS", (("Move sequence", "NO_SUCH", ("builder.systems.heroes.engine.nope",)),))
    card = quick_reference()
    assert section(card, "Move sequence")["missing"] and not card["complete"]


def test_implementation_sentences_are_left_out() -> None:
    text = " ".join(x for s in quick_reference()["sections"] for st in s["steps"] for x in [st["title"], *st["sub"]])
    assert "``" not in text and "breadth-first" not in text


def test_the_printed_card_carries_no_source_paths(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from builder.cli import app
    from builder.cli.common import run_app

    out = tmp_path / "cards.html"
    assert run_app(app, ["render", "cards", "--faction", "us", "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "Quick reference" in html
    assert "builder." not in html and "builder/" not in html and ".py" not in html
