"""The abstract domain: what the analysis computes with, and the vocabulary of its results.

dims and origins (``dims``), abstract values (``values``), path facts (``facts``), the
join of two paths (``state``), the registry of finding codes (``codes``) and the finding
dataclass (``findings``).  This package imports no other package of shapetracer: every
layer above (constraints, frontend, engine, apps) builds on it.
"""
