"""The job's failure: which log tells it, and what a classifier makes of it.

The classifier lives elsewhere (``shapetracer.study.classify.classify_log(text) ->
dict | None``) and may not be installed yet; it is looked up once per process, and
without it a record's ``failure`` is null.  Nothing here depends on its result's
shape beyond "a JSON object".
"""

from __future__ import annotations

import importlib
import json
from typing import Callable

from shapetracer.jobs.archive import Member

CLASSIFIER_MODULE = "shapetracer.study.classify"
TRACEBACK = b"Traceback (most recent call last)"
_UNSET = object()
_classifier: object = _UNSET
_import_error: str | None = None


def pick_log(logs: list[Member]) -> Member | None:
    """The log most likely to hold the failure.

    One with a traceback beats one without; then a ``.log``/``.err`` file beats a
    ``.txt``; then the larger; ties go to the name, so the choice is stable.
    """
    if not logs:
        return None

    def score(member: Member) -> tuple:
        lower = member.name.lower()
        return (TRACEBACK in member.data, lower.endswith((".log", ".err", ".stderr")), member.size,
                member.name)

    return max(logs, key=score)


def classifier() -> Callable[[str], dict | None] | None:
    """``classify_log`` if its module is importable, else None (looked up once)."""
    global _classifier, _import_error
    if _classifier is _UNSET:
        try:
            module = importlib.import_module(CLASSIFIER_MODULE)
        except ModuleNotFoundError as exc:
            # Only "the module is not there" means "no classifier"; a classifier that
            # fails to import for another reason is a bug, and is said in each record.
            if exc.name not in ("shapetracer.study", CLASSIFIER_MODULE):
                _import_error = f"cannot import {CLASSIFIER_MODULE}: {exc}"
            _classifier = None
        except Exception as exc:  # noqa: BLE001 - reported in the record, not raised
            _import_error = f"cannot import {CLASSIFIER_MODULE}: {type(exc).__name__}: {exc}"
            _classifier = None
        else:
            _classifier = getattr(module, "classify_log", None)
    return _classifier  # type: ignore[return-value]


def classify(log: Member) -> tuple[dict | None, str | None]:
    """``(failure, warning)``: the classifier's dict (or None) and what went wrong, if anything."""
    function = classifier()
    if function is None:
        return None, _import_error
    text = log.data.decode("utf-8", "replace")
    try:
        failure = function(text)
    except Exception as exc:  # noqa: BLE001 - one bad log must not cost the job's record
        return None, f"classify_log failed on {log.name}: {type(exc).__name__}: {exc}"
    if failure is None:
        return None, None
    if not isinstance(failure, dict):
        return None, f"classify_log returned {type(failure).__name__}, not a dict"
    try:
        json.dumps(failure)
    except (TypeError, ValueError) as exc:
        return None, f"classify_log returned a value that is not JSON: {exc}"
    return failure, None
