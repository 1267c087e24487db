"""The Heroes System: state, actions, mechanics, scenario effects, set-up, phases,
:class:`~builder.engine.heroes.rules.Rules` (issue 19, item 1; docs/architecture.md,
"The engine's layers"). Builds on the board and the kernel; its rule modules live in
:mod:`builder.engine.heroes.features` and :mod:`builder.engine.heroes.effects`.
"""

from __future__ import annotations

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)
