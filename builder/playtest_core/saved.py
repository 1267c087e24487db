"""Reading a saved report back: the playtest report (``heroes playtest --save``) that
scenario sheets print, and the balance report (``heroes balance --save``) the site
shows.

Both are files beside a pack that anyone may have edited, so both are read the same
careful way: bounded in size, decoded as JSON, and refused with the file's name and the
keys it lacks, never with a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.errors import InvalidInputError

MAX_REPORT_BYTES = 2_000_000


def read_saved_report(path: Path, what: str, needed: tuple[str, ...], hint: str = "") -> dict[str, Any]:
    """The JSON object in ``path``, which must hold every key of ``needed``.

    ``what`` names the report in messages ("playtest report", "balance report"); ``hint``
    ends the message for missing keys (how to write the file again).
    """
    from builder.inputs import read_json

    data = read_json(path, max_bytes=MAX_REPORT_BYTES)
    missing = [key for key in needed if not isinstance(data, dict) or key not in data]
    if missing:
        raise InvalidInputError(f"{path}: {what} lacks {', '.join(missing)}{hint}")
    return dict(data)
