"""What an option gives the army, keyed on its ``effect_key`` (never on its name).

The content states the numbers (``stars``, ``special_orders``, ``bluffs``,
``points_bonus``); when a pack leaves one at zero, the rule's own number for that
effect is used (000 core rules, Recruitment Options: Hardened and Planning give one
order token, Battle Plan one special order, Bluff one bluff token, Nazi Basterds 30
points).
"""

from __future__ import annotations

from typing import Any

RULE_STARS = {"hardened": 1, "planning": 1}
RULE_SPECIAL_ORDERS = {"battle-plan": 1}
RULE_BLUFFS = {"bluff": 1}
RULE_POINTS_BONUS = {"nazi-basterds": 30}


def _value(option: Any, field: str, table: dict[str, int]) -> int:
    if option is None:
        return 0
    printed = getattr(option, field)
    return printed or table.get(option.effect_key or "", 0)


def stars(option: Any) -> int:
    return _value(option, "stars", RULE_STARS)


def special_orders(option: Any) -> int:
    return _value(option, "special_orders", RULE_SPECIAL_ORDERS)


def bluffs(option: Any) -> int:
    return _value(option, "bluffs", RULE_BLUFFS)


def points_bonus(option: Any) -> int:
    return _value(option, "points_bonus", RULE_POINTS_BONUS)
