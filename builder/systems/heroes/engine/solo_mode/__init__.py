"""The Solo game mode of 002 as a variant of the Heroes System (issue 19, item 1): its
rules object (:class:`~builder.systems.heroes.engine.solo_mode.rules.SoloModeRules`), dashboard,
tactical bonuses, danger gauge, reinforcements, decoys, events, set-up, and the action-card
and reaction-card effects it plays on the board. The AI that makes its choices (the Solo
brain, policy, view and decision tables) stays with the players in builder.systems.heroes.ai.solo_mode
and reaches these rules through :mod:`builder.systems.heroes.engine.solo_mode.brains`."""

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)
