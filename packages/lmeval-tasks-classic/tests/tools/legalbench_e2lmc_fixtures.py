"""Write LegalBench's and the E2LM competition's part of the offline mirror, invented rows in the Hub
columns: ``nguha/legalbench`` (19 configs, train and test), ``giovanivaldrighi/mmlu`` (dev, test),
``mdahba/noor_final2`` (12 subjects; dev, validation, test), ``ShAIkespear/SciKnowEval_mcqa``
(4 subjects; dev, test). ``python packages/lmeval-tasks-classic/tests/tools/legalbench_e2lmc_fixtures.py``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "datasets"
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

from e2lmc import NOOR, SCIKNOWEVAL  # noqa: E402
from legalbench import CONTRACT_NLI  # noqa: E402


def write(hub_id: str, config: str | None, split: str, rows: list[dict]) -> None:
    path = ROOT / hub_id / (config or "default") / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


MARKS = ["generic", "descriptive", "suggestive", "arbitrary", "fanciful"]
FUNCTIONS = ["Facts", "Procedural History", "Issue", "Rule", "Analysis", "Conclusion", "Decree"]


def legalbench_row(config: str, split: str, i: int) -> dict:
    yes_no = ["Yes", "No"][(i + len(split)) % 2]
    if config == "abercrombie":
        return {"text": f"The mark \"Mark{i}\" for {split} product {i}.", "answer": MARKS[i % 5], "index": i}
    if config == "corporate_lobbying":
        return {"bill_title": f"Act {i} ({split})", "bill_summary": f"Summary of bill {i}.",
                "company_name": f"Company {i}", "company_description": f"Company {i} sells widgets.",
                "company_ticker": f"C{i}", "answer": yes_no, "index": i}
    if config == "function_of_decision_section":
        return {"Paragraph": f"Paragraph {i} of the {split} decision.", "answer": FUNCTIONS[i % 7],
                "Citation": f"{i} U.S. {100 + i}", "index": i}
    if config == "international_citizenship_questions":
        return {"question": f"Does country {i} allow dual citizenship ({split})?", "answer": yes_no, "index": i}
    return {"text": f"Clause {i} of the {split} agreement: the party may do {i}.", "answer": yes_no, "index": i}


def legalbench() -> None:
    configs = ["abercrombie", "corporate_lobbying", "function_of_decision_section",
               "international_citizenship_questions", "proa", *(f"contract_nli_{c}" for c in CONTRACT_NLI)]
    for config in configs:
        for split, n in (("train", 9), ("test", 4)):
            write("nguha/legalbench", config, split, [legalbench_row(config, split, i) for i in range(n)])


def mc_rows(subject: str, split: str, n: int) -> list[dict]:
    return [{"question": f"  Question {i} about {subject} ({split})? ", "subject": subject,
             "choices": [f"option {k} of {i}" for k in range(4)], "answer": (i + len(split)) % 4}
            for i in range(n)]


def e2lmc() -> None:
    write("giovanivaldrighi/mmlu", None, "dev", mc_rows("abstract_algebra", "dev", 6))
    write("giovanivaldrighi/mmlu", None, "test", mc_rows("astronomy", "test", 4)[:2]
          + mc_rows("college_biology", "test", 4)[2:])
    for subject in NOOR:
        for split, n in (("dev", 5), ("validation", 3), ("test", 4)):
            write("mdahba/noor_final2", subject, split, mc_rows(subject, split, n))
    for subject in SCIKNOWEVAL:
        for split, n in (("dev", 5), ("test", 4)):
            write("ShAIkespear/SciKnowEval_mcqa", subject, split, mc_rows(subject, split, n))


if __name__ == "__main__":
    legalbench()
    e2lmc()
