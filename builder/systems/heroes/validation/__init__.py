"""Validation: schema checks (while loading) and semantic rules, in one run.

>>> report = validate_pack("content/core")
>>> report.ok, report.counts["units"]
"""

from builder.systems.heroes.validation.runner import ValidationReport, validate_pack

__all__ = ["ValidationReport", "validate_pack"]
