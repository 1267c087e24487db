"""The base of every model read from YAML, and the id every content file uses: game-free,
so a shared service's file (the campaign record) and a game system's content share them.

Every model forbids unknown keys (a typo is an error, not silently ignored) and gives
every field a description, which the exported JSON Schema turns into editor hover help.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Id = Annotated[
    str,
    Field(
        pattern=r"^[a-z0-9][a-z0-9-]*$",
        min_length=1,
        max_length=80,
        description="A stable identifier: lower-case letters, digits and '-'.",
    ),
]


class ContentModel(BaseModel):
    """Base of every model read from YAML: unknown keys are errors.

    ``defer_build`` builds each model's validator on its first use, not at import: a
    command that never validates a model (``heroes army check`` reading a cached pack)
    does not pay for it at start-up.
    """

    model_config = ConfigDict(extra="forbid", populate_by_name=True, use_enum_values=False, defer_build=True)
