"""``heroes serve``: the web army builder, scenario viewer and pack dashboard on
127.0.0.1 (builder.web); a thin layer that checks its options and starts uvicorn."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import List, Optional

import typer

from builder.errors import UsageError


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

    from builder.content.paths import BUNDLED_CONTENT
    from builder.web.app import create_app

    packs = list(pack or [BUNDLED_CONTENT / "core", BUNDLED_CONTENT / "bfn", BUNDLED_CONTENT / "toi"])
    for folder in [*packs, *(armies or [])]:
        if not Path(folder).is_dir():
            raise UsageError(f"{folder} is not a folder")
    hosts = allowed_hosts(host)
    sock = bind(host, port)
    port = sock.getsockname()[1]
    app = create_app(packs, list(armies or []), hosts)
    shown = socket.gethostname() if host in ("0.0.0.0", "::") else host
    url = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"
    if host not in LOOPBACK:
        typer.echo(f"warning: --host {host} opens the server to other machines on the network; requests must "
                   f"name one of these hosts: {', '.join(hosts)}", err=True)
    typer.echo(f"serving {', '.join([*app.state.site.packs, *app.state.site.others])} at {url} (Ctrl+C stops)", err=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[sock])


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def allowed_hosts(host: str) -> list[str]:
    """The ``Host`` headers the server answers (Starlette's TrustedHostMiddleware): the
    loopback names always, and for another ``--host`` that address and this machine's
    names, never ``*``: the guard against DNS rebinding stays on whatever the bind."""
    hosts = ["127.0.0.1", "localhost", "[::1]"]
    if host in LOOPBACK:
        return hosts
    if host not in ("0.0.0.0", "::"):
        hosts.append(f"[{host}]" if ":" in host else host)
    for name in (socket.gethostname(), socket.getfqdn()):
        if name and name not in hosts:
            hosts.append(name)
    return hosts


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the app is built: a busy port or an address
    this machine does not have is exit 1 with the reason, not uvicorn's exit 3."""
    from builder.errors import HeroesError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise UsageError(f"--host {host}: not an address of this machine ({exc})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise HeroesError(f"port {port} on {host} is already in use (another heroes serve?); stop that "
                              "server or choose another with --port") from None
        raise HeroesError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.set_inheritable(True)
    return sock
