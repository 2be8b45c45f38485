"""Which pyflakes and pylint messages become which ST3xx finding.

Only messages that crash a job where they stand are mapped; everything else a tool
says (unused imports, style, "always true" asserts) is dropped before it becomes a
finding.  Each entry names the exception Python raises, checked by running a small
snippet under CPython 3.11, so the code's taxonomy category is the category of the
real failure.  A few messages crash or not depending on the node they are reported
on (``'{}'.format(1, 2)`` is fine, ``'%s' % (1, 2)`` is a TypeError); the passes
refine those with ``refine_pylint`` / ``refine_pyflakes``.
"""

from __future__ import annotations

import re

from shapetracer.rules import codes as R
from shapetracer.rules.message import Message

# pyflakes message class name -> rule.  Runtime exception in the comment.
PYFLAKES_RULES: dict[str, R.Rule] = {
    "UndefinedName": R.UNDEFINED_NAME,                      # NameError
    "UndefinedLocal": R.USED_BEFORE_ASSIGNMENT,             # UnboundLocalError
    "ReturnOutsideFunction": R.MISPLACED_STATEMENT,         # SyntaxError at compile time
    "YieldOutsideFunction": R.MISPLACED_STATEMENT,
    "ContinueOutsideLoop": R.MISPLACED_STATEMENT,
    "BreakOutsideLoop": R.MISPLACED_STATEMENT,
    "DefaultExceptNotLast": R.MISPLACED_STATEMENT,
    "ImportStarNotPermitted": R.MISPLACED_STATEMENT,
    "LateFutureImport": R.MISPLACED_STATEMENT,
    "FutureFeatureNotDefined": R.MISPLACED_STATEMENT,
    "DuplicateArgument": R.DUPLICATE_ARGUMENT,
    "TwoStarredExpressions": R.INVALID_STARRED_ASSIGNMENT,
    "TooManyExpressionsInStarredAssignment": R.INVALID_STARRED_ASSIGNMENT,
    "RaiseNotImplemented": R.BAD_EXCEPTION_TYPE,            # TypeError: must derive from BaseException
    "InvalidPrintSyntax": R.UNSUPPORTED_OPERATION,          # print >>f: TypeError on >>
    "PercentFormatMissingArgument": R.FORMAT_MISSING_KEY,   # '%(a)s' % {}: KeyError
    "StringDotFormatMissingArgument": R.FORMAT_MISSING_INDEX,  # IndexError, KeyError when named
    "PercentFormatPositionalCountMismatch": R.FORMAT_ARGUMENTS_MISMATCH,  # TypeError
    "PercentFormatExpectedMapping": R.FORMAT_ARGUMENTS_MISMATCH,
    "PercentFormatExpectedSequence": R.FORMAT_ARGUMENTS_MISMATCH,
    "PercentFormatMixedPositionalAndNamed": R.FORMAT_ARGUMENTS_MISMATCH,
    "PercentFormatStarRequiresSequence": R.FORMAT_ARGUMENTS_MISMATCH,
    "PercentFormatUnsupportedFormatCharacter": R.INVALID_FORMAT_STRING,  # ValueError
    "PercentFormatInvalidFormat": R.INVALID_FORMAT_STRING,
    "StringDotFormatInvalidFormat": R.INVALID_FORMAT_STRING,
    "StringDotFormatMixingAutomatic": R.INVALID_FORMAT_STRING,
}

