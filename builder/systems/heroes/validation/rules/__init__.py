"""Semantic rules, one module per concern; importing this package registers them all."""

from builder.systems.heroes.validation.rules import (  # noqa: F401
    campaign_refs,
    cards,
    effect_keys,
    factions,
    modeline,
    reachability,
    recruitment,
    references,
    scenario_alliances,
    scenario_army,
    scenario_map,
    scenario_play,
    scenario_refs,
    scenario_tunable,
    terrain_rules,
    units,
    values,
)
