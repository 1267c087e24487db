"""The catalogue of rules not yet simulated (builder/engine/effects/catalogue.py)
names only rules no module simulates: an entry left behind when a module lands
would be dead text that says the wrong thing to whoever reads the file."""

from __future__ import annotations

from builder.engine import effects
from builder.engine.effects import REGISTRY, catalogue


def test_every_catalogue_entry_is_what_the_registry_reports() -> None:
    effects.get("ability", "assault")  # loads every rule module
    stale = [k for k, (_, missing) in catalogue.ABILITIES.items()
             if REGISTRY[("ability", k)].missing != missing or REGISTRY[("ability", k)].status != "not simulated"]
    stale += [k for k, (_, _, missing) in catalogue.OPTIONS.items()
              if REGISTRY[("option", k)].missing != missing or REGISTRY[("option", k)].status != "not simulated"]
    assert not stale, f"registered by a rule module: remove from the catalogue: {stale}"
