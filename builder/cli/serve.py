"""``heroes serve``: the web army builder, scenario viewer and pack dashboard on
127.0.0.1 (builder.web); a thin layer that checks its options and starts uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer


def serve(
    pack: Optional[List[Path]] = typer.Option(
        None, "--pack", "-p", help="Content pack folder to serve, of any game system (repeatable; default: the bundled packs)."),
    armies: Optional[List[Path]] = typer.Option(
        None, "--armies", help="Folder where army files may be opened and saved (repeatable; none: download only)."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind; anything but 127.0.0.1 opens the "
                             "server to other machines."),
    port: int = typer.Option(8765, "--port", min=0, max=65535, help="Port to listen on (0: any free port)."),
    open_browser: bool = typer.Option(False, "--open", help="Open the home page in the default browser."),
) -> None:
    """Serve the army builder, scenario viewer and pack dashboard in a browser."""
    import threading
    import webbrowser

    import uvicorn

    from builder.systems.heroes.content.loader import BUNDLED_CONTENT
    from builder.errors import UsageError
    from builder.web.app import create_app

    packs = list(pack or [BUNDLED_CONTENT / "core", BUNDLED_CONTENT / "bfn", BUNDLED_CONTENT / "toi"])
    for folder in [*packs, *(armies or [])]:
        if not Path(folder).is_dir():
            raise UsageError(f"{folder} is not a folder")
    hosts = ["127.0.0.1", "localhost"] if host in ("127.0.0.1", "localhost") else ["*"]
    app = create_app(packs, list(armies or []), hosts)
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    typer.echo(f"serving {', '.join([*app.state.site.packs, *app.state.site.others])} at {url} (Ctrl+C stops)", err=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning")
