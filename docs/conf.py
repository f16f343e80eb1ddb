"""Sphinx settings of Trustgate's documentation site: Markdown pages (MyST) built by `make docs`, warnings as errors.

Offline by design: no intersphinx, no extension that fetches anything; the theme is Sphinx's own (alabaster).
Why Sphinx and MyST rather than MkDocs: docs/index.md, "About these pages".
"""

project = "Trustgate"
author = "Trustgate"
extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# Every heading down to ### gets an anchor, so links such as [The judge](scoring.md#the-judge) are checked: a
# missing page or heading is a warning, and `make docs` (-W) fails on it.
myst_heading_anchors = 3

html_theme = "alabaster"
html_title = "Trustgate"
html_show_sourcelink = False
html_copy_source = False
