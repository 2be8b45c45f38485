"""The command-line flags of ``check``, ``scan`` and ``shapes``, generated from the options
table (``shapetracer.options``): click lives here, in the command-line layer, so the table
itself is plain data the engine and the scan can import."""

from __future__ import annotations

from typing import Any, Callable

import click

from shapetracer.options import OPTIONS, Option


def _click_check(option: Option):
    def callback(ctx, param, value):
        if value is not None and option.check is not None:
            problem = option.check(value)
            if problem is not None:
                raise click.BadParameter(problem)
        return value
    return callback


def flags(command: str) -> Callable[[Callable], Callable]:
    """A decorator adding the flags ``command`` offers, in table order."""
    def decorate(function: Callable) -> Callable:
        for option in reversed([o for o in OPTIONS if o.flag and command in o.commands]):
            help_text = option.help
            if option.kind is bool:
                decorator = click.option(option.flag, option.param, is_flag=True, help=help_text)
            else:
                if option.kind is str and option.default_value is not None and option.field is None:
                    help_text = f"{help_text} [default: {option.default_value}]"
                decorator = click.option(option.flag, option.param, default=None, help=help_text,
                                         type=click.Choice(option.choices) if option.choices else None,
                                         metavar=option.metavar,
                                         callback=_click_check(option) if option.check else None)
            function = decorator(function)
        return function
    return decorate


def flag_values(command: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Take the table's flags for ``command`` out of click's keyword arguments."""
    return {option.param: kwargs.pop(option.param) for option in OPTIONS
            if option.flag and command in option.commands and option.param in kwargs}
