"""``heroes campaign``: keep a table-top campaign's record and get its next scenario.

A thin layer over :mod:`builder.campaign` (003 Battle for Normandy, Campaign 1/6 to 6/6 and
Campaign Report). Every file is written atomically; a record edited by hand into a state
the campaign cannot reach is a located error.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from builder.campaign.record import CampaignRecord
    from builder.playtest.pairings import Plan
    from builder.systems.seam import GameSystem

app = typer.Typer(help="Campaigns: start a record, record results, show the report, write the next scenario.",
                  no_args_is_help=True)

PACK_HELP = ("Content pack folder holding the campaign (default: the bundled pack that has it); the record "
             "keeps its id, found again through HEROES_PACK_PATH and the bundled packs.")


def _pack_for(campaign: str, given: Path | None) -> Path:
    """--pack, else the first bundled pack (content/*) with that campaign."""
    from builder.content.paths import BUNDLED_CONTENT
    from builder.errors import UsageError

    if given is not None:
        _campaign_system(given)
        return given
    for folder in sorted(BUNDLED_CONTENT.iterdir()):
        if (folder / "campaigns").is_dir() and campaign in _load_pack(folder).campaigns:
            return folder
    raise UsageError(f"no bundled pack has campaign '{campaign}'; give --pack")


def _campaign_system(pack: Path | None) -> GameSystem:
    """The system of ``pack`` (None: the Heroes System's bundled pack). Campaigns are the
    Heroes System's (003 Battle for Normandy, Campaign): another system's pack is refused
    with S221 and the system's reason (builder.systems.seam)."""
    from builder.systems.seam import refuse, system_of_pack

    system = system_of_pack(pack)
    if system.campaign is None:
        refuse(system, "campaign")
    return system


def _load_pack(folder: Path) -> Any:
    """A pack holding campaigns, loaded by its system through the seam (``GameSystem.load``:
    the Heroes System's pack cache) for the campaign service (builder.campaign)."""
    return _campaign_system(folder).load(folder)


def _write(text: str, out: Path, force: bool) -> None:
    from builder.content.yaml_io import atomic_write_text
    from builder.errors import UsageError

    if out.exists() and not force:
        raise UsageError(f"{out} exists; use --force to overwrite it")
    atomic_write_text(out, text)
    typer.echo(f"wrote {out}", err=True)


def _load(path: Path) -> tuple[Path, Any, CampaignRecord]:
    """The campaign record at ``path``, checked against the pack it names: (that pack's
    folder, the loaded pack, the record)."""
    from builder.campaign.logic import check_record
    from builder.campaign.record import load_record
    from builder.content.search import find_pack
    from builder.errors import UsageError

    if not path.exists():
        raise UsageError(f"{path}: no such campaign record (write one with 'heroes campaign start')")
    from builder.inputs import check_input

    check_input(path)  # a FIFO, a device or a folder is named as such (H840), never read
    record, tree = load_record(path)
    folder = find_pack(record.pack)
    pack = _load_pack(folder)
    check_record(pack, record, path, tree)
    return folder, pack, record


def _schema(out: Path) -> str:
    from builder.content.schema_store import schema_for

    return schema_for("campaign-record", out.parent)


@app.command("start")
def start(
    campaign: str = typer.Argument(..., help="Campaign id, e.g. battle-for-normandy."),
    out: Path = typer.Option(..., "--out", "-o", help="Campaign record file to write."),
    pack: Path | None = typer.Option(None, "--pack", help=PACK_HELP),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a new campaign record: no result yet, the first scenario next."""
    from builder.campaign import dump_record
    from builder.campaign import start as start_record
    from builder.content.search import pack_id

    folder = _pack_for(campaign, pack)
    record = start_record(_load_pack(folder), campaign, pack_id(folder) or str(folder))
    _write(dump_record(record, _schema(out)), out, force)


RECORD_ATTEMPTS = 5
"""A record another ``campaign record`` changed between the read and the write is read
and checked again (so the second result of one scenario is refused as a repeat, never
written over the first); after this many lost races it is an error (H846)."""


@app.command("record")
def record(
    record_file: Path = typer.Argument(..., help="Campaign record file (from 'heroes campaign start')."),
    scenario: str = typer.Option(..., "--scenario", help="Scenario id just played (the campaign's next one)."),
    result: str = typer.Option(..., "--result", help="SIDE:LEVEL, e.g. de:major, or 'draw'."),
    medal: list[str] = typer.Option([], "--medal", help="SIDE:MEDAL earned, e.g. de:eisernes-kreuz (repeatable)."),
) -> None:
    """Record a table-top result, checked against the scenario's printed levels."""
    from builder.campaign import dump_record, record_result
    from builder.campaign.record import MedalWon
    from builder.errors import UsageError

    from builder.content.yaml_io import read_for_update
    from builder.outputs import FileChanged, replace_if_unchanged

    winner, _, level = result.partition(":") if result != "draw" else ("", "", "draw")
    if level not in ("minor", "regular", "major", "draw"):
        raise UsageError(f"--result {result!r}: give SIDE:LEVEL with LEVEL minor, regular or major, or 'draw'")
    medals = []
    for item in medal:
        side, _, name = item.partition(":")
        if not side or not name:
            raise UsageError(f"--medal {item!r}: give SIDE:MEDAL, e.g. de:eisernes-kreuz")
        medals.append(MedalWon(side=side, medal=name))
    for attempt in range(RECORD_ATTEMPTS):
        # the bytes are read before the record is loaded: a write in between fails the compare below
        raw = read_for_update(record_file)[0] if record_file.is_file() else b""
        _, pack, current = _load(record_file)
        updated = record_result(pack, current, scenario, winner or None, level, medals)
        try:
            replace_if_unchanged(record_file, dump_record(updated, _schema(record_file)).encode("utf-8"), raw)
            break
        except FileChanged:
            if attempt == RECORD_ATTEMPTS - 1:
                raise
    typer.echo(f"recorded {scenario}: {result} in {record_file}", err=True)


@app.command("status")
def status(
    record_file: Path = typer.Argument(..., help="Campaign record file."),
) -> None:
    """Show the Campaign Report: victories, medals and points per side, and what comes next."""
    from builder.campaign import report

    _, pack, current = _load(record_file)
    rep = report(pack, current)
    typer.echo(f"Campaign {rep.campaign}: {rep.played} of {rep.steps} scenarios played")
    typer.echo(f"{'side':<8}{'victories':>10}{'medals':>8}{'points':>8}")
    for side in rep.sides:
        typer.echo(f"{side:<8}{rep.victories[side]:>10}{rep.medals[side]:>8}{rep.points[side]:>8}")
    if rep.next_scenario is None:
        typer.echo(f"campaign over: {rep.leader or 'a tie'}" + (" wins" if rep.leader else ""))
        return
    typer.echo(f"next: {rep.next_scenario}")
    for change in rep.next_changes:
        typer.echo(f"  - {change}")


@app.command("next")
def next_(
    record_file: Path = typer.Argument(..., help="Campaign record file."),
    out: Path = typer.Option(..., "--out", "-o", help="Scenario file to write."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write the next scenario as it must be played, consequences applied."""
    import yaml

    from builder.campaign import next_scenario
    from builder.content.schema_store import schema_for

    _, pack, current = _load(record_file)
    scenario = next_scenario(pack, current)
    body = yaml.safe_dump(scenario.model_dump(mode="json", exclude_defaults=True, by_alias=True), sort_keys=False,
                          allow_unicode=True)
    _write(f"# yaml-language-server: $schema={schema_for('scenarios', out.parent)}\n"
           f"# pack: {pack.manifest.id}\n"
           f"# Open it with: heroes render scenario {out} -o sheet.pdf; heroes play {out}\n{body}", out, force)


def playtest_campaign(campaign: str, games: int, seed: int, plan: Plan, jobs: int, pack: Path,
                      as_json: bool, save: bool) -> None:
    """``heroes playtest --campaign``: whole campaigns under each pairing of ``plan``
    (builder.campaign.playtest); the bundled pack holding the campaign when ``pack`` does not."""
    import json

    from builder.campaign.playtest import report_text, run_campaign_playtest
    from builder.content.yaml_io import atomic_write_text

    folder = pack if campaign in _load_pack(pack).campaigns else _pack_for(campaign, None)
    report = run_campaign_playtest(campaign, games=games, seed=seed, jobs=jobs, pack=str(folder), plan=plan)
    text = json.dumps(report, indent=2, sort_keys=True) + "\n"
    if save:
        target = folder / "reports" / "campaigns" / f"{campaign}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, text)
    typer.echo(text if as_json else report_text(report), nl=not as_json)
