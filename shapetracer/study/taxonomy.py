"""The study's failure categories, in the issue's order, with their groups."""

from __future__ import annotations

PYTHON = ("undefined-name", "attribute-error", "call-error", "type-error", "import-error", "key-error",
          "index-error", "syntax-error", "value-error")
TENSORFLOW = ("shape-mismatch", "dtype-mismatch", "out-of-memory", "file-not-found", "api-misuse")
PLATFORM = ("environment",)
CATEGORIES = PYTHON + TENSORFLOW + PLATFORM + ("unknown",)
TOOLS = ("pyflakes", "pylint", "shapetracer")

# The published study: existing static tools would have caught 72.55% of the failures
# in the top three Python bug categories.
PUBLISHED_HEADLINE = 72.55


def group(category: str) -> str:
    if category in PYTHON:
        return "python"
    if category in TENSORFLOW:
        return "tensorflow"
    if category in PLATFORM:
        return "platform"
    return "unknown"


def finding_category(category: str) -> str | None:
    """A finding's taxonomy category as a failure category (shape findings are shape mismatches)."""
    if category == "shape":
        return "shape-mismatch"
    return category if category in CATEGORIES and category != "unknown" else None
