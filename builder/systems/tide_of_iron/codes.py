"""Diagnostic codes of the Tide of Iron system (N700-N799), documented in docs/diagnostics.md."""

from __future__ import annotations

from builder.diagnostics import define_code

N_MANIFEST = define_code("N701", "Tide of Iron pack manifest invalid")
N_SCHEMA = define_code("N702", "Tide of Iron content does not match its schema")
N_DUPLICATE = define_code("N703", "Tide of Iron id defined twice")
N_REFERENCE = define_code("N704", "Tide of Iron reference to an unknown id")
N_BOARD = define_code("N705", "Tide of Iron board rows invalid")
N_HEX = define_code("N706", "hex off the board or not enterable")
N_STACKING = define_code("N707", "stacking limit exceeded (three units, two vehicles)")
N_ZONE = define_code("N708", "unit deployed outside its deployment zone")
N_CAPACITY = define_code("N709", "squad base over capacity")
N_POOL = define_code("N710", "squads use more than the scenario's pool")
N_SPECIAL = define_code("N711", "specialized squad breaks the specialization rules")
N_NATION = define_code("N712", "item of another nation")
N_TRANSPORT = define_code("N713", "transport capacity exceeded or no transport")
N_MODELINE = define_code("N714", "content file lacks its schema modeline")
N_ARMY = define_code("N715", "Tide of Iron squad list does not match its schema")
N_UNSIMULATED = define_code("N716", "rule not simulated by the Tide of Iron engine")
N_FOLDER = define_code("N717", "unknown folder in a Tide of Iron pack")
N_OBJECTIVE = define_code("N718", "objective or zone hex invalid")
N_OUTSIDE = define_code("N719", "content file points outside the pack")
N_ARMY_SIDE = define_code("N720", "squad list given with --army is for another scenario or side")
N_MARKER = define_code("N721", "fortification, obstacle or smoke marker placed against the rules")
