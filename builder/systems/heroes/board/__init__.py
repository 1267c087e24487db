"""Board geometry a game system can choose: the square grid, its bitboards, intersections
and line of sight (issue 19, item 1; docs/architecture.md, "The engine's layers").

Knows squares, terrain and lines, not units or rules; imports only the kernel.
"""

from __future__ import annotations

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)
