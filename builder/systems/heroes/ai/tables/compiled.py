"""Decision-table conditions compiled once into small objects (a cached form of the
interpretation in builder.systems.heroes.ai.tables.interpreter, not a second reading of the tables).

A condition of a table (``{all: [...]}``, ``{not: ...}``, ``{sees_enemy: {clear: true}}``...)
is a tree of dicts read from YAML. Walking that tree for every candidate, unpacking each
dict and rebuilding each leaf's keyword arguments, cost more than many of the answers
themselves. :func:`compiled` turns a tree into :class:`Condition` nodes once; each node
answers for one candidate (:meth:`Condition.test`, the interpreter's ``evaluate``) or
keeps the candidates that meet it (:meth:`Condition.keep`, the interpreter's
``filter_by``), with exactly the interpreter's semantics:

* ``best`` holds for any one candidate; among candidates it keeps those with the
  extreme measure, and inside ``all`` it applies to what the previous conditions kept;
* a query offering an ``answers`` dict (builder.systems.heroes.ai.solo_mode.view) keeps there, under
  ``id(condition)`` then the candidate, every answer ``test`` gives, composite ones
  included, and every leaf answer ``keep`` gives: the same answers the plain reading
  kept (by condition first, so that a leaf read over many candidates looks its
  condition up once).
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

Answers = dict[int, dict[Any, bool]] | None
"""The query's answers for the position and context, by condition then candidate, or
None (no caching)."""


def _answers_to(cid: int, answers: dict[int, dict[Any, bool]]) -> dict[Any, bool]:
    """The answers already given to condition ``cid``, by candidate."""
    mine = answers.get(cid)
    if mine is None:
        mine = answers[cid] = {}
    return mine


class Condition:
    """A compiled condition; ``cid`` is the id of the dict it was compiled from."""

    __slots__ = ("cid",)

    def __init__(self, cid: int) -> None:
        self.cid = cid

    def test(self, query: Any, answers: Answers, u: Any) -> bool:
        """Does ``u`` meet the condition (kept in ``answers`` when there is one)?"""
        if answers is None:
            return self.answer(query, None, u)
        mine = answers.get(self.cid)
        if mine is None:
            mine = answers[self.cid] = {}
        got = mine.get(u)
        if got is None:
            got = mine[u] = self.answer(query, answers, u)
        return got

    def answer(self, query: Any, answers: Answers, u: Any) -> bool:
        """The answer itself, without looking it up."""
        raise NotImplementedError

    def keep(self, query: Any, answers: Answers, candidates: list[Any]) -> list[Any]:
        """The candidates meeting the condition, in their order."""
        test = self.test
        return [c for c in candidates if test(query, answers, c)]

    def reject(self, query: Any, answers: Answers, candidates: list[Any]) -> list[Any]:
        """The candidates :meth:`keep` leaves out, in their order (``not``)."""
        kept = {id(c) for c in self.keep(query, answers, candidates)}
        return [c for c in candidates if id(c) not in kept]


_PARAMETERS: dict[str, tuple[str, ...]] = {}


def _parameters(name: str) -> tuple[str, ...]:
    """The names of question ``name``'s parameters after the unit, in the vocabulary's
    protocol (builder.systems.heroes.ai.tables.query.BattleQuery); none if it is not there."""
    got = _PARAMETERS.get(name)
    if got is None:
        from inspect import signature

        from builder.systems.heroes.ai.tables.query import BattleQuery

        method = getattr(BattleQuery, name, None)
        got = _PARAMETERS[name] = tuple(signature(method).parameters)[2:] if method is not None else ()
    return got


class Leaf(Condition):
    """One question of the vocabulary (builder.systems.heroes.ai.tables.query.BattleQuery), asked with
    the condition's arguments; ``attitude``'s ``is`` becomes the keyword ``is_``."""

    __slots__ = ("name", "kwargs", "args")

    def __init__(self, cid: int, name: str, args: Any) -> None:
        super().__init__(cid)
        kwargs = dict(args or {})
        if name == "attitude":
            kwargs = {"is_": kwargs.get("is", [])}
        self.name, self.kwargs = name, kwargs
        # Arguments that are the question's first parameters after the unit are passed
        # by position: a keyword call costs the compiled query a dict and a search of
        # its parameter names, and tables ask questions thousands of times a game.
        # The order is BattleQuery's, which mypy holds EngineView to.
        self.args: tuple[Any, ...] | None = None
        leading = _parameters(name)[:len(kwargs)]
        if kwargs and set(leading) == set(kwargs):
            self.args = tuple(kwargs[p] for p in leading)

    def answer(self, query: Any, answers: Answers, u: Any) -> bool:
        if self.args is not None:
            return bool(getattr(query, self.name)(u, *self.args))
        return bool(getattr(query, self.name)(u, **self.kwargs))

    def verdicts(self, query: Any, answers: Answers, candidates: list[Any]) -> list[bool]:
        """The answer for each candidate, asking the query only what ``answers`` lacks."""
        ask: Callable[..., Any] = getattr(query, self.name)
        kwargs = self.kwargs
        if answers is None:
            return [bool(ask(c, **kwargs)) for c in candidates]
        mine = _answers_to(self.cid, answers)
        out = []
        args = self.args
        if args is not None and len(args) == 1:  # the commonest shape, a loop of its own
            arg = args[0]
            for c in candidates:
                got = mine.get(c)
                if got is None:
                    got = mine[c] = bool(ask(c, arg))
                out.append(got)
            return out
        for c in candidates:
            got = mine.get(c)
            if got is None:
                if args is not None:
                    got = mine[c] = bool(ask(c, *args))
                else:
                    got = mine[c] = bool(ask(c, **kwargs) if kwargs else ask(c))
            out.append(got)
        return out

    def keep(self, query: Any, answers: Answers, candidates: list[Any]) -> list[Any]:
        return [c for c, ok in zip(candidates, self.verdicts(query, answers, candidates)) if ok]

    def reject(self, query: Any, answers: Answers, candidates: list[Any]) -> list[Any]:
        return [c for c, ok in zip(candidates, self.verdicts(query, answers, candidates)) if not ok]


class AllOf(Condition):
    __slots__ = ("parts",)

    def __init__(self, cid: int, parts: list[Condition]) -> None:
        super().__init__(cid)
        self.parts = parts

    def answer(self, query: Any, answers: Answers, u: Any) -> bool:
        return all(p.test(query, answers, u) for p in self.parts)

    def keep(self, query: Any, answers: Answers, candidates: list[Any]) -> list[Any]:
        kept = candidates
        for part in self.parts:
            kept = part.keep(query, answers, kept)
            if not kept:
                break
        return kept


class AnyOf(Condition):
    """``any``: a candidate one part keeps is kept. A part that judges each candidate
    on its own (no ``best`` inside, see :func:`pointwise`) is only asked about the
    candidates the parts before it left out: the questions are pure, so what it would
    say of the others cannot change the union (a part with ``best`` still sees every
    candidate, its measure being relative to them)."""

    __slots__ = ("parts", "alone")

    def __init__(self, cid: int, parts: list[Condition]) -> None:
        super().__init__(cid)
        self.parts = parts
        self.alone = [pointwise(p) for p in parts]

    def answer(self, query: Any, answers: Answers, u: Any) -> bool:
        return any(p.test(query, answers, u) for p in self.parts)

    def keep(self, query: Any, answers: Answers, candidates: list[Any]) -> list[Any]:
        kept_ids: set[int] = set()
        for part, alone in zip(self.parts, self.alone):
            if alone:
                left = [c for c in candidates if id(c) not in kept_ids] if kept_ids else candidates
                if not left:
                    continue
                kept_ids.update(id(c) for c in part.keep(query, answers, left))
            else:
                kept_ids.update(id(c) for c in part.keep(query, answers, candidates))
        return [c for c in candidates if id(c) in kept_ids]


class NotOf(Condition):
    __slots__ = ("part",)

    def __init__(self, cid: int, part: Condition) -> None:
        super().__init__(cid)
        self.part = part

    def answer(self, query: Any, answers: Answers, u: Any) -> bool:
        return not self.part.test(query, answers, u)

    def keep(self, query: Any, answers: Answers, candidates: list[Any]) -> list[Any]:
        return self.part.reject(query, answers, candidates)


class Best(Condition):
    """The candidates with the highest (``order: max``) or lowest measure ``metric``."""

    __slots__ = ("metric", "highest")

    def __init__(self, cid: int, args: dict[str, Any]) -> None:
        super().__init__(cid)
        self.metric, self.highest = args["metric"], args.get("order", "max") == "max"

    def answer(self, query: Any, answers: Answers, u: Any) -> bool:
        return True

    def keep(self, query: Any, answers: Answers, candidates: list[Any]) -> list[Any]:
        if not candidates:
            return []
        values = [query.metric(c, self.metric) for c in candidates]
        target = max(values) if self.highest else min(values)
        return [c for c, v in zip(candidates, values) if v == target]


def pointwise(cond: Condition) -> bool:
    """Does ``cond`` keep each candidate on its own answer (no ``best`` anywhere in it)?"""
    if isinstance(cond, Best):
        return False
    if isinstance(cond, (AllOf, AnyOf)):
        return all(pointwise(p) for p in cond.parts)
    if isinstance(cond, NotOf):
        return pointwise(cond.part)
    return True


def _build(cond: dict[str, Any]) -> Condition:
    (key, args), = cond.items()
    cid = id(cond)
    if key == "all":
        return AllOf(cid, [compiled(c) for c in args])
    if key == "any":
        return AnyOf(cid, [compiled(c) for c in args])
    if key == "not":
        return NotOf(cid, compiled(args))
    if key == "best":
        return Best(cid, args)
    return Leaf(cid, key, args)


_COMPILED: dict[int, tuple[dict[str, Any], Condition]] = {}
"""Compiled conditions by the id of their dict (the dict is kept beside its compiled
form, so it stays alive and its id is never reused for another condition)."""

_MAX_COMPILED = 4096
"""Bound of the cache: the bundled tables hold a few hundred conditions; tests and
scenario packs may bring more, and the cache then simply starts again."""


def compiled(cond: dict[str, Any]) -> Condition:
    """The compiled form of ``cond``, built on first use."""
    hit = _COMPILED.get(id(cond))
    if hit is not None and hit[0] is cond:
        return hit[1]
    if len(_COMPILED) >= _MAX_COMPILED:
        _COMPILED.clear()
    node = _build(cond)
    _COMPILED[id(cond)] = (cond, node)
    return node


def without(cond: dict[str, Any]) -> NotOf:
    """``{not: cond}`` without a dict of its own (a guard's exclusion; never cached as a
    whole, like the fresh dict the plain reading built for it)."""
    return NotOf(-1, compiled(cond))


def answers_of(query: Any) -> Answers:
    """The query's answer dict, if it keeps one (see builder.systems.heroes.ai.solo_mode.view.Memo)."""
    return getattr(query, "answers", None)



