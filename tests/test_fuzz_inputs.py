"""Hypothesis fuzzing of the files users hand the tool besides content YAML: army lists,
position files and game logs (issue 23 item 6). Any outcome but success or a located
HeroesError fails (the check functions let every other exception through). A few
hundred examples here; ``python -m benchmarks fuzz`` runs 10,000 per format."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from benchmarks.fuzzing import FORMATS, check_army, check_log, check_position

FAST = settings(max_examples=150, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FAST
@given(FORMATS["army"][0])
def test_army_files_never_crash(text: str) -> None:
    check_army(text)


@settings(FAST, max_examples=100)
@given(FORMATS["position"][0])
def test_position_files_never_crash(text: str) -> None:
    check_position(text)


@settings(FAST, max_examples=100)
@given(FORMATS["log"][0])
def test_game_logs_never_crash_and_edits_are_caught(text: str) -> None:
    from benchmarks.fuzzing import game_log

    refused = check_log(text)
    assert refused or text == "\n".join(game_log()) + "\n" or _same_records(text), "an edited log was certified"


def _same_records(text: str) -> bool:
    """An edit that leaves the same records (a value set to what it was, a line doubled
    then removed) is not tampering."""
    import json

    from benchmarks.fuzzing import game_log

    try:
        return [json.loads(x) for x in text.splitlines() if x.strip()] == [json.loads(x) for x in game_log()]
    except ValueError:
        return False
