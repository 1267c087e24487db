"""The Heroes System: its feature modules: one special ability, option, equipment or order
each, registered with :mod:`builder.systems.heroes.engine.effects` (issue 19, items 1 and 2).
"""

from __future__ import annotations

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)