# pylint msgid -> (symbol, rule).  The symbol is kept here so ids can be looked up
# (and shown) without importing pylint.
PYLINT_RULES: dict[str, tuple[str, R.Rule]] = {
    "E0001": ("syntax-error", R.SYNTAX_ERROR),
    "E0602": ("undefined-variable", R.UNDEFINED_NAME),
    "E0601": ("used-before-assignment", R.USED_BEFORE_ASSIGNMENT),
    "E0606": ("possibly-used-before-assignment", R.USED_BEFORE_ASSIGNMENT),  # confidence "possible"
    "E1101": ("no-member", R.MISSING_ATTRIBUTE),
    "E0237": ("assigning-non-slot", R.MISSING_ATTRIBUTE),
    "E0203": ("access-member-before-definition", R.MISSING_ATTRIBUTE),
    "E0119": ("misplaced-format-function", R.MISSING_ATTRIBUTE),  # print('{}').format(x): None.format
    "E1120": ("no-value-for-parameter", R.BAD_CALL_ARGUMENTS),
    "E1121": ("too-many-function-args", R.BAD_CALL_ARGUMENTS),
    "E1123": ("unexpected-keyword-arg", R.BAD_CALL_ARGUMENTS),
    "E1124": ("redundant-keyword-arg", R.BAD_CALL_ARGUMENTS),
    "E1125": ("missing-kwoa", R.BAD_CALL_ARGUMENTS),
    "E1132": ("repeated-keyword", R.BAD_CALL_ARGUMENTS),  # f(a=1, **{'a': 2}): TypeError
    "E3102": ("positional-only-arguments-expected", R.BAD_CALL_ARGUMENTS),
    "E1102": ("not-callable", R.NOT_CALLABLE),
    "E0401": ("import-error", R.UNRESOLVED_IMPORT),
    "E0611": ("no-name-in-module", R.UNRESOLVED_IMPORT),
    "E0402": ("relative-beyond-top-level", R.UNRESOLVED_IMPORT),
    "E1130": ("invalid-unary-operand-type", R.UNSUPPORTED_OPERATION),
    "E1131": ("unsupported-binary-operation", R.UNSUPPORTED_OPERATION),
    "E1135": ("unsupported-membership-test", R.UNSUPPORTED_OPERATION),
    "E1126": ("invalid-sequence-index", R.UNSUPPORTED_OPERATION),
    "E1127": ("invalid-slice-index", R.UNSUPPORTED_OPERATION),
    "E1143": ("unhashable-member", R.UNSUPPORTED_OPERATION),
    "E1507": ("invalid-envvar-value", R.UNSUPPORTED_OPERATION),
    "E1133": ("not-an-iterable", R.NOT_ITERABLE),
    "E1134": ("not-a-mapping", R.NOT_ITERABLE),
    "E0633": ("unpacking-non-sequence", R.NOT_ITERABLE),
    "E0111": ("bad-reversed-sequence", R.NOT_ITERABLE),
    "E1136": ("unsubscriptable-object", R.NOT_SUBSCRIPTABLE),
    "E1137": ("unsupported-assignment-operation", R.NOT_SUBSCRIPTABLE),
    "E1138": ("unsupported-delete-operation", R.NOT_SUBSCRIPTABLE),
    "E1129": ("not-context-manager", R.NOT_CONTEXT_MANAGER),
    "E1701": ("not-async-context-manager", R.NOT_CONTEXT_MANAGER),
    "E0702": ("raising-bad-type", R.BAD_EXCEPTION_TYPE),
    "E0710": ("raising-non-exception", R.BAD_EXCEPTION_TYPE),
    "E0711": ("notimplemented-raised", R.BAD_EXCEPTION_TYPE),
    "E0712": ("catching-non-exception", R.BAD_EXCEPTION_TYPE),
    "E0705": ("bad-exception-cause", R.BAD_EXCEPTION_TYPE),
    "E0239": ("inherit-non-class", R.INVALID_CLASS_DEFINITION),
    "E0240": ("inconsistent-mro", R.INVALID_CLASS_DEFINITION),
    "E0241": ("duplicate-bases", R.INVALID_CLASS_DEFINITION),
    "E1139": ("invalid-metaclass", R.INVALID_CLASS_DEFINITION),
    "E0236": ("invalid-slots-object", R.INVALID_CLASS_DEFINITION),
    "E0238": ("invalid-slots", R.INVALID_CLASS_DEFINITION),
    "E0243": ("invalid-class-object", R.INVALID_CLASS_DEFINITION),
    "E0244": ("invalid-enum-extension", R.INVALID_CLASS_DEFINITION),
    "E0110": ("abstract-class-instantiated", R.ABSTRACT_INSTANTIATION),
    "E0100": ("init-is-generator", R.INVALID_SPECIAL_METHOD),
    "E0101": ("return-in-init", R.INVALID_SPECIAL_METHOD),
    "E0301": ("non-iterator-returned", R.INVALID_SPECIAL_METHOD),
    "E0302": ("unexpected-special-method-signature", R.INVALID_SPECIAL_METHOD),
    "E0303": ("invalid-length-returned", R.INVALID_SPECIAL_METHOD),  # ValueError when negative
    "E0304": ("invalid-bool-returned", R.INVALID_SPECIAL_METHOD),
    "E0305": ("invalid-index-returned", R.INVALID_SPECIAL_METHOD),
    "E0306": ("invalid-repr-returned", R.INVALID_SPECIAL_METHOD),
    "E0307": ("invalid-str-returned", R.INVALID_SPECIAL_METHOD),
    "E0308": ("invalid-bytes-returned", R.INVALID_SPECIAL_METHOD),
    "E0309": ("invalid-hash-returned", R.INVALID_SPECIAL_METHOD),
    "E0310": ("invalid-length-hint-returned", R.INVALID_SPECIAL_METHOD),
    "E0311": ("invalid-format-returned", R.INVALID_SPECIAL_METHOD),
    "E0312": ("invalid-getnewargs-returned", R.INVALID_SPECIAL_METHOD),
    "E0313": ("invalid-getnewargs-ex-returned", R.INVALID_SPECIAL_METHOD),
    "E0103": ("not-in-loop", R.MISPLACED_STATEMENT),
    "E0104": ("return-outside-function", R.MISPLACED_STATEMENT),
    "E0105": ("yield-outside-function", R.MISPLACED_STATEMENT),
    "E1142": ("await-outside-async", R.MISPLACED_STATEMENT),
    "E1700": ("yield-inside-async-function", R.MISPLACED_STATEMENT),  # only 'yield from'
    "E0115": ("nonlocal-and-global", R.MISPLACED_STATEMENT),
    "E0117": ("nonlocal-without-binding", R.MISPLACED_STATEMENT),
    "E0118": ("used-prior-global-declaration", R.MISPLACED_STATEMENT),
    "E1901": ("bare-name-capture-pattern", R.MISPLACED_STATEMENT),
    "E0108": ("duplicate-argument-name", R.DUPLICATE_ARGUMENT),
    "E0112": ("too-many-star-expressions", R.INVALID_STARRED_ASSIGNMENT),
    "E0113": ("invalid-star-assignment-target", R.INVALID_STARRED_ASSIGNMENT),
    "E0114": ("star-needs-assignment-target", R.INVALID_STARRED_ASSIGNMENT),
    "E1304": ("missing-format-string-key", R.FORMAT_MISSING_KEY),
    "W1303": ("missing-format-argument-key", R.FORMAT_MISSING_KEY),  # '{a}'.format(): KeyError
    "E1306": ("too-few-format-args", R.FORMAT_ARGUMENTS_MISMATCH),   # IndexError on str.format
    "E1305": ("too-many-format-args", R.FORMAT_ARGUMENTS_MISMATCH),  # harmless on str.format
    "E1303": ("format-needs-mapping", R.FORMAT_ARGUMENTS_MISMATCH),
    "E1302": ("mixed-format-string", R.FORMAT_ARGUMENTS_MISMATCH),
    "E1307": ("bad-string-format-type", R.FORMAT_ARGUMENTS_MISMATCH),
    "E1300": ("bad-format-character", R.INVALID_FORMAT_STRING),
    "E1301": ("truncated-format-string", R.INVALID_FORMAT_STRING),
    "W1302": ("bad-format-string", R.INVALID_FORMAT_STRING),  # '{'.format(): ValueError
    "E0643": ("potential-index-error", R.SEQUENCE_INDEX_RANGE),
    "E1144": ("invalid-slice-step", R.ZERO_SLICE_STEP),
    "E1141": ("dict-iter-missing-items", R.DICT_UNPACKED_WITHOUT_ITEMS),
}

