"""``python -m shapetracer.lsp``: the language server on stdio (as ``shapetracer lsp``)."""

from shapetracer.lsp.server import main

main()
