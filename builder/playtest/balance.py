"""Balance a scenario: find the knob settings whose win share is closest to a target.

The playtest report says who wins and by how much; this says what to change. For one
whole-number knob with a wide range it bisects, assuming the share moves one way as
the knob turns (more points, more wins): each setting tried is played until the
sequential rule of builder.playtest_core.sequential decides whether its share lies above the
target, below it, or within the margin, and the first setting within the margin is the
answer. Several knobs, a choice (``initiative``) or a short range are searched as a
grid: every combination is played the same way and the closest to the target wins.

The share is the first side's share of the *decisive* games; draws are their own
outcome, reported with their own interval for each setting and kept out of the share
(a scenario with many draws can still be even between the sides).

Every setting plays the same game seeds (game ``i`` has the same seed whatever the
knobs) and the same armies but for what the knob changes (a ``points.SIDE`` knob plays
nested armies, the Heroes System's balance_armies; the report shows each setting's armies),
so the curve compares like with like; a curve that still turns back on itself beyond
its intervals is flagged (P541, :func:`monotony`): its recommendation cannot be trusted; the sequential rule looks at fixed
100-game boundaries in seed order, and settings are tried in an order that depends
only on the results, so the report is byte-identical at any ``--jobs`` and on a cluster.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from builder.content.paths import BUNDLED_CONTENT
from builder.diagnostics import define_code
from builder.errors import UsageError
from builder.playtest.pairings import arrangements, facts_swappable, pairing_name
from builder.playtest_core.saved import read_saved_report
from builder.playtest_core.sequential import BATCH, BalanceRule, run_until_decided
from builder.playtest_core.stats import wilson
from builder.systems.seam import (BatchRequest, GameSystem, Knob, PlayBatch, ScenarioFacts, SearchPlays, SearchRequest,
                                  Setting, playtest_tools, system_of_pack)

FORMAT = "heroes-balance/1"
PLAYERS = "greedy,greedy"
"""The one pairing ``heroes balance`` plays unless told otherwise (``--players``,
``--pairings``). Not the playtest's greedy-greedy,search-search: a search plays every
setting it tries, each up to ``--games`` games, and the search player costs about 50 times
the greedy one a game (docs/balance.md, Pairings); ``--pairings`` asks for it."""
GRID_LIMIT = 5
"""A single numeric knob with at most this many values is searched as a grid."""
MAX_SETTINGS = 64
"""Most combinations a grid may try: beyond, a coarser STEP is asked for."""

P_NOT_MONOTONE = define_code("P541", "a balance curve is not monotone beyond its intervals",
                             "balance reports (docs/playtest.md, Balance)")

DECISIONS = {"favours-first": "above", "favours-second": "below", "balanced": "within", "undecided": "undecided"}


@dataclass(frozen=True)
class BalanceRequest:
    """What to balance and how sure to be (plain data; see :func:`balance`)."""

    scenario: str
    players: tuple[str, ...]
    vary: tuple[str, ...]
    target: float = 0.5
    seed: int = 1
    games: int = 2000
    margin: float = 0.05
    alpha: float = 0.05
    beta: float = 0.05
    jobs: int = 1
    scheduler: str | None = None
    pack: str | None = None
    pairings: tuple[tuple[str, ...], ...] = ()
    """Every pairing each setting is judged under (builder.playtest.pairings), ``players``
    being the first; empty: ``players`` alone."""
    swap: bool = False
    """A pairing of two different players is also played with the sides swapped, where
    the scenario allows (as ``heroes playtest --pairings`` does)."""


def _point(setting: Setting, rows: list[dict[str, Any]], verdict: str, sides: list[str], target: float
           ) -> dict[str, Any]:
    played = [r for r in rows if "error" not in r]
    first = sum(r["winner"] == sides[0] for r in played)
    second = sum(r["winner"] == sides[1] for r in played)
    draws = sum(r["winner"] is None for r in played)
    share = wilson(first, first + second).to_dict()
    return {
        "setting": {name: value for name, value in setting},
        "games": len(rows), "engine_errors": len(rows) - len(played),
        "wins": {sides[0]: first, sides[1]: second}, "draws": draws,
        "share": share, "draw_rate": wilson(draws, len(played)).to_dict(),
        "decision": DECISIONS[verdict],
        "distance": round(abs(share["rate"] - target), 6) if first + second else 1.0,
    }


@dataclass(frozen=True)
class _Setup:
    """What the search needs of the pack's game system: the scenario's facts, the knobs
    read from ``--vary`` and, for each pairing (the first is the one whose curve the
    search follows), its name, players and the games it plays at each setting."""

    facts: ScenarioFacts
    knobs: list[Knob]
    pairings: list[tuple[str, list[str], SearchPlays]]

    @property
    def players(self) -> list[str]:
        return self.pairings[0][1]

    @property
    def plays(self) -> SearchPlays:
        return self.pairings[0][2]


class _Search:
    """Plays settings through one pool and remembers what it measured."""

    def __init__(self, req: BalanceRequest, setup: _Setup, pool: Any, progress: Callable[[int], None] | None) -> None:
        self.req, self.setup, self.pool, self.progress = req, setup, pool, progress
        self.sides = list(setup.facts.sides)
        self.points: list[dict[str, Any]] = []
        self._seen: dict[Setting, dict[str, Any]] = {}

    def _play(self, plays: SearchPlays, setting: Setting) -> dict[str, Any]:
        rule = BalanceRule(self.req.target, self.req.margin, self.req.alpha, self.req.beta)
        here = plays.batch(setting)
        rows, outcome = run_until_decided(
            lambda first, count: self.pool.play(replace(here, first=first, games=count),  # type: ignore[type-var]
                                                self.progress),
            self.sides, rule, self.req.games)
        return _point(setting, rows, outcome.verdict, self.sides, self.req.target)

    def measure(self, setting: Setting) -> dict[str, Any]:
        """The first pairing's point at ``setting``; under several pairings, with each
        pairing's share and decision (``pairings``) and whether every one is within the
        margin (``balanced_everywhere``)."""
        known = self._seen.get(setting)
        if known is not None:
            return known
        point = self._play(self.setup.plays, setting)
        if self.setup.plays.armies is not None:
            point["armies"] = self.setup.plays.armies(setting)
        if len(self.setup.pairings) > 1:
            judged = [(name, point if k == 0 else self._play(plays, setting))
                      for k, (name, _, plays) in enumerate(self.setup.pairings)]
            point["pairings"] = [{"name": name, "decision": p["decision"], "share": p["share"],
                                  "draw_rate": p["draw_rate"], "games": p["games"], "wins": p["wins"],
                                  "draws": p["draws"], "engine_errors": p["engine_errors"]} for name, p in judged]
            point["balanced_everywhere"] = all(p["decision"] == "within" for _, p in judged)
        self.points.append(point)
        self._seen[setting] = point
        return point


def _setup(req: BalanceRequest, folder: Path, system: GameSystem) -> _Setup:
    """The search through the pack's game system (builder.systems.seam.PlaytestTools): its
    scenario facts, knobs and the games of each pairing at each setting. A system whose
    settings share what the search builds (the Heroes System's nested armies) plays a
    whole search (``search``), another one setting at a time (``batch``). Bad players are
    refused before any pool starts."""
    tools = playtest_tools(system, "balance")
    facts = tools.facts(folder, req.scenario)
    if len(facts.sides) != 2:
        raise UsageError(f"heroes balance weighs two sides; '{req.scenario}' has {len(facts.sides)}")
    knobs = [tools.knob(folder, req.scenario, text) for text in req.vary]
    wanted = [tuple(p.strip().lower() for p in pairing) for pairing in (req.pairings or (req.players,))]
    judged = []
    for pairing in arrangements(wanted, req.swap and facts_swappable(facts)):
        if tools.search is not None:
            plays = tools.search(SearchRequest(folder, req.scenario, req.seed, pairing, tuple(knobs)))
        else:
            def at(setting: Setting, pairing: tuple[str, ...] = pairing) -> PlayBatch:
                made = tools.batch(BatchRequest(folder, req.scenario, req.seed, pairing, setting))
                return replace(made, first=0, games=BATCH)  # type: ignore[type-var]

            at(())  # a bad player or scenario is refused before any pool starts
            plays = SearchPlays(at, facts.symmetric)
        judged.append((pairing_name(pairing), list(pairing), plays))
    return _Setup(facts, knobs, judged)


def monotony(curve: dict[str, Any], rising: bool | None = None) -> dict[str, Any]:
    """Does the share move one way as the knob turns? ``rising``: the way it should
    (more points for the first side: up; for the second: down); None: the way its ends
    go. A reversal is a pair of values, the lower first, whose intervals say the share
    went the other way (the later interval lies wholly on the wrong side of the earlier).
    Returns ``monotone``, the ``rising`` way read, and the ``reversals`` as
    [value, value] pairs."""
    share, low, high, values = curve["share"], curve["low"], curve["high"], curve["values"]
    if rising is None:
        rising = len(share) < 2 or share[-1] >= share[0]
    reversals = []
    for i in range(len(values)):
        for j in range(i + 1, len(values)):
            if (rising and high[j] < low[i]) or (not rising and low[j] > high[i]):
                reversals.append([values[i], values[j]])
    return {"knob": curve["knob"], "monotone": not reversals, "rising": rising, "reversals": reversals}


def _expected_rising(knob: str, sides: list[str]) -> bool | None:
    """More points for the first side raise its share; for the second side they lower it."""
    if knob == f"points.{sides[0]}":
        return True
    if knob == f"points.{sides[1]}":
        return False
    return None


def not_monotone(report: dict[str, Any]) -> list[dict[str, str]]:
    """P541, per curve that turns back on itself beyond its intervals."""
    out = []
    for m in report.get("monotony", []):
        if m["monotone"]:
            continue
        pairs = ", ".join(f"{a} -> {b}" for a, b in m["reversals"][:4]) + (" ..." if len(m["reversals"]) > 4 else "")
        way = "rise" if m["rising"] else "fall"
        out.append({"code": P_NOT_MONOTONE, "message": (
            f"the {report['sides'][0]} share should {way} with {m['knob']} but goes the other way beyond the 95% "
            f"intervals between {pairs}: the curve measures something besides the knob (the armies, too few "
            f"games); read the recommendation with care")})
    return out


def evidence(report: dict[str, Any]) -> list[str]:
    """The settings that support the recommendation: it, and the settings tried on either
    side of it on each knob's curve, with their games and intervals."""
    rec = report["recommendation"]
    first = report["sides"][0]
    lines = []
    for curve in report["curves"]:
        values = curve["values"]
        value = rec["setting"].get(curve["knob"])
        if value not in values:
            continue
        k = values.index(value)
        for j in range(max(0, k - 1), min(len(values), k + 2)):
            point = next(p for p in report["points"] if p["setting"].get(curve["knob"]) == values[j]
                         and all(p["setting"].get(n) == v for n, v in rec["setting"].items() if n != curve["knob"]))
            mark = "recommended" if j == k else ("below" if j < k else "above")
            lines.append(f"{curve['knob']}={values[j]} ({mark}): {first} {curve['share'][j] * 100:.0f}% "
                         f"[{curve['low'][j] * 100:.0f}%, {curve['high'][j] * 100:.0f}%] of {point['games']} games")
    return lines


def _best(points: list[dict[str, Any]]) -> dict[str, Any]:
    """Within the margin first, then the smallest distance; ties to the earliest tried."""
    return min(points, key=lambda p: (p["decision"] != "within", p["distance"]))


def _everywhere(best: dict[str, Any], points: list[dict[str, Any]]) -> dict[str, Any]:
    """Under several pairings, a setting is recommended as balanced only when it is
    balanced under every pairing: the closest such setting tried when the search's own
    (the first pairing's) is not; else the search's, whose sentence names the pairings
    that disagree."""
    if best.get("balanced_everywhere", True):
        return best
    agreed = [p for p in points if p.get("balanced_everywhere")]
    return _best(agreed) if agreed else best


def _bisect(search: _Search, vary: Knob) -> tuple[dict[str, Any], str]:
    values = list(vary.values)
    name = vary.name

    def at(i: int) -> dict[str, Any]:
        return search.measure(((name, values[i]),))

    def side(p: dict[str, Any]) -> str:
        """above, below or within; a setting left undecided by the cap goes by its estimate."""
        if p["decision"] != "undecided":
            return str(p["decision"])
        if p["distance"] <= search.req.margin:
            return "within"
        return "above" if p["share"]["rate"] > search.req.target else "below"

    lo, hi = 0, len(values) - 1
    here = values.index(vary.current) if vary.current in values else None
    if here is not None and side(at(here)) == "within":
        return at(here), "bisection: the scenario as written is within the margin"
    a, b = at(lo), at(hi)
    for p in (a, b):
        if side(p) == "within":
            return p, "bisection"
    if side(a) == side(b):
        return _best([a, b]), "bisection: the target lies outside the range"
    rising = side(b) == "above"
    if here is not None and lo < here < hi:  # the setting as written narrows the bracket
        if (side(at(here)) == "above") == rising:
            hi = here
        else:
            lo = here
    while hi - lo > 1:
        mid = (lo + hi) // 2
        p = at(mid)
        if side(p) == "within":
            return p, "bisection"
        if (side(p) == "above") == rising:
            hi = mid
        else:
            lo = mid
    return _best([at(lo), at(hi)]), "bisection: no setting within the margin; the closest neighbour"


def _grid(search: _Search, varies: list[Knob]) -> tuple[dict[str, Any], str]:
    for combo in itertools.product(*(v.values for v in varies)):
        search.measure(tuple((v.name, value) for v, value in zip(varies, combo)))
    return _best(search.points), "grid"


def _curves(points: list[dict[str, Any]], varies: list[Knob], best: dict[str, Any]) -> list[dict[str, Any]]:
    """For each knob, the share at each value tried with the other knobs as recommended."""
    out = []
    for v in varies:
        others = {k: x for k, x in best["setting"].items() if k != v.name}
        chosen = [p for p in points if all(p["setting"].get(k) == x for k, x in others.items())]
        order = {value: i for i, value in enumerate(v.values)}
        chosen.sort(key=lambda p: order.get(p["setting"][v.name], len(order)))
        out.append({"knob": v.name, "values": [p["setting"][v.name] for p in chosen],
                    "share": [p["share"]["rate"] for p in chosen],
                    "low": [p["share"]["low"] for p in chosen], "high": [p["share"]["high"] for p in chosen]})
    return out


def _sentence(report: dict[str, Any]) -> str:
    rec = report["recommendation"]
    sides = report["sides"]
    share = rec["share"]
    half = (share["high"] - share["low"]) / 2 * 100
    setting = ", ".join(f"{k} = {v} (was {report['current'][k]})" for k, v in rec["setting"].items())
    line = (f"{setting}: {sides[0]} wins {share['rate'] * 100:.0f}% +/- {half:.0f}% "
            f"[{share['low'] * 100:.0f}%, {share['high'] * 100:.0f}%] of the decisive games "
            f"against {sides[1]} (target {report['target'] * 100:g}%), draws {rec['draw_rate']['rate'] * 100:.0f}%, "
            f"{rec['games']} games")
    if rec["decision"] != "within":
        line += f"; not shown within {report['margin'] * 100:g}% of the target"
    if "pairings" in rec:
        line += "; " + agreement(rec)
    if any(not m["monotone"] for m in report.get("monotony", [])):
        line += "; the curve is not monotone (P541): the evidence below is weak"
    return line


def agreement(point: dict[str, Any]) -> str:
    """Whether a setting is balanced under every pairing, or which pairings disagree and
    how (each one's decision and the first side's share)."""
    if point["balanced_everywhere"]:
        return f"balanced under every pairing ({', '.join(p['name'] for p in point['pairings'])})"
    said = ", ".join(f"{p['name']} ({p['decision']}, {p['share']['rate'] * 100:.0f}%)"
                     for p in point["pairings"] if p["decision"] != "within")
    return f"not balanced under every pairing: {said} disagree"


def check_request(req: BalanceRequest) -> None:
    if req.games < 1:
        raise UsageError("--games must be at least 1 (the most games played at one setting)")
    if not req.vary:
        raise UsageError("give at least one --vary KNOB=RANGE, e.g. --vary points.de=400:500")
    try:
        BalanceRule(req.target, req.margin, req.alpha, req.beta)
    except ValueError as exc:
        raise UsageError(f"heroes balance: {exc} (e.g. --target 0.5 --margin 0.05)") from None


def balance(req: BalanceRequest, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Search the knobs of ``req`` and return the balance report (JSON-ready, deterministic)::

        from builder.playtest.balance import BalanceRequest, balance
        report = balance(BalanceRequest("zuruck", ("greedy", "greedy"), ("points.de=400:500",),
                                        pack="content/bfn"))
        report["recommendation"]["setting"]    # {'points.de': 445}
    """
    from builder.playtest_core.pools import open_pool

    check_request(req)
    folder = Path(req.pack) if req.pack is not None else BUNDLED_CONTENT / "core"
    system = system_of_pack(folder)
    setup = _setup(req, folder, system)
    sides, varies = list(setup.facts.sides), setup.knobs
    names = [v.name for v in varies]
    if len(set(names)) != len(names):
        raise UsageError(f"--vary names a knob twice: {', '.join(sorted({n for n in names if names.count(n) > 1}))}")
    combos = 1
    for v in varies:
        combos *= len(v.values)
    single = len(varies) == 1 and varies[0].numeric and len(varies[0].values) > GRID_LIMIT
    if not single and combos > MAX_SETTINGS:
        raise UsageError(f"{combos} combinations to try (at most {MAX_SETTINGS}): give a coarser STEP, "
                         "e.g. --vary points.de=400:500:20, or vary fewer knobs at once")
    with open_pool(req.jobs, req.scheduler) as pool:
        search = _Search(req, setup, pool, progress)
        best, method = _bisect(search, varies[0]) if single else _grid(search, varies)
        best = _everywhere(best, search.points)
    report: dict[str, Any] = {
        "format": FORMAT, "scenario": req.scenario, "scenario_name": setup.facts.name, "sides": sides,
        "side_names": {s: setup.facts.side_names.get(s) or s for s in sides},
        "players": setup.players, "seats": dict(zip(sides, setup.players)), "symmetric": setup.plays.symmetric,
        "seed": req.seed,
        "target": req.target, "margin": req.margin, "alpha": req.alpha, "beta": req.beta,
        "cap": req.games, "batch": BATCH, "method": method,
        "rule": BalanceRule(req.target, req.margin, req.alpha, req.beta).describe(),
        "knobs": [{"name": v.name, "values": list(v.values), "current": v.current,
                   "description": v.description} for v in varies],
        "current": {v.name: v.current for v in varies},
        "points": search.points,
        "games": sum(p["games"] for p in search.points),
        "recommendation": best,
        "curves": _curves(search.points, varies, best),
    }
    if system.id != "heroes-of-normandie":
        report["system"] = system.id
    if setup.plays.held is not None:
        report["armies_held"] = setup.plays.held
    if len(setup.pairings) > 1:
        report["pairings"] = [{"name": name, "players": players, "symmetric": plays.symmetric}
                              for name, players, plays in setup.pairings]
        report["games_all_pairings"] = sum(q["games"] for p in search.points for q in p["pairings"])
    report["monotony"] = [monotony(c, _expected_rising(c["knob"], sides)) for c in report["curves"]
                          if next(v for v in varies if v.name == c["knob"]).numeric]
    report["warnings"] = not_monotone(report)
    report["evidence"] = evidence(report)
    report["summary"] = _sentence(report)
    return report


def report_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, sort_keys=True) + "\n"


def balance_text(report: dict[str, Any]) -> str:
    """The recommendation and its evidence, for the terminal."""
    lines = [f"{report['scenario_name']} ({report['scenario']}): balance search ({report['method']}), "
             f"seed {report['seed']}, {report['games']} games"
             + (f" ({report['games_all_pairings']} under every pairing)" if "games_all_pairings" in report else ""),
             "players: " + ", ".join(f"{s}={p}" for s, p in report["seats"].items()),
             f"recommendation: {report['summary']}",
             f"rule: SPRT at each setting, margin {report['margin']:g}, alpha {report['alpha']:g}, "
             f"beta {report['beta']:g}, at most {report['cap']} games a setting",
             f"{'setting':<32} {'games':>6} {report['sides'][0] + ' share':>14} {'95% interval':>16} "
             f"{'draws':>6}  decision"]
    for p in report["points"]:
        setting = ", ".join(f"{k}={v}" for k, v in p["setting"].items())
        s = p["share"]
        lines.append(f"{setting:<32} {p['games']:>6} {s['rate'] * 100:>13.1f}% "
                     f"{'[' + format(s['low'] * 100, '.1f') + ', ' + format(s['high'] * 100, '.1f') + ']':>16} "
                     f"{p['draw_rate']['rate'] * 100:>5.0f}%  {p['decision']}")
    return "\n".join(lines + pairing_lines(report) + evidence_lines(report)) + "\n"


def pairing_lines(report: dict[str, Any]) -> list[str]:
    """Each setting's share and decision under every pairing, for the terminal (a report
    of one pairing has none)."""
    if "pairings" not in report:
        return []
    names = [p["name"] for p in report["pairings"]]
    lines = [f"pairings: {', '.join(names)} (each setting judged under every one; the search follows {names[0]})"]
    for p in report["points"]:
        setting = ", ".join(f"{k}={v}" for k, v in p["setting"].items())
        said = "; ".join(f"{q['name']} {q['share']['rate'] * 100:.1f}% {q['decision']}" for q in p["pairings"])
        lines.append(f"  {setting}: {said}" + ("" if p["balanced_everywhere"] else " (not balanced under all)"))
    return lines


def evidence_lines(report: dict[str, Any]) -> list[str]:
    """The evidence, the curve's warnings and the armies of each setting, for the terminal
    (reports saved before issue 34 have none of them)."""
    lines = [f"evidence: {e}" for e in report.get("evidence", [])]
    lines += [f"warning {w['code']}: {w['message']}" for w in report.get("warnings", [])]
    if "armies_held" in report:
        lines.append(f"armies: {report['armies_held']}")
    shown: dict[str, str] = {}
    for p in sorted(report["points"], key=lambda p: [str(v).zfill(8) for v in p["setting"].values()]):
        setting = ", ".join(f"{k}={v}" for k, v in p["setting"].items())
        for side, a in p.get("armies", {}).items():
            said = f"{a.get('spent')} points: tiles " + (", ".join(a.get("tiles", [])) or "none") \
                + (f"; heroes {', '.join(a['heroes'])}" if a.get("heroes") else "")
            if shown.get(side) != said:
                lines.append(f"  {setting}: army of {side}: {said}")
                shown[side] = said
    return lines


def curves_svg(report: dict[str, Any]) -> list[dict[str, Any]]:
    """One inline SVG curve per knob (escaped markup, safe in an autoescaped template)."""
    from builder.playtest_core.svg import share_curve

    return [{"knob": c["knob"], "svg": share_curve(
        [str(v) for v in c["values"]], c["share"], list(zip(c["low"], c["high"])), report["target"],
        report["margin"], title=f"{report['sides'][0]} share of decisive games against {c['knob']}")}
        for c in report["curves"]]


def balance_html(report: dict[str, Any]) -> str:
    """The HTML page: recommendation, table of settings tried, an SVG curve per knob."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    from builder.playtest_core.report import TEMPLATES

    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html", "j2"]))
    return env.get_template("playtest/balance.html.j2").render(report=report, curves=curves_svg(report))


NEEDED = ("format", "scenario", "scenario_name", "sides", "seats", "points", "recommendation", "curves", "summary",
          "knobs", "target", "margin", "alpha", "beta", "cap", "batch", "method", "games", "seed", "symmetric")


def balance_path(report_file: Path, scenario_id: str) -> Path:
    """Where ``--save`` puts the balance report: beside the playtest report of the scenario."""
    return Path(report_file).with_name(f"{scenario_id}.balance.json")


def load_balance(path: Path, scenario_id: str) -> dict[str, Any] | None:
    """A saved balance report for the site, None when there is none; a file that is too
    large, not JSON, of another format or scenario is an input error naming it."""
    from builder.errors import InvalidInputError

    path = Path(path)
    if not path.is_file():
        return None
    data = read_saved_report(path, "balance report", NEEDED, hint="; write it again with heroes balance --save")
    if data["format"] != FORMAT:
        raise InvalidInputError(f"{path}: not a {FORMAT} report (format {data['format']!r}); "
                                "write it again with heroes balance --save")
    if data["scenario"] != scenario_id:
        raise InvalidInputError(f"{path}: balance report is for scenario '{data['scenario']}', not '{scenario_id}'")
    return data


def write_report(report: dict[str, Any], path: Path) -> None:
    """JSON when ``path`` ends in .json, else the HTML page; written atomically."""
    from builder.content.yaml_io import atomic_write_text

    path = Path(path)
    text = report_json(report) if path.suffix.lower() == ".json" else balance_html(report)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, text)


