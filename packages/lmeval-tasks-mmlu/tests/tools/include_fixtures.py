"""Write INCLUDE's part of the offline mirror: ``CohereForAI/include-base-44/<Language>/test.jsonl``.

Invented rows in the Hub dataset's columns: three per category of each language (the
``domain`` its ``process_docs`` keep) and one of a domain no task of the language reads.
``python packages/lmeval-tasks-mmlu/tests/tools/include_fixtures.py``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent / "fixtures" / "datasets" / "CohereForAI" / "include-base-44"
sys.path.insert(0, str(HERE.parents[1] / "generate"))

from include import CATEGORIES, LANGUAGES  # noqa: E402


def rows(language: str) -> list[dict]:
    domains = [CATEGORIES[short][1] for short in LANGUAGES[language][0].split()]
    unread = next(d for _, d in CATEGORIES.values() if d not in domains)
    out = []
    for i, domain in enumerate([d for d in domains for _ in range(3)] + [unread]):
        out.append({
            "language": language, "country": f"{language} land", "domain": domain,
            "subject": f"{domain} subject {i % 3}", "regional_feature": "region explicit" if i % 2 else "agnostic",
            "level": "University", "original_question_num": i,
            "question": f" {language} question {i} on {domain}: which statement holds? " if i % 4 == 0
            else f"{language} question {i} on {domain}: pick the {i % 4}th option.",
            "option_a": f"first answer {i}", "option_b": f"second answer {i} ({domain})",
            "option_c": f"third {i}", "option_d": f"fourth answer number {i}",
            "answer": (i + len(language)) % 4,
        })
    return out


def main() -> None:
    for language in LANGUAGES:
        path = ROOT / language / "test.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows(language)), encoding="utf-8")


if __name__ == "__main__":
    main()
