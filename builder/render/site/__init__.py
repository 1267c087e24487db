"""A static site for a content pack, built by the shared site builder (build.py) from the
pages its game system writes (``GameSystem.site``), and a preview server (serve.py)."""
