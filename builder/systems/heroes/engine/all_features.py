"""The rule modules the rules load: every special ability, option, card and
equipment or order module registers itself (builder.systems.heroes.engine.effects.register) as it
is imported here, one line each. This is the one registration line of docs/engine.md,
"Add an ability".

Why a module of its own: the registry (builder/systems/heroes/engine/effects/registry.py) sits
below the rule modules, which import it; were it to import them, each would close an
import cycle. The game loop (builder/systems/heroes/engine/api.py) imports this module last, so
``import builder.systems.heroes.engine`` loads every rule before any game is set up. Nothing
depends on the order the modules register in: the coverage report sorts its rows,
and an army's options offer their decisions in the order of their ids
(builder.systems.heroes.engine.effects.side_hooks).
"""

from __future__ import annotations

from builder.systems.heroes.engine.effects import abilities, cards, options  # noqa: F401
from builder.systems.heroes.engine.features import anti_tank, artillery_shot, aviation, barrage, blast  # noqa: F401
from builder.systems.heroes.engine.features import smoke_bombs, vehicle_bombs  # noqa: F401
from builder.systems.heroes.engine.features import concealment, ruses  # noqa: F401
from builder.systems.heroes.engine.features import advanced_positions, directives, fuel, gear  # noqa: F401
from builder.systems.heroes.engine.features import demolition_charges, destruction  # noqa: F401
from builder.systems.heroes.engine.features import goliath, hedgerow_cutter, horn_of_plenty, mg_nest  # noqa: F401
from builder.systems.heroes.engine.features import urban_fighter  # noqa: F401
from builder.systems.heroes.engine.features import autonomy, substitute  # noqa: F401
from builder.systems.heroes.engine.features import demolition_targets, exits, support_tiles, turn_track  # noqa: F401
from builder.systems.heroes.engine.features import early_end, placed_objectives, reinforcements  # noqa: F401
from builder.systems.heroes.engine.features import aircraft  # noqa: F401
