"""A test backend whose load is observable: ``--model loadwatch`` prints ``Loading weights`` and
appends a line to ``$LMEVAL_LOADWATCH`` when it is built, then answers as the reference LM.

Tests of what must be refused *before the model loads* pass ``--plugins <this file>`` and check
that neither happened."""

from __future__ import annotations

import os
import sys
from typing import Any

from lmeval.hookspecs import hookimpl
from lmeval.testing import ReferenceLM


class LoadWatchLM(ReferenceLM):
    backend_name = "loadwatch"

    def __init__(self, **kwargs: Any) -> None:
        print("Loading weights", file=sys.stderr, flush=True)
        log = os.environ.get("LMEVAL_LOADWATCH")
        if log:
            with open(log, "a", encoding="utf-8") as fh:
                fh.write("loaded\n")
        super().__init__(**kwargs)


@hookimpl
def lmeval_register_models(register: Any) -> None:
    register("loadwatch", LoadWatchLM)
