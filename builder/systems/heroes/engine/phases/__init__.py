"""The three phases of a round (000 core rules, Action!): orders, activation, supply."""

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)