# pylint messages whose finding is only "possible": the crash depends on a branch.
PYLINT_POSSIBLE = frozenset({"E0606"})

_PYLINT_BY_SYMBOL = {symbol: msgid for msgid, (symbol, _) in PYLINT_RULES.items()}


def rule_for(tool: str, tool_id: str) -> R.Rule | None:
    """The rule a tool message maps to, or None when the message is not crash-relevant.

    ``tool`` is "pyflakes" or "pylint"; a pylint id may be the msgid or the symbol.
    """
    if tool == "pyflakes":
        return PYFLAKES_RULES.get(tool_id)
    if tool == "pylint":
        msgid = _PYLINT_BY_SYMBOL.get(tool_id, tool_id.upper())
        entry = PYLINT_RULES.get(msgid)
        return entry[1] if entry else None
    return None


def category_for(tool_id: str) -> str | None:
    """The failure-taxonomy category of a tool message id, or None when unmapped.

    Accepts "UndefinedName", "E0602", "undefined-variable" and the prefixed forms
    "pyflakes:UndefinedName" / "pylint:E0602".  pyflakes ids are CamelCase class names
    and pylint ids are msgids or kebab-case symbols, so the bare forms never collide.
    """
    tool, _, bare = tool_id.rpartition(":")
    tools = (tool,) if tool else ("pyflakes", "pylint")
    for name in tools:
        rule = rule_for(name, bare)
        if rule is not None:
            return rule.category
    return None


def pylint_symbol(msgid: str) -> str:
    entry = PYLINT_RULES.get(msgid)
    return entry[0] if entry else msgid


def refine_pyflakes(class_name: str, args: tuple) -> R.Rule | None:
    """pyflakes' missing-argument message covers both KeyError and IndexError."""
    rule = PYFLAKES_RULES.get(class_name)
    if class_name == "StringDotFormatMissingArgument" and args:
        missing = str(args[0]).split(", ")
        if any(not part.isdigit() for part in missing):
            return R.FORMAT_MISSING_KEY  # '{a}'.format(): KeyError is raised first
    return rule


def refine_pylint(msgid: str, node_kind: str | None) -> R.Rule | None:
    """Format-count messages mean different exceptions for % and str.format.

    ``node_kind`` is the class name of the node the message was reported on:
    ``BinOp`` for % formatting, ``Call`` for str.format.
    """
    rule = rule_for("pylint", msgid)
    if msgid in ("E1305", "E1306") and node_kind == "Call":
        # '{}'.format(1, 2) runs fine; '{} {}'.format(1) raises IndexError.
        return R.FORMAT_MISSING_INDEX if msgid == "E1306" else None
    return rule


_QUOTED = re.compile(r"'([^']+)'")


def tool_message(detail: str, tool: str, tool_id: str, tag: str) -> Message:
    """A generic finding's message: the tool's own words, then which tools said it
    (``undefined name 'x' [pyflakes UndefinedName]``; a merge adds the other's tag).
    ``subjects``: the names the tool's words quote, which tell two reports of one
    problem apart (read from the tool's text: pylint gives no arguments)."""
    return Message("{detail} [{tags:join}]", detail=detail, tags=(tag,), tools=((tool, tool_id),),
                   subjects=tuple(_QUOTED.findall(detail)))
