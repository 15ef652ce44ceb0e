"""Every BBH task builds, for its first document, exactly the requests lm-eval 0.4.13
builds on the same data (prompts with their few-shot blocks, continuations, stop sequences).

The golden file comes from ``tools/make_goldens.py`` (lm-eval's own task definitions run on
the fixtures of ``fixtures/datasets``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = json.loads((Path(__file__).parent / "golden" / "requests.json").read_text(encoding="utf-8"))


def _args(request) -> list:
    args = list(request.args)
    if isinstance(args[-1], dict):
        args[-1] = dict(args[-1])
    return args


@pytest.mark.parametrize("case", GOLDEN, ids=[f"{c['task']}-{c['num_fewshot']}shot" for c in GOLDEN])
def test_first_document_requests_match_reference(case, build):
    _, instances = build(case["task"], case["num_fewshot"])
    got = [{"type": inst.request.kind.value, "args": _args(inst.request)} for inst in instances]
    assert got == case["requests"]
