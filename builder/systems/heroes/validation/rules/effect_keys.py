"""Effect keys: an option's or card's ``effect_key`` names a rule the engine or the army
checker implements (builder.systems.heroes.content.effect_keys lists them).

An unknown key is a warning, not an error: the item still prints and plays by its words,
but nothing in the tool applies its effect, which its author should know (000 core rules,
Recruitment Options and Action Cards: the effect is what the tile or card says; the key
is how this tool finds the rule that implements it).
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Iterable

from builder.systems.heroes.content.effect_keys import KNOWN
from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

RULE = "Heroes Builder authoring: effect_key names a rule the engine or army checker implements"
S_UNKNOWN_EFFECT = define_code("S210", "unknown effect_key: no rule of the engine or army checker applies it", RULE)


@rule
def effect_keys_are_known(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each option's and card's ``effect_key`` is one the tool knows. The list of known
    keys is long (about fifty): the first warning of each collection gives it, the others
    name the closest key and point there, so a pack with many unknown keys is readable."""
    for collection in ("options", "cards"):
        known = KNOWN[collection]
        listed = False
        for item in ctx.pack.items[collection].values():
            key = item.effect_key
            if key is None or key in known:
                continue
            close = get_close_matches(key, list(known), n=1)
            keys = f"the known {collection} keys are listed in the first S210 warning" if listed else \
                f"known {collection} keys: {', '.join(known)}"
            listed = True
            hint = (f"did you mean '{close[0]}'? " if close else "") + \
                f"{keys}; or remove effect_key (the item then plays by its words)"
            yield ctx.at(collection, item.id, ("effect_key",), S_UNKNOWN_EFFECT,
                         f"{collection[:-1]} '{item.id}': effect_key '{key}' is not a rule the tool implements",
                         hint=hint, rule=RULE, severity=Severity.WARNING)
