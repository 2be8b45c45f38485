"""``shapetracer lsp``: the analyzer in the editor, over the Language Server Protocol.

A thin pygls layer over ``engine.check_source``: the editor's text (or a notebook's
cells) goes in, findings come back as diagnostics, the shape log answers hovers.
Nothing here knows a rule; ``documents`` turns editor state into the engine's
input, ``scheduler`` keeps analysis off the protocol thread, ``convert`` turns
results into LSP values, ``hover`` and ``actions`` answer those requests and
``server`` wires them to pygls.
"""
