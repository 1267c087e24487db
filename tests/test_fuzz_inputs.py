"""Hypothesis fuzzing of the files users hand the tool besides content YAML: army lists,
position files and game logs (issue 23 item 6). Any outcome but success or a located
HeroesError fails (the check functions let every other exception through). A few
hundred examples here; ``python -m benchmarks fuzz`` runs 10,000 per format."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from benchmarks.fuzzing import CERTIFIED, FORMATS, check_army, check_log, check_position, same_game, written_back

FAST = settings(max_examples=150, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FAST
@given(FORMATS["army"][0])
def test_army_files_never_crash(text: str) -> None:
    assert check_army(text) or written_back(text), "an accepted list reads back refused or changed"


@settings(FAST, max_examples=100)
@given(FORMATS["position"][0])
def test_position_files_never_crash(text: str) -> None:
    check_position(text)


@settings(FAST, max_examples=100)
@given(FORMATS["log"][0])
def test_game_logs_never_crash_and_edits_are_caught(text: str) -> None:
    assert check_log(text) or same_game(text), "an edited log was certified"


@settings(FAST, max_examples=60)
@given(FORMATS["toi-army"][0])
def test_toi_squad_lists_never_crash(text: str) -> None:
    """Issue 37: Tide of Iron lists, byte- and structure-level mutations (huge numbers, deep nesting)."""
    FORMATS["toi-army"][1](text)


@settings(FAST, max_examples=60)
@given(FORMATS["toi-log"][0])
def test_toi_logs_never_crash_and_edits_are_caught(text: str) -> None:
    """Issue 37: an edited Tide of Iron log is refused, never certified."""
    assert FORMATS["toi-log"][1](text) or CERTIFIED["toi-log"](text), "an edited log was certified"
