"""perft tables: legal-action counts on fixture positions pin the rules (as
python-chess pins its move generator). A change here is a rules change: check
it against the rule documents before updating the numbers."""

from __future__ import annotations

import pytest

from builder.systems.heroes.engine import legal_actions
from builder.kernel.perft import perft

from engine_helpers import activate, position

ORDERS_PHASE = {"forest-shot": [4, 24, 36], "zoc": [2, 12, 30], "vehicles": [6, 24, 60]}
ACTIVATION = {
    ("forest-shot", "r1"): (55, 1497), ("forest-shot", "tank"): (119, 8094), ("forest-shot", "mg"): (33, 1540),
    ("zoc", "us1"): (48, 5029), ("zoc", "C"): (60, 1820),
    ("vehicles", "tank"): (187, 18908), ("vehicles", "ht"): (93, 785), ("vehicles", "mg"): (23, 2160),
}


@pytest.mark.parametrize("name", sorted(ORDERS_PHASE))
def test_orders_phase_perft(name: str) -> None:
    state, _ = position(name)
    assert [perft(state, d) for d in (1, 2, 3)] == ORDERS_PHASE[name]


@pytest.mark.parametrize("name,unit", sorted(ACTIVATION))
def test_activation_perft(name: str, unit: str) -> None:
    state, names = position(name)
    activate(state, names[unit])
    assert (len(legal_actions(state)), perft(state, 2)) == ACTIVATION[(name, unit)]
