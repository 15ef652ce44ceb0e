"""Write golden requests of the pack's non-BBH families with lm-eval 0.4.13, on the fixtures.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-bbh/tests/tools/make_reasoning_goldens.py

lm-eval's own task definitions build the first document of each case in ``CASES`` from the
offline mirror and score it with :mod:`lmeval_testkit.goldens`' stand-in answers; the output,
``tests/golden/reasoning_requests.json``, is committed (the tests need no lm-eval).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "lmeval-testkit" / "src"))

import lmeval_testkit.goldens as goldens  # noqa: E402

MIRROR = HERE.parent / "fixtures" / "datasets"


def _with_hub_files(install_mirror):
    """The testkit's mirror, plus ``json`` datasets whose ``hf://datasets/<owner>/<name>/<path>``
    data files the mirror holds at ``<owner>/<name>/<path>`` (arithmetic)."""
    import datasets

    original = datasets.load_dataset

    def install(mirror: Path) -> None:
        install_mirror(mirror)
        by_mirror = datasets.load_dataset

        def load_dataset(path: str, name: str | None = None, **kwargs: object):
            if path != "json":
                return by_mirror(path, name, **kwargs)
            files = {k: str(mirror / v.removeprefix("hf://datasets/")) for k, v in kwargs.pop("data_files").items()}
            return original(path, name, data_files=files, **kwargs)

        datasets.load_dataset = load_dataset

    return install


goldens.install_mirror = _with_hub_files(goldens.install_mirror)

CASES = [
    # BIG-bench: the index-of-target gold (template a), the scored gold (strategyqa), generation
    "bigbench_causal_judgment_multiple_choice", "bigbench_kanji_ascii_multiple_choice",
    "bigbench_strategyqa_multiple_choice", "bigbench_strategyqa_generate_until",
    "bigbench_word_sorting_generate_until", "bigbench_arithmetic_generate_until",
    # AGIEval: English and Chinese multiple choice, several golds, the two cloze exams
    "agieval_aqua_rat", "agieval_logiqa_zh", "agieval_jec_qa_kd", "agieval_sat_en", "agieval_math",
    "agieval_gaokao_mathcloze",
    # AIME: the three datasets' columns
    "aime", "aime24", "aime25",
    # arithmetic: the hf:// data files, the cleaned context
    "arithmetic_1dc", "arithmetic_5ds", ("arithmetic_2da", 2),
    # DROP and CoQA, zero- and few-shot (train examples; DROP's target has no delimiter)
    "drop", ("drop", 2), "coqa", ("coqa", 1),
]

if __name__ == "__main__":
    goldens.write_goldens(CASES, MIRROR, HERE.parent / "golden" / "reasoning_requests.json")
