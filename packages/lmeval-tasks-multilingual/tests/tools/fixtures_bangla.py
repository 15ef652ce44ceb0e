"""Fixtures of the Bangla (TituLLMs) sets (called by make_fixtures.py)."""

from __future__ import annotations

from fixture_rows import N, dump


def bangla() -> None:
    for split in ("train", "validation"):
        dump("hishab/boolq_bn", None, split, [{"passage": f" অনুচ্ছেদ {split} {i}। ", "question": f" প্রশ্ন {i}? ",
                                               "answer": ["yes", "no"][i % 2]} for i in range(N)])
        dump("hishab/commonsenseqa-bn", None, split, [{
            "id": f"{split}-{i}", "question_stem": f" প্রশ্ন {split} {i}? ",
            "choices": {"label": list("ABCDE"), "text": [f"উত্তর {k} {i}" for k in range(5)]},
            "answerKey": "ABCDE"[i % 5]} for i in range(N)])
        dump("hishab/piqa-bn", None, split, [{"goal": f" লক্ষ্য {split} {i} ", "sol1": f" সমাধান এক {i}",
                                              "sol2": f"সমাধান দুই {i} ", "label": i % 2} for i in range(N)])
    for split in ("train", "test"):
        dump("hishab/openbookqa-bn", None, split, [{
            "id": f"{split}-{i}", "question_stem": f"প্রশ্ন {split} {i}?",
            "choices": {"label": list("ABCD"), "text": [f"উত্তর {k} {i}" for k in range(4)]},
            "answerKey": "ABCD"[(i + 1) % 4]} for i in range(N)])
    for split in ("dev", "test"):
        dump("hishab/titulm-bangla-mmlu", "all", split, [{
            "id": i, "subject": "history", "question": f" প্রশ্ন {split} {i}? ",
            "options": [f"ক{i}", f"খ{i}", f"গ{i}", f"ঘ{i}"], "answer": "ABCD"[i % 4]} for i in range(N)])


FAMILIES = [bangla]
