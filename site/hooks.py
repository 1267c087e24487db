"""MkDocs hook: adds docs/*.md as the guides and the generated pages to the site.

docs/ stays the single source of the guides (they are read from there at every build,
never copied into site/); the command reference, diagnostics, rules coverage, benchmark
and catalogue pages come from builder.docsite. The navigation of the guides is
derived from docs/*.md, so a new guide appears without editing this site.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from mkdocs.structure.files import File, Files  # noqa: E402

from builder import docsite  # noqa: E402

_TMP: list[tempfile.TemporaryDirectory[str]] = []


def on_config(config: Any) -> Any:
    """Append the guides, the reference and the catalogue to the hand-written nav."""
    guides = [{docsite.guide_title(p): f"guides/{p.name}"} for p in docsite.guide_pages()]
    reference = [{p.title: p.path} for p in _reference_pages()]
    config["nav"] = list(config["nav"]) + [{"Guides": guides}, {"Reference": reference},
                                           {"Catalogue": "catalogue/index.md"}]
    return config


_CACHE: dict[str, list[docsite.Page]] = {}


def _reference_pages() -> list[docsite.Page]:
    if "ref" not in _CACHE:
        _CACHE["ref"] = [*docsite.command_pages(), docsite.diagnostics_page(),
                         docsite.coverage_page(REPO / "content"), docsite.benchmarks_page()]
    return _CACHE["ref"]


def on_files(files: Files, config: Any) -> Files:
    """Add the guides, docs/images, the generated pages and the packs' catalogues."""
    for path in docsite.guide_pages():
        files.append(_file(f"guides/{path.name}", path, config))
    for image in sorted((docsite.DOCS / "images").glob("*.png")):
        files.append(_file(f"images/{image.name}", image, config))
        files.append(_file(f"guides/images/{image.name}", image, config))  # docs/*.md link images/X.png
    images = sorted((docsite.DOCS / "images").glob("*.png"))
    for page in [docsite.gallery_page(images), *_reference_pages()]:
        files.append(File.generated(config, page.path, content=page.text))
    tmp = tempfile.TemporaryDirectory(prefix="heroes-catalogue-")
    _TMP.append(tmp)
    out = Path(tmp.name)
    packs = docsite.catalogue(REPO / "content", out)
    page = docsite.catalogue_page(packs)
    files.append(File.generated(config, page.path, content=page.text))
    for f in sorted(out.rglob("*")):
        if f.is_file():
            files.append(_file(f"catalogue/{f.relative_to(out).as_posix()}", f, config))
    return files


def _file(src_uri: str, path: Path, config: Any) -> File:
    return File.generated(config, src_uri, abs_src_path=str(path))


def on_post_build(config: Any) -> None:
    """Drop the catalogue's temporary folder once its files are copied."""
    while _TMP:
        _TMP.pop().cleanup()
