"""The warnings a playtest verdict carries (issue 21, item 6: an honest report): what in
these games the verdict cannot be trusted for. Each has a code (docs/diagnostics.md,
"P52x: playtest report warnings"):

- P520: scenario effects met in the games that the engine does not play (the
  ``not_simulated`` counts of the game rows): the verdict rests on games that skipped them;
- P521: a side that won no game: it never reached its victory condition (000 core
  rules, Setup > Victory Conditions), which reads "cannot win as played", not a balance;
- P522: points of a side's budget left unspent by the army it played (000 core rules,
  Army Creation: armies are bought to the agreed points), so that side played weaker
  than the scenario means;
- P523: the share of the unit counters that fought whose values are placeholders
  (``placeholder: true``: printed values lost in transcription and invented), on
  which every kill and loss of theirs rests; in the Solo game mode also the AI's danger
  tiles and reaction cards played (002 Solo Mode: their faces were lost in
  transcription, so their bonuses, and what each difficulty changes, are invented).
- P524: a side that played without an action deck (its army list has no cards and the
  pack none its faction deals): it never drew or played a card (000 core rules,
  Components > Cards: each player's deck follows the faction he leads), so the verdict
  compares a side with cards against one without;
- P550: scenario effects whose printed text was lost in transcription (``do: lost``) met in
  the games: named "printed text lost, not played", with the games and times, so the
  verdict is read knowing they are missing (never counted as engine gaps, P520).

Plain data in, plain data out: ``{"code", "message"}`` dicts, in code order, the same
for the same games.
"""

from __future__ import annotations

from typing import Any

from builder.diagnostics import define_code

REPORT = "playtest report warnings (docs/playtest.md, Warnings)"
P_NOT_SIMULATED = define_code("P520", "scenario effect met in playtest games but not simulated", REPORT)
P_NEVER_WON = define_code("P521", "a side won no playtest game", REPORT)
P_UNSPENT = define_code("P522", "an army played leaves points of its side's budget unspent", REPORT)
P_PLACEHOLDER = define_code("P523", "units that fought carry placeholder values", REPORT)
P_NO_DECK = define_code("P524", "a side played without an action deck", REPORT)
P_LOST = define_code("P550", "scenario effect whose printed text was lost, met in playtest games", REPORT)

UNSPENT_SHARE = 0.05
"""Unspent points worth a warning: more than this share of the side's budget (default
armies spend at least 95% of it, issue 21 item 3)."""


def warning(code: str, message: str) -> dict[str, str]:
    return {"code": code, "message": message}


def not_simulated(n: int, effects: dict[str, dict[str, int]]) -> list[dict[str, str]]:
    """P520, one per effect, with the games and times it was met."""
    return [warning(P_NOT_SIMULATED, f"not simulated, met in {c['games']} of {n} games ({c['times']} times): {text}")
            for text, c in effects.items()]


def lost(n: int, effects: dict[str, dict[str, int]]) -> list[dict[str, str]]:
    """P550, one per effect whose printed text was lost, with the games and times it was met."""
    return [warning(P_LOST, f"printed text lost, not played, met in {c['games']} of {n} games ({c['times']} times): "
                            f"{text}") for text, c in effects.items()]


def never_won(n: int, wins: dict[str | None, int], sides: list[str]) -> list[dict[str, str]]:
    """P521, per side with no win in ``n`` games."""
    if not n:
        return []
    return [warning(P_NEVER_WON, f"{side} never won in {n} games: check that its victory condition can be reached")
            for side in sides if not wins.get(side)]


def unspent(armies: dict[str, dict[str, Any]] | None) -> list[dict[str, str]]:
    """P522, per side whose army (a file or the default) leaves more than
    :data:`UNSPENT_SHARE` of its budget unspent; a scenario's printed army has none."""
    out = []
    for side, army in (armies or {}).items():
        budget, spent = army.get("budget"), army.get("spent")
        if not budget or spent is None or budget - spent <= UNSPENT_SHARE * budget:
            continue
        out.append(warning(P_UNSPENT, f"{side} leaves {budget - spent} of its {budget} points unspent "
                                      f"({army['text']}): it played weaker than the scenario means"))
    return out


def no_deck(n: int, rows: list[dict[str, Any]]) -> list[dict[str, str]]:
    """P524, per side whose game started with no action card in its deck or hand (the
    ``no_deck`` of the game rows, builder.systems.heroes.playtests.game)."""
    games: dict[str, int] = {}
    for r in rows:
        for side in r.get("no_deck", ()):
            games[side] = games.get(side, 0) + 1
    return [warning(P_NO_DECK, f"{side} played without an action deck in {k} of {n} games: its army list has no "
                               f"cards and the pack has none its faction deals, so it never drew or played an action "
                               f"card; the verdict weighs a side with cards against one without (give the faction "
                               f"its action cards in the pack, cards/<faction>.yaml in docs/authoring.md, or the "
                               f"list a deck: heroes army edit --fill-deck)")
            for side, k in sorted(games.items())]


def placeholder_share(fielded: dict[tuple[str, str], int], placeholders: set[str] | None
                      ) -> dict[str, Any] | None:
    """Of the unit counters fielded in the games (each counter once per game), the share
    whose unit is a placeholder, and which units those are; None when the pack's
    placeholders were not given."""
    if placeholders is None:
        return None
    total = sum(fielded.values())
    marked = {unit: k for (_, unit), k in fielded.items() if unit in placeholders and k}
    counters = sum(marked.values())
    return {"share": round(counters / total, 6) if total else 0.0, "counters": counters, "of": total,
            "units": sorted(set(marked))}


def placeholder(share: dict[str, Any] | None) -> list[dict[str, str]]:
    """P523 when any unit that fought carries placeholder values."""
    if not share or not share["counters"]:
        return []
    units = share["units"]
    named = ", ".join(units[:6]) + (f" and {len(units) - 6} more" if len(units) > 6 else "")
    return [warning(P_PLACEHOLDER, f"{share['share'] * 100:.0f}% of the unit counters that fought "
                                   f"({share['counters']} of {share['of']}) carry placeholder values "
                                   f"(invented where the print was lost): {named}")]


def solo_placeholders(n: int, rules_by_game: list[dict[str, int]]) -> list[dict[str, str]]:
    """P523 for the Solo game mode's placeholder content that played: the danger tiles
    revealed (``danger/<level>:<bonus>`` counts) and the reaction cards drawn
    (``reaction-card/<id>``); the difficulty's effect on the verdict rests on them."""
    tiles = cards = tile_games = 0
    for rules in rules_by_game:
        revealed = sum(k for key, k in rules.items() if key.startswith("danger/") and ":" in key)
        tiles += revealed
        tile_games += int(revealed > 0)
        cards += sum(k for key, k in rules.items() if key.startswith("reaction-card/"))
    if not tiles and not cards:
        return []
    return [warning(P_PLACEHOLDER, f"Solo Mode: the AI's danger tiles (revealed {tiles} times in {tile_games} of "
                                   f"{n} games) and reaction cards ({cards} drawn) carry placeholder values "
                                   f"(invented where the print was lost), and so does what each difficulty "
                                   f"changes in them")]
