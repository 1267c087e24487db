"""The rule modules the rules load: every special ability, option, card and
equipment or order module registers itself (builder.engine.heroes.effects.register) as it
is imported here, one line each. This is the one registration line of docs/engine.md,
"Add an ability".

Why a module of its own: the registry (builder/engine/heroes/effects/registry.py) sits
below the rule modules, which import it; were it to import them, each would close an
import cycle. The game loop (builder/engine/heroes/api.py) imports this module last, so
``import builder.engine`` loads every rule before any game is set up. Nothing
depends on the order the modules register in: the coverage report sorts its rows,
and an army's options offer their decisions in the order of their ids
(builder.engine.heroes.effects.side_hooks).
"""

from __future__ import annotations

from builder.engine.heroes.effects import abilities, cards, options  # noqa: F401
from builder.engine.heroes.features import anti_tank, artillery_shot, aviation, barrage, blast  # noqa: F401
from builder.engine.heroes.features import smoke_bombs, vehicle_bombs  # noqa: F401
from builder.engine.heroes.features import concealment, ruses  # noqa: F401
from builder.engine.heroes.features import advanced_positions, directives, fuel, gear  # noqa: F401
from builder.engine.heroes.features import demolition_charges, destruction  # noqa: F401
from builder.engine.heroes.features import goliath, hedgerow_cutter, horn_of_plenty, mg_nest  # noqa: F401
from builder.engine.heroes.features import urban_fighter  # noqa: F401
from builder.engine.heroes.features import autonomy, substitute  # noqa: F401
from builder.engine.heroes.features import demolition_targets, exits, support_tiles, turn_track  # noqa: F401
from builder.engine.heroes.features import aircraft  # noqa: F401
