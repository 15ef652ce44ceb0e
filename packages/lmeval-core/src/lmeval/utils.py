"""lm-eval's ``lm_eval.utils`` names that scripts import, on lmeval's own functions.

Only the import path is lm-eval's: ``from lmeval.utils import make_table`` works as
``from lm_eval.utils import make_table`` does. lmeval's code does not import from here.
"""

from __future__ import annotations

import logging
from typing import Any

from lmeval.outputs.results import make_table
from lmeval.protocol import parse_model_args

__all__ = ["handle_non_serializable", "make_table", "setup_logging", "simple_parse_args_string"]


def simple_parse_args_string(args_string: str | None) -> dict[str, Any]:
    """``"a=1,b=true"`` -> ``{"a": 1, "b": True}``, lm-eval's value conversions."""
    return parse_model_args(args_string)


def handle_non_serializable(o: Any) -> Any:
    """The ``default=`` of ``json.dumps`` for results: numpy integers to int, sets to lists,
    anything else to its string."""
    if type(o).__name__ in ("int64", "int32") and hasattr(o, "item"):
        return int(o.item())
    if isinstance(o, set):
        return list(o)
    return str(o)


def setup_logging(verbosity: int | str = logging.INFO) -> None:
    """Log at ``verbosity`` (a level or its name) to stderr, lmeval's loggers included."""
    level = verbosity if isinstance(verbosity, int) else logging.getLevelName(str(verbosity).upper())
    if not isinstance(level, int):
        raise ValueError(f"verbosity: expected a log level (DEBUG, INFO, WARNING, ERROR, "
                         f"CRITICAL), got {verbosity!r}")
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("lmeval").setLevel(level)
