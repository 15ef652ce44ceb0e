"""MathQA's answer choices, read from the dataset's ``options`` string.

``options`` reads ``a ) 38 , b ) 27.675 , c ) 30 , d ) data inadequate , e ) none``. Options a-d
end at their first ``", "``; option e runs to the end of the string. The ``"x ) "`` label and
trailing spaces and commas are dropped. An option text holding ``", "`` itself is cut there, as
lm-eval 0.4.13 cuts it (its scores depend on that reading).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_OPTION = re.compile(r"[abcd] \) .*?, |e \) .*?$")
_LABEL = len("a ) ")


def doc_to_choice(doc: Mapping[str, Any]) -> list[str]:
    return [found[_LABEL:].rstrip(" ,") for found in _OPTION.findall(doc["options"])]
