"""Semantic rules, one module per concern; importing this package registers them all."""

from builder.validation.rules import references  # noqa: F401
