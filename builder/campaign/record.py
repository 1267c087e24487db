"""The campaign record: the YAML file a player keeps beside the table, one line per
scenario played (003 Battle for Normandy, Campaign Report: the sheet the players fill in)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import yaml
from pydantic import Field, ValidationError

from builder.content.locate import locate
from builder.content.model import ContentModel, Id
from builder.content.yaml_io import parse_yaml_positions, read_text
from builder.diagnostics import Diagnostic, define_code
from builder.errors import InvalidInputError

K_RECORD = define_code("K810", "campaign record is not a possible campaign",
                       "003 Battle for Normandy, Campaign Report")


class MedalWon(ContentModel):
    """A medal one side earned in one scenario (Eisernes Kreuz, Victoria Cross)."""

    side: Id = Field(description="Side that earned it.")
    medal: Id = Field(description="Medal id, as the campaign's consequences name it.")


class ScenarioResult(ContentModel):
    """One scenario's result as played: who won, at which printed level, medals earned."""

    scenario: Id = Field(description="Scenario id, the campaign's next step when recorded.")
    winner: Id | None = Field(default=None, description="Winning side (none: a draw).")
    level: Literal["minor", "regular", "major", "draw"] = Field(description="Printed victory level.")
    medals: list[MedalWon] = Field(default_factory=list, description="Medals earned in this scenario.")


class CampaignRecord(ContentModel):
    """A campaign in progress: which campaign, from which pack, and the results so far."""

    campaign: Id = Field(description="Campaign id.")
    pack: str = Field(description="Id of the pack the campaign was started from (its pack.yaml id).")
    results: list[ScenarioResult] = Field(default_factory=list, description="Results, in the order played.")


#: The schemas of the files the campaign service writes (``heroes schema export``, builder.cli.schema).
SCHEMAS: dict[str, type[ContentModel]] = {"campaign-record": CampaignRecord}


def dump_record(record: CampaignRecord, schema: str = "") -> str:
    """The record as YAML: the schema modeline (when given) and a comment saying what it is."""
    head = (f"# yaml-language-server: $schema={schema}\n" if schema else "") + ("# Heroes Builder campaign record (heroes campaign record/status/next read it).\n"
            "# One entry per scenario played, in order; edit with care: it is checked when read.\n")
    body: str = yaml.safe_dump(record.model_dump(mode="json", exclude_defaults=False), sort_keys=False,
                               allow_unicode=True)
    return head + body


def record_error(path: Path, tree: object, loc: tuple[str | int, ...], message: str, hint: str) -> InvalidInputError:
    """A located error in a record file."""
    line, col = locate(tree, loc) if tree is not None else (0, 0)
    diag = Diagnostic(K_RECORD, message, file=str(path), line=line, col=col, hint=hint,
                      rule="003 Battle for Normandy, Campaign Report")
    return InvalidInputError(f"{path}:{line}:{col}: {message}", [diag])


def load_record(path: Path) -> tuple[CampaignRecord, object]:
    """Read a record (safe YAML), or a located error; returns the record and its YAML tree
    (positions, for the errors :func:`builder.campaign.logic.check_record` reports)."""
    text = read_text(path)
    tree = parse_yaml_positions(text, str(path))
    try:
        return CampaignRecord.model_validate(tree), tree
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = tuple(first["loc"])
        raise record_error(path, tree, loc, f"{'.'.join(map(str, loc)) or 'record'}: {first['msg']}",
                           "fix the entry, or start again with 'heroes campaign start'") from None