class CompiledGuard(NamedTuple):
    """A guard of a table: its exclusion compiled, its name in the report made once."""

    exclusion: NotOf
    label: str  # "<table>/<guard>"
    strict: bool


class CompiledPriority(NamedTuple):
    """A priority of a table with its gate and alternatives compiled."""

    priority: Any
    when: Condition | None
    alternatives: tuple[Condition, ...]
    label: str  # "<table>/<priority>", as the playtest report counts it
    leads_somewhere: bool  # has destination criteria (builder.systems.heroes.ai.tables.interpreter.first_priority)


class CompiledTable(NamedTuple):
    """A decision table with its guards (as exclusions) and priorities compiled, and
    the names a decision reports made once (they are counted at every decision)."""

    guards: tuple[CompiledGuard, ...]
    priorities: tuple[CompiledPriority, ...]
    random_label: str  # "<table>/random": ties remained
    only_label: str  # "<table>/only": a single candidate from the start


_TABLES: dict[int, tuple[Any, CompiledTable]] = {}
"""Compiled tables by the id of their model (kept beside, as for conditions)."""


def compiled_table(table: Any) -> CompiledTable:
    """The compiled form of ``table`` (a builder.systems.heroes.content.models.solo.DecisionTable)."""
    hit = _TABLES.get(id(table))
    if hit is not None and hit[0] is table:
        return hit[1]
    if len(_TABLES) >= _MAX_COMPILED:
        _TABLES.clear()
    node = CompiledTable(
        tuple(CompiledGuard(without(guard.exclude), f"{table.id}/{guard.id}", bool(guard.strict))
              for guard in table.guards),
        tuple(CompiledPriority(p, compiled(p.when) if p.when is not None else None,
                               tuple(compiled(alt) for alt in p.alternatives), f"{table.id}/{p.id}",
                               bool(p.destination)) for p in table.priorities),
        f"{table.id}/random",
        f"{table.id}/only",
    )
    _TABLES[id(table)] = (table, node)
    return node