def all_scenarios(players: tuple[str, ...], *, pack: str | None = None, **settings: Any) -> list[dict[str, Any]]:
    """A balance report for every two-player scenario of ``pack`` (its game system's
    scenarios of two sides, those written for one player or for alliances left out), each searching the system's default knob
    (builder.systems.seam.PlaytestTools.default_vary)."""
    folder = Path(pack) if pack is not None else BUNDLED_CONTENT / "core"
    tools = playtest_tools(system_of_pack(folder), "balance --all")
    ids = [sid for sid in tools.scenarios(folder) if (tools.facts(folder, sid).players or 2) == 2]
    if not ids:
        raise UsageError(f"{folder} has no two-player scenario to balance")
    return [balance(BalanceRequest(sid, players, (tools.default_vary(folder, sid),), pack=str(folder), **settings))
            for sid in ids]


def table(reports: list[dict[str, Any]]) -> str:
    """The Markdown table of recommended settings (docs/playtest.md)."""
    lines = ["| scenario | knob | as written | recommended | first side's share of decisive games | draws | games "
             "| decision, search |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in reports:
        rec = r["recommendation"]
        share = rec["share"]
        for knob, value in rec["setting"].items():
            lines.append(
                f"| {r['scenario_name']} (`{r['scenario']}`) | `{knob}` | {r['current'][knob]} | {value} | "
                f"{r['sides'][0]} {share['rate'] * 100:.0f}% [{share['low'] * 100:.0f}%, {share['high'] * 100:.0f}%] | "
                f"{rec['draw_rate']['rate'] * 100:.0f}% | {r['games']} | {rec['decision']}, {_how(r['method'])}"
                + (f"; {agreement(rec)}" if "pairings" in rec else "") + " |")
    return "\n".join(lines) + "\n"


def _how(method: str) -> str:
    """The search's outcome in a few words, for the table."""
    if "as written" in method:
        return "as written"
    if "outside" in method:
        return "target outside the range"
    if "closest neighbour" in method:
        return "closest neighbour"
    return method


def all_scenarios_table(players: tuple[str, ...], **settings: Any) -> str:
    return table(all_scenarios(players, **settings))
