"""Compiled conditions (builder.systems.heroes.ai.tables.compiled) agree with a plain reading of the
condition trees (002 Solo Mode, 5 - Decision Tables > Clarifications), with and without
an answer dict, on random conditions and random candidates."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.systems.heroes.ai.tables.compiled import compiled, without
from builder.systems.heroes.ai.tables.interpreter import evaluate, filter_by

FACTS = ("suppressed", "concealed", "in_terrain", "fragile")


class Query:
    """Candidates are small ints; facts are bits of them; ``metric`` is a digit."""

    def __init__(self, keep_answers: bool) -> None:
        self.asked = 0
        if keep_answers:
            self.answers: dict[int, dict[Any, bool]] = {}

    def _bit(self, u: int, i: int) -> bool:
        self.asked += 1
        return bool(u >> i & 1)

    def suppressed(self, u: int) -> bool:
        return self._bit(u, 0)

    def concealed(self, u: int) -> bool:
        return self._bit(u, 1)

    def in_terrain(self, u: int) -> bool:
        return self._bit(u, 2)

    def fragile(self, u: int) -> bool:
        return self._bit(u, 3)

    def unit_type(self, u: int, types: list[str]) -> bool:
        self.asked += 1
        return ("infantry" if u % 3 else "light_vehicle") in types

    def attitude(self, u: int, is_: list[str]) -> bool:
        return "aggressive" in is_

    def metric(self, u: int, name: str) -> float:
        return float(u % 5 if name == "combat_value" else u % 7)


def plain_holds(cond: dict[str, Any], u: int, q: Query) -> bool:
    """The reading of one candidate, straight from the dicts."""
    (key, args), = cond.items()
    if key == "all":
        return all(plain_holds(c, u, q) for c in args)
    if key == "any":
        return any(plain_holds(c, u, q) for c in args)
    if key == "not":
        return not plain_holds(args, u, q)
    if key == "best":
        return True
    if key == "attitude":
        return q.attitude(u, is_=args["is"])
    return bool(getattr(q, key)(u, **(args or {})))


def plain_kept(cond: dict[str, Any], candidates: list[int], q: Query) -> list[int]:
    """The candidates meeting ``cond``, straight from the dicts (``best`` among them)."""
    (key, args), = cond.items()
    if key == "best":
        if not candidates:
            return []
        values = [q.metric(c, args["metric"]) for c in candidates]
        target = max(values) if args.get("order", "max") == "max" else min(values)
        return [c for c, v in zip(candidates, values) if v == target]
    if key == "all":
        kept = candidates
        for sub in args:
            kept = plain_kept(sub, kept, q)
        return kept
    if key == "any":
        met = [plain_kept(sub, candidates, q) for sub in args]
        return [c for c in candidates if any(c in m for m in met)]
    if key == "not":
        dropped = plain_kept(args, candidates, q)
        return [c for c in candidates if c not in dropped]
    return [c for c in candidates if plain_holds(cond, c, q)]


leaves = st.one_of(
    st.sampled_from(FACTS).map(lambda k: {k: {}}),
    st.lists(st.sampled_from(["infantry", "light_vehicle"]), min_size=1, max_size=2).map(
        lambda ts: {"unit_type": {"types": ts}}),
    st.sampled_from(["aggressive", "defensive"]).map(lambda a: {"attitude": {"is": [a]}}),
    st.tuples(st.sampled_from(["combat_value", "defensive_bonus"]), st.sampled_from(["max", "min"])).map(
        lambda mo: {"best": {"metric": mo[0], "order": mo[1]}}),
)
conditions = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, min_size=1, max_size=3).map(lambda cs: {"all": cs}),
    st.lists(inner, min_size=1, max_size=3).map(lambda cs: {"any": cs}),
    inner.map(lambda c: {"not": c}),
), max_leaves=6)
candidate_lists = st.lists(st.integers(0, 40), max_size=8, unique=True)


@settings(max_examples=300, deadline=None)
@given(conditions, candidate_lists, st.booleans())
def test_compiled_conditions_keep_what_the_plain_reading_keeps(cond, candidates, keep_answers):
    q = Query(keep_answers)
    assert filter_by(cond, candidates, q) == plain_kept(cond, candidates, Query(False))
    assert filter_by(cond, candidates, q) == plain_kept(cond, candidates, Query(False)), "asked again"


@settings(max_examples=300, deadline=None)
@given(conditions, candidate_lists, st.booleans())
def test_compiled_conditions_answer_what_the_plain_reading_answers(cond, candidates, keep_answers):
    q = Query(keep_answers)
    for u in candidates + candidates:
        assert evaluate(cond, u, q) is plain_holds(cond, u, Query(False))


@settings(max_examples=100, deadline=None)
@given(conditions, candidate_lists)
def test_a_guard_excludes_what_its_condition_keeps(cond, candidates):
    excluded = plain_kept(cond, candidates, Query(False))
    assert without(cond).keep(Query(True), {}, candidates) == [c for c in candidates if c not in excluded]


def test_answers_are_kept_and_not_asked_twice():
    cond = {"all": [{"suppressed": {}}, {"not": {"concealed": {}}}]}
    q = Query(True)
    first = [evaluate(cond, u, q) for u in range(8)]
    asked = q.asked
    assert [evaluate(cond, u, q) for u in range(8)] == first
    assert filter_by(cond, list(range(8)), q) == [u for u in range(8) if first[u]]
    assert q.asked == asked
    assert 1 in q.answers[id(cond)] and 1 in q.answers[id(cond["all"][0])]


def test_a_condition_is_compiled_once_and_recognised_by_identity():
    cond = {"not": {"suppressed": {}}}
    assert compiled(cond) is compiled(cond)
    same_text = {"not": {"suppressed": {}}}
    assert compiled(same_text) is not compiled(cond)
