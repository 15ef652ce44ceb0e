"""CodeXGLUE code-to-text and HumanEval infilling (lmeval-tasks-code).

code2text: the docstring right, partly right, shouted, empty (smoothed BLEU-4 from 0 to 100).
Infilling: the fixture's own middle (the tests pass), an empty middle and a wrong one (they fail),
looked up in the code pack's fixture mirror by the prompt (suffix, blank line, prefix).
JSONSchemaBench: objects that fit some fixture schemas and not others, fenced, ``null`` (which
lm-eval's stripping of "json" characters breaks), formats, text that is not JSON.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

_FIXTURES = Path(__file__).resolve().parents[2] / "packages" / "lmeval-tasks-code" / "tests" / "fixtures"


@lru_cache(maxsize=1)
def _code_to_text() -> dict[str, str]:
    out = {}
    for path in (_FIXTURES / "CM").glob("*/default/test.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            text = " ".join(" ".join(row["code_tokens"]).replace("\n", " ").split())
            out[text] = " ".join(" ".join(row["docstring_tokens"]).replace("\n", "").split())
    return out


@lru_cache(maxsize=1)
def _middles() -> dict[str, str]:
    out = {}
    for path in (_FIXTURES / "loubnabnl" / "humaneval_infilling").glob("*/test.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            out[row["suffix"] + "\n\n" + row["prompt"]] = row["canonical_solution"]
    return out

JSON_ANSWERS = (' {"name": "Ada", "age": 36}', '```json\n{"port": 8080}\n```', '["red", "blue"]', "null",
                '{"ip": "10.0.0.1", "id": "123e4567-e89b-12d3-a456-426614174000"}', '{"port": 70000}',
                "Here is the object: {}", '{"name": 5}')


def generations(text: str) -> tuple[str, ...] | None:
    prompt = json.loads(text) if text.startswith('"') else None
    if not isinstance(prompt, str):
        return None
    if prompt.startswith("Generate a JSON object that matches") and prompt.endswith("JSON object: "):
        return JSON_ANSWERS
    if prompt in _middles():
        middle = _middles()[prompt]
        return (middle, middle, "", "    return None\n", middle.upper())
    if prompt in _code_to_text():
        doc = _code_to_text()[prompt]
        return (doc, " " + doc, doc.split(" ")[0], doc.upper() + "</s>", "")
    return None
