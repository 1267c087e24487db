"""The rule modules the rules load: every special ability, option, card and
equipment or order module registers itself (builder.engine.effects.register) as it
is imported here, one line each. This is the one registration line of docs/engine.md,
"Add an ability".

Why a module of its own: the registry (builder/engine/effects/registry.py) sits
below the rule modules, which import it; were it to import them, each would close an
import cycle. The game loop (builder/engine/api.py) imports this module last, so
``import builder.engine`` loads every rule before any game is set up. Nothing
depends on the order the modules register in: the coverage report sorts its rows,
and an army's options offer their decisions in the order of their ids
(builder.engine.effects.side_hooks).
"""

from __future__ import annotations

from builder.engine.effects import abilities, cards, options  # noqa: F401
from builder.engine import anti_tank, artillery_shot, aviation, barrage, blast, smoke_bombs, vehicle_bombs  # noqa: F401
from builder.engine import concealment, ruses  # noqa: F401
from builder.engine import advanced_positions, directives, fuel, gear  # noqa: F401
from builder.engine import demolition_charges, destruction  # noqa: F401
from builder.engine import goliath, hedgerow_cutter, horn_of_plenty, mg_nest, urban_fighter  # noqa: F401
from builder.engine import autonomy, substitute  # noqa: F401
from builder.engine import demolition_targets, exits, support_tiles, turn_track  # noqa: F401
