"""Write the golden requests of issue 32's classics (GLUE, translation, inverse scaling, ETHICS,
unscramble, QA4MRE, FLD, StoryCloze, lambada_cloze, WebQuestions, MuTual, LogiQA 2.0, WSC273,
SWAG, PROST, MC-TACO, Moral Stories, GroundCocoa, the Based recall tasks) with the reference tool,
lm-eval 0.4.13, on this pack's fixtures::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-classic/tests/tools/make_small_classics_goldens.py

As ``make_goldens.py``: every task's first document at its default shot count plus few-shot
settings, requests and scores; each generate_until task (``wmt-ro-en-t5-prompt`` excepted: lm-eval
loads its ``wer`` and ``bleu`` from the Hub) also scored on ``ANSWERS`` through lm-eval's filters
and process_results. The output, ``tests/golden/small_classics_requests.json``, is committed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

import make_goldens  # noqa: E402
from lmeval_testkit.goldens import reference_case, reference_tasks  # noqa: E402

TASKS = ["cola", "mnli", "mnli_mismatch", "mrpc", "qnli", "qqp", "rte", "sst2", "wnli",
         "wmt14-en-fr", "wmt14-fr-en", "wmt16-de-en", "wmt16-en-de", "wmt16-en-ro", "wmt16-ro-en",
         "iwslt2017-en-ar", "iwslt2017-ar-en", "wmt-ro-en-t5-prompt",
         "inverse_scaling_hindsight_neglect_10shot", "inverse_scaling_neqa", "inverse_scaling_sig_figs",
         "inverse_scaling_winobias_antistereotype",
         "ethics_cm", "ethics_deontology", "ethics_justice", "ethics_utilitarianism", "ethics_virtue",
         "anagrams1", "anagrams2", "cycle_letters", "random_insertion", "reversed_words",
         "qa4mre_2011", "qa4mre_2013", "fld_default", "fld_star", "fld_logical_formula_default",
         "fld_logical_formula_star", "storycloze_2016", "storycloze_2018", "lambada_openai_cloze_yaml",
         "lambada_standard_cloze_yaml", "webqs", "mutual", "mutual_plus", "logiqa2", "logieval", "wsc273",
         "swag", "prost", "mc_taco", "moral_stories", "groundcocoa", "squad_completion", "swde", "fda"]
FEWSHOT = [("cola", 2), ("mnli", 3), ("wmt16-de-en", 2), ("iwslt2017-en-ar", 1), ("inverse_scaling_neqa", 2),
           ("ethics_utilitarianism", 2), ("ethics_deontology", 3), ("anagrams1", 2), ("qa4mre_2012", 1),
           ("fld_default", 2), ("storycloze_2016", 1), ("mutual", 2), ("logiqa2", 2), ("logieval", 0),
           ("logieval", 2), ("swag", 2), ("mc_taco", 1), ("groundcocoa", 1)]
CASES: list[tuple[str, int | None]] = [(t, None) for t in TASKS] + FEWSHOT
REQUESTS_ONLY = ("wmt-ro-en-t5-prompt",)
#: answers: well-formed for each family, near misses, hostile text
ANSWERS = [" PROVED", "DISPROVED", "  UNKNOWN\t", "proved", " A", "B) because", "The answer is D",
           " garden", "garden", "GARDEN", " 1909", " THE DATE IS 1929", " la maison numéro 0 (test) est rouge",
           " das Haus Nummer 0 (test) ist rot", "", "   ", "no answer here\x07"]


def main() -> None:
    make_goldens.ANSWERS = ANSWERS  # make_goldens.scored_answers scores these
    records = []
    for name, task in reference_tasks(CASES, HERE.parent / "fixtures" / "datasets"):
        record = reference_case(name, task, score=name not in REQUESTS_ONLY)
        if task.instances[0].request_type == "generate_until" and name not in REQUESTS_ONLY:
            record["answers"] = make_goldens.scored_answers(task, task.instances, task.instances[0].doc)
        records.append(record)
        print(f"{name}: {len(record['requests'])} request(s)", file=sys.stderr)
    out = HERE.parent / "golden" / "small_classics_requests.json"
    out.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
