"""Deterministic fixtures for the parity benchmark: models, datasets (local JSONL) and task YAMLs.

Everything is generated from fixed seeds into a work directory; nothing is downloaded. The task
YAMLs are written once and read by both tools through ``--include_path``. They follow the shape
of lm-eval 0.4.13's own task families (MMLU, HellaSwag, WinoGrande, GSM8K, WikiText) but the
prompts and helper functions are written here; the data is random text over the word list of the
tokenizer's training corpus, so prompts tokenize into a few hundred tokens like real ones.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

# name -> builder arguments of lmeval_testkit.hf.build_tiny_llama. The benchmark models use
# transformers' own Llama initialisation (normal, std 0.02): a "random Llama" as
# LlamaForCausalLM(LlamaConfig(...)) makes it. The "-peaked" variants (std 0.2, the test suite's
# default) have ~20x larger per-token log-probs and activations that amplify float32 rounding;
# they are the stress rows of the table, not the goal's.
_SMALL = {"hidden": 256, "layers": 4, "heads": 8, "kv_heads": 4}
_LARGE = {"hidden": 768, "layers": 12, "heads": 12, "kv_heads": 12}
MODELS = {
    "llama-h256-l4": {**_SMALL, "initializer_range": 0.02},
    "llama-h768-l12": {**_LARGE, "initializer_range": 0.02},
    "llama-h256-l4-peaked": {**_SMALL, "initializer_range": 0.2},
    "llama-h768-l12-peaked": {**_LARGE, "initializer_range": 0.2},
}
MAX_POSITION = 1024  # the models' context window (both tools read it from config.json)

MMLU_SUBJECTS = {"astronomy": 60, "world_history": 40, "computer_science": 24}  # test docs each

# What each benchmark row runs: YAML task (or group) names and the few-shot count on the CLI
# (None: the YAML's own). One tool process per row and repeat.
CONFIGS = {
    "mmlu_0shot": {"tasks": ["parity_mmlu"], "num_fewshot": 0},
    "mmlu_5shot": {"tasks": ["parity_mmlu"], "num_fewshot": 5},
    "hellaswag": {"tasks": ["parity_hellaswag"], "num_fewshot": None},
    # lmeval with shared-prefix scoring off: lm-eval's own batching, for bit-level agreement
    "hellaswag_exact": {"tasks": ["parity_hellaswag"], "num_fewshot": None,
                        "lmeval_model_args": "prefix_reuse=False"},
    "winogrande": {"tasks": ["parity_winogrande"], "num_fewshot": None},
    "gsm8k": {"tasks": ["parity_gsm8k"], "num_fewshot": None},
    "wikitext": {"tasks": ["parity_wikitext"], "num_fewshot": None},
}


def build_model(root: Path, name: str) -> Path:
    from lmeval_testkit.hf import build_tiny_llama

    return build_tiny_llama(root / name, max_position=MAX_POSITION, seed=0, **MODELS[name])


def _vocabulary() -> list[str]:
    from lmeval_testkit.hf import generate_corpus

    words = {w.strip(".,?!;:\"()").lower() for line in generate_corpus(0) for w in line.split()}
    return sorted(w for w in words if w.isalpha())


class _Text:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.words = _vocabulary()

    def words_(self, lo: int, hi: int) -> str:
        return " ".join(self.rng.choice(self.words) for _ in range(self.rng.randint(lo, hi)))

    def sentence(self, lo: int = 6, hi: int = 16, end: str = ".") -> str:
        s = self.words_(lo, hi)
        return s[0].upper() + s[1:] + end


def _mmlu(text: _Text, subject: str, n: int) -> list[dict]:
    docs = []
    for _ in range(n):
        question = text.sentence(8, 22, "?")
        if text.rng.random() < 0.3:  # leading/trailing blanks: the template strips them
            question = " " + question + "\n"
        choices = [text.words_(1, 5) for _ in range(4)]
        docs.append({"question": question, "subject": subject, "choices": choices,
                     "answer": text.rng.randrange(4)})
    return docs


def _hellaswag(text: _Text, n: int) -> list[dict]:
    docs = []
    for i in range(n):
        ctx_a = text.sentence(10, 24)
        if text.rng.random() < 0.3:
            ctx_a = "[header] " + ctx_a + " [title] " + text.sentence(3, 6)
        ctx_b = text.words_(3, 8)
        endings = [text.words_(18, 40) + "." + (" [step] " + text.sentence(4, 8)
                                               if text.rng.random() < 0.2 else "")
                   for _ in range(4)]
        docs.append({"ind": i, "activity_label": text.words_(1, 3).title(), "ctx_a": ctx_a,
                     "ctx_b": ctx_b, "ctx": ctx_a + " " + ctx_b, "endings": endings,
                     "source_id": f"parity~{i}", "split": "val", "split_type": "indomain",
                     "label": str(text.rng.randrange(4))})
    return docs


def _winogrande(text: _Text, n: int) -> list[dict]:
    docs = []
    for _ in range(n):
        left, right = text.sentence(5, 14, ""), text.words_(4, 12) + "."
        docs.append({"sentence": f"{left} _ {right}", "option1": text.words_(1, 2).title(),
                     "option2": text.words_(1, 2).title(), "answer": text.rng.choice("12")})
    return docs


def _gsm8k(text: _Text, n: int) -> list[dict]:
    docs = []
    for _ in range(n):
        a, b = text.rng.randint(2, 90), text.rng.randint(2, 90)
        question = (f"{text.sentence(6, 14)} There are {a} {text.words_(1, 1)} and {b} more. "
                    f"How many {text.words_(1, 2)} are there?")
        total = a + b if text.rng.random() < 0.7 else a * b
        steps = f"{text.sentence(5, 12)} {a} + {b} = <<{a}+{b}={a + b}>>{a + b}."
        answer = f"{steps}\n{text.sentence(4, 9)}\n#### {total:,}"
        docs.append({"question": question, "answer": answer})
    return docs


def _wikitext(text: _Text, n: int) -> list[dict]:
    docs = []
    for _ in range(n):
        title = text.words_(1, 4).title()
        parts = [f" = {title} = \n"]
        for _ in range(text.rng.randint(3, 12)):
            para = []
            for _ in range(text.rng.randint(2, 7)):  # wikitext's tokenized spacing: " @-@ ", " , "
                words = text.sentence(6, 24).split()
                if text.rng.random() < 0.2:
                    words[1] = words[1] + " @-@ " + text.rng.choice(text.words)
                if text.rng.random() < 0.4:
                    words[-3] = words[-3] + " ,"
                para.append(" ".join(words)[:-1] + " .")
            if text.rng.random() < 0.3:
                parts.append(f" = = {text.words_(1, 3).title()} = = \n")
            parts.append(" " + " ".join(para) + " \n")
        docs.append({"page": "".join(parts)})
    return docs


def _write_jsonl(path: Path, docs: list[dict]) -> None:
    path.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs),
                    encoding="utf-8")


UTILS = '''"""Helper functions of the parity tasks (hellaswag-, winogrande- and wikitext-format)."""

import re


def _clean(text):
    text = text.strip().replace(" [title]", ". ")
    text = re.sub("\\\\[.*?\\\\]", "", text)
    return text.replace("  ", " ")


def hellaswag_docs(dataset):
    def one(doc):
        ctx = doc["ctx_a"] + " " + doc["ctx_b"].capitalize()
        return {"query": _clean(doc["activity_label"] + ": " + ctx),
                "choices": [_clean(e) for e in doc["endings"]],
                "gold": int(doc["label"])}

    return dataset.map(one)


def winogrande_text(doc):
    return {"1": 0, "2": 1}[doc["answer"]]


def winogrande_target(doc):
    blank = doc["sentence"].index("_") + 1
    return doc["sentence"][blank:].strip()


def winogrande_choices(doc):
    blank = doc["sentence"].index("_")
    return [doc["sentence"][:blank] + o for o in (doc["option1"], doc["option2"])]


def wikitext_detok(doc):
    s = doc["page"]
    s = s.replace(" @-@ ", "-").replace(" @,@ ", ",").replace(" @.@ ", ".")
    s = s.replace(" , ", ", ").replace(" . ", ". ").replace(" .", ".")
    s = s.replace("= = ", "==").replace(" = =", "==")
    return s
'''


def write_tasks(root: Path, sizes: dict[str, int] | None = None, *,
                mmlu: dict[str, int] | None = None) -> Path:
    """Write datasets and YAMLs under ``root`` (idempotent for the same sizes); returns root.

    ``mmlu``: test documents per MMLU subject (default :data:`MMLU_SUBJECTS`; the GPU
    benchmark asks for more of the same three subjects)."""
    root = root.resolve()  # the YAMLs name their data files by absolute path
    mmlu = {**MMLU_SUBJECTS, **(mmlu or {})}
    sizes = {"hellaswag": 120, "winogrande": 120, "gsm8k": 60, "gsm8k_train": 20,
             "wikitext": 16, **(sizes or {})}
    stamp = root / ".parity-fixtures.json"
    want = {"sizes": sizes, "mmlu": mmlu, "format": 2}
    if stamp.is_file() and json.loads(stamp.read_text()) == want:
        return root
    root.mkdir(parents=True, exist_ok=True)
    data = root / "data"
    data.mkdir(exist_ok=True)
    (root / "parity_utils.py").write_text(UTILS)

    for k, (subject, n) in enumerate(mmlu.items()):
        text = _Text(100 + k)
        _write_jsonl(data / f"mmlu_{subject}_test.jsonl", _mmlu(text, subject, n))
        _write_jsonl(data / f"mmlu_{subject}_dev.jsonl", _mmlu(text, subject, 5))
    _write_jsonl(data / "hellaswag_validation.jsonl", _hellaswag(_Text(200), sizes["hellaswag"]))
    _write_jsonl(data / "winogrande_validation.jsonl", _winogrande(_Text(300), sizes["winogrande"]))
    text = _Text(400)
    _write_jsonl(data / "gsm8k_test.jsonl", _gsm8k(text, sizes["gsm8k"]))
    _write_jsonl(data / "gsm8k_train.jsonl", _gsm8k(text, sizes["gsm8k_train"]))
    _write_jsonl(data / "wikitext_test.jsonl", _wikitext(_Text(500), sizes["wikitext"]))

    def files(**splits: str) -> str:
        return "".join(f"    {split}: {data / name}\n" for split, name in splits.items())

    # MMLU-format: the template, one task per subject, a group weighted by size.
    (root / "_parity_mmlu_template_yaml").write_text(
        "dataset_path: json\n"
        "test_split: test\n"
        "fewshot_split: dev\n"
        "fewshot_config:\n  sampler: first_n\n"
        "output_type: multiple_choice\n"
        'doc_to_text: "{{question.strip()}}\\nA. {{choices[0]}}\\nB. {{choices[1]}}\\n'
        'C. {{choices[2]}}\\nD. {{choices[3]}}\\nAnswer:"\n'
        'doc_to_choice: ["A", "B", "C", "D"]\n'
        "doc_to_target: answer\n"
        "metric_list:\n  - metric: acc\n    aggregation: mean\n    higher_is_better: true\n"
        "metadata:\n  version: 1.0\n")
    for subject in mmlu:
        (root / f"parity_mmlu_{subject}.yaml").write_text(
            f"task: parity_mmlu_{subject}\n"
            "include: _parity_mmlu_template_yaml\n"
            "dataset_kwargs:\n  data_files:\n"
            + files(test=f"mmlu_{subject}_test.jsonl", dev=f"mmlu_{subject}_dev.jsonl")
            + f'description: "The following are multiple choice questions (with answers) about '
            f'{subject.replace("_", " ")}.\\n\\n"\n')
    (root / "parity_mmlu.yaml").write_text(
        "group: parity_mmlu\n"
        "task:\n" + "".join(f"  - parity_mmlu_{s}\n" for s in mmlu)
        + "aggregate_metric_list:\n  - metric: acc\n    weight_by_size: true\n"
        "metadata:\n  version: 2\n")

    (root / "parity_hellaswag.yaml").write_text(
        "task: parity_hellaswag\n"
        "dataset_path: json\n"
        "dataset_kwargs:\n  data_files:\n" + files(validation="hellaswag_validation.jsonl")
        + "validation_split: validation\n"
        "output_type: multiple_choice\n"
        "process_docs: !function parity_utils.hellaswag_docs\n"
        'doc_to_text: "{{query}}"\n'
        'doc_to_target: "{{label}}"\n'
        'doc_to_choice: "choices"\n'
        "metric_list:\n"
        "  - metric: acc\n    aggregation: mean\n    higher_is_better: true\n"
        "  - metric: acc_norm\n    aggregation: mean\n    higher_is_better: true\n"
        "metadata:\n  version: 1.0\n")

    (root / "parity_winogrande.yaml").write_text(
        "task: parity_winogrande\n"
        "dataset_path: json\n"
        "dataset_kwargs:\n  data_files:\n" + files(validation="winogrande_validation.jsonl")
        + "validation_split: validation\n"
        "output_type: multiple_choice\n"
        "doc_to_text: !function parity_utils.winogrande_text\n"
        "doc_to_target: !function parity_utils.winogrande_target\n"
        "doc_to_choice: !function parity_utils.winogrande_choices\n"
        "should_decontaminate: true\n"
        "doc_to_decontamination_query: sentence\n"
        "metric_list:\n  - metric: acc\n    aggregation: mean\n    higher_is_better: true\n"
        "metadata:\n  version: 1.0\n")

    (root / "parity_gsm8k.yaml").write_text(
        "task: parity_gsm8k\n"
        "dataset_path: json\n"
        "dataset_kwargs:\n  data_files:\n" + files(test="gsm8k_test.jsonl", train="gsm8k_train.jsonl")
        + "output_type: generate_until\n"
        "training_split: train\n"
        "fewshot_split: train\n"
        "test_split: test\n"
        'doc_to_text: "Question: {{question}}\\nAnswer:"\n'
        'doc_to_target: "{{answer}}"\n'
        "metric_list:\n"
        "  - metric: exact_match\n    aggregation: mean\n    higher_is_better: true\n"
        "    ignore_case: true\n    ignore_punctuation: false\n"
        "    regexes_to_ignore:\n"
        '      - ","\n      - "\\\\$"\n      - "(?s).*#### "\n      - "\\\\.$"\n'
        "generation_kwargs:\n"
        "  until:\n"
        '    - "Question:"\n    - "</s>"\n    - "<|im_end|>"\n'
        "  do_sample: false\n  temperature: 0.0\n  max_gen_toks: 48\n"
        "repeats: 1\n"
        "num_fewshot: 3\n"
        "filter_list:\n"
        '  - name: "strict-match"\n    filter:\n'
        '      - function: "regex"\n        regex_pattern: "#### (\\\\-?[0-9\\\\.\\\\,]+)"\n'
        '      - function: "take_first"\n'
        '  - name: "flexible-extract"\n    filter:\n'
        '      - function: "regex"\n        group_select: -1\n'
        '        regex_pattern: "(-?[$0-9.,]{2,})|(-?[0-9]+)"\n'
        '      - function: "take_first"\n'
        "metadata:\n  version: 3.0\n")

    (root / "parity_wikitext.yaml").write_text(
        "task: parity_wikitext\n"
        "dataset_path: json\n"
        "dataset_kwargs:\n  data_files:\n" + files(test="wikitext_test.jsonl")
        + "test_split: test\n"
        "output_type: loglikelihood_rolling\n"
        'doc_to_text: ""\n'
        "doc_to_target: !function parity_utils.wikitext_detok\n"
        "should_decontaminate: true\n"
        'doc_to_decontamination_query: "{{page}}"\n'
        "metric_list:\n"
        "  - metric: word_perplexity\n  - metric: byte_perplexity\n  - metric: bits_per_byte\n"
        "metadata:\n  version: 2.0\n")
    stamp.write_text(json.dumps(want) + "\n")
    return root
