"""Regenerate the screenshots of docs/images/ (``make images``).

The printed sheets are the first pages of the demo PDFs (``heroes demo``) turned into PNG
by ``pdftoppm`` (Debian's poppler-utils); the site pages are shot by headless Chromium
from the built documentation site (``make site``) with no network, sync or component
updates and a fresh profile. When scripts/web_screenshots.py exists (the web builder's
own shots) it runs too. PNGs are kept small: reduced to a 256-colour palette.

    python scripts/screenshots.py [--out docs/images]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# site pages worth a picture: (file under site/_build, image name)
SITE_PAGES = (
    ("index.html", "site-home"),
    ("reference/commands/army.html", "site-command-reference"),
    ("catalogue/core/index.html", "catalogue-core"),
)


def shrink(png: Path) -> None:
    """Quantise a screenshot to a palette: a fifth of the size, still readable."""
    from PIL import Image

    with Image.open(png) as img:
        small = img.convert("RGB").quantize(colors=256)
    small.save(png, optimize=True)


def pdf_pages(out: Path, work: Path) -> list[Path]:
    """First page of each demo PDF as PNG, 900 pixels wide; a roster's second page (its
    stat blocks) too, as ``...-page-2.png``."""
    demo = work / "demo"
    subprocess.run([sys.executable, "-m", "builder", "demo", "--out", str(demo)], check=True, cwd=REPO)
    written = []
    for pdf in sorted(demo.rglob("*.pdf")):
        pages = [1, 2] if pdf.stem.startswith("roster") else [1]
        for page in pages:
            target = out / (f"print-{pdf.stem}" + (f"-page-{page}" if page > 1 else ""))
            subprocess.run(["pdftoppm", "-png", "-f", str(page), "-l", str(page), "-singlefile", "-scale-to-x",
                            "900", "-scale-to-y", "-1", str(pdf), str(target)], check=True)
            written.append(target.with_suffix(".png"))
    return written


def site_pages(out: Path, work: Path) -> list[Path]:
    """Pages of the built documentation site through headless Chromium, offline."""
    built = REPO / "site" / "_build"
    if not (built / "index.html").is_file():
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(REPO / "site" / "mkdocs.yml")],
                       check=True, cwd=REPO)
    written = []
    for page, name in SITE_PAGES:
        target = out / f"{name}.png"
        profile = tempfile.mkdtemp(prefix="chromium-", dir=work)
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
                        f"--user-data-dir={profile}", "--window-size=1100,720", f"--screenshot={target}",
                        (built / page).as_uri()], check=True, capture_output=True, timeout=120)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "images", help="Folder of the PNGs.")
    args = parser.parse_args(argv)
    if shutil.which("pdftoppm") is None:
        print("screenshots: pdftoppm is missing (Debian package poppler-utils: bash scripts/system-deps.sh test)",
              file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="heroes-shots-") as tmp:
        shots = pdf_pages(args.out, Path(tmp)) + site_pages(args.out, Path(tmp))
    for png in shots:
        shrink(png)
        print(f"wrote {png.relative_to(REPO) if png.is_relative_to(REPO) else png} ({png.stat().st_size // 1024} KB)")
    web = REPO / "scripts" / "web_screenshots.py"
    if web.is_file():
        subprocess.run([sys.executable, str(web)], check=True, cwd=REPO)  # its own defaults
    return 0


if __name__ == "__main__":
    sys.exit(main())
