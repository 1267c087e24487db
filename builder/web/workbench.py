"""The army on the web builder's bench: its YAML text, an undo history, and the
checker's view of it, for a game system whose lists are built tile by tile and slot by
slot (the Heroes System: 000 core rules, Army Creation).

The bench never decides a rule and knows no system's internals. Every change is an
edit of the list's text through the system's ``edit_army`` (the Heroes System's keeps
comments, key order and any key the author wrote, such as ``pack:``), and every verdict,
option and completion comes from the system's :class:`~builder.systems.seam.WebTools`,
so the page and ``heroes army check`` cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from builder.errors import UsageError
from builder.systems.seam import HEROES_SYSTEM, GameSystem, WebTools, get_system
from builder.web.undo import UndoableText


def _heroes() -> GameSystem:
    return get_system(HEROES_SYSTEM)


def builder_tools(system: GameSystem) -> WebTools | None:
    """The system's web tools when it builds its lists tile by tile (it gives the bench's
    check, view and edit), else None (its lists, if any, go on the squad bench)."""
    web = system.web
    if web is None or web.check_list is None or web.builder_view is None or system.edit_army is None:
        return None
    return web


def tool(system: GameSystem, name: str) -> Callable[..., Any]:
    """One of the system's web tools, or a clean refusal naming what it lacks."""
    hook = getattr(system.web, name, None) if system.web is not None else None
    if hook is None:
        raise UsageError(f"heroes serve cannot do that for {system.title} packs yet "
                         f"(its system gives no WebTools.{name})")
    return hook


@dataclass
class Bench(UndoableText):
    """One army being built: its text, the pack it is checked against, the undo history,
    the system whose rules check it (the Heroes System unless told)."""

    pack: Any
    text: str
    filename: str = "army.yaml"
    history: list[str] = field(default_factory=list)
    seed: int = 0
    _checked: Any = None
    system: GameSystem = field(default_factory=_heroes)

    @classmethod
    def new(cls, pack: Any, *, faction: str | None = None, points: int | None = None,
            scenario: str | None = None, side: str | None = None, name: str | None = None,
            system: GameSystem | None = None) -> "Bench":
        """An empty list for a faction and budget, or for a scenario side (the side gives
        the faction; the scenario the budget)."""
        system = system or _heroes()
        text = tool(system, "new_list")(pack, faction=faction, points=points, scenario=scenario, side=side,
                                        name=name)
        return cls(pack, text, system=system)

    def _tool(self, name: str) -> Callable[..., Any]:
        return tool(self.system, name)

    # -- the checker's view ------------------------------------------------------------

    def check(self) -> Any:
        """The checker's verdict on the list as it would be saved, located: every
        diagnostic names ``file:line:col`` as ``heroes army check`` reports it (a legal
        list has nothing to locate, so the position parse costs only while errors show)."""
        if self._checked is None:
            self._checked = self._tool("check_list")(self.pack, self.text, self.filename, True)
        return self._checked

    @property
    def army(self) -> Any:
        return self.check().file.army

    def view(self) -> dict[str, Any]:
        """Everything the builder page shows (the system's ``builder_view``)."""
        return self._tool("builder_view")(self.pack, self.check(), self.text, self.filename, bool(self.history))

    def slot_picker(self, tile: int, slot: int) -> dict[str, Any]:
        """What fits slot ``slot`` of the list's tile ``tile`` (1-based), why each other
        option does not, and the units each option brings."""
        return self._tool("slot_picker")(self.pack, self.check(), tile, slot)

    def slot(self, tile: int, slot: int) -> Any:
        """The slot's report alone (:meth:`slot_picker`)."""
        return self.slot_picker(tile, slot)["report"]

    def hero_picker(self) -> dict[str, Any]:
        """Every hero of the army's faction, with the errors the checker raises when it
        joins the list (the insignia rule, hero limits, the budget), and its counter."""
        return self._tool("hero_picker")(self.pack, self.check())

    def hero_choices(self) -> list[dict[str, Any]]:
        return self.hero_picker()["heroes"]

    # -- changes ---------------------------------------------------------------------

    def edit(self, **change: Any) -> None:
        """One edit of the list (the system's ``edit_army`` arguments)."""
        if self.system.edit_army is None:
            raise UsageError(f"heroes serve cannot edit {self.system.title} lists (its system has no edit_army)")
        self._replace(self.system.edit_army(self.text, self.filename, **change))

    def fill_to_budget(self) -> None:
        """Complete the list to its budget or scenario side with the system's suggester:
        the user's entries and comments stay. Each press tries the next seed; undo brings
        the previous list back."""
        text = self._tool("complete_list")(self.pack, self.check(), self.text, self.filename, self.seed)
        self.seed += 1
        self._replace(text)

    def fill_deck(self) -> None:
        """Complete the deck to the rules' minimum (as ``heroes army edit --fill-deck``)."""
        self._replace(self._tool("fill_deck")(self.pack, self.check(), self.text, self.filename))

    # -- outputs -----------------------------------------------------------------------

    def plain_text(self) -> str:
        """The list for a forum post, which ``heroes army import`` and the builder's paste
        box read back."""
        return self._tool("list_text")(self.check())

    def roster_html(self) -> str:
        """The printable roster of the list, as ``heroes render roster`` lays it out."""
        return self._tool("roster_html")(self.pack, self.text, self.filename)
