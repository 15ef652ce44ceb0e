"""Write the KMMLU task configs (Son et al., 2024, arXiv:2402.11548): 45 subjects.

``kmmlu`` (log-likelihood, reference 002): the stripped question, options ``A.``..``D.``, then
``정답：`` with a full-width colon (U+FF1A); continuations `` A``..`` D`` (default delimiter);
gold = ``answer - 1`` (the dataset's answer is 1-based). Dataset revision pinned to d61b3f1.

``kmmlu_direct`` (generative, exact match): the same prompt; the model writes the letter; the
match ignores case, punctuation and spaces. Zero-shot by default, as lm-eval 0.4.13's template
(it sets no ``num_fewshot``); the paper's five-shot setting is ``--num_fewshot 5`` (few-shot
examples from ``dev``).

The same three ways on KMMLU-HARD (``HAERAE-HUB/KMMLU-HARD``, config = the subject slug; lm-eval
pins no revision): ``kmmlu_hard`` (log-likelihood), ``kmmlu_direct_hard`` (generative) and
``kmmlu_cot_hard`` (chain of thought: ``A.``..``D.`` without a space, ``정답: `` and the subject's
"let's think step by step" opening; five worked examples per subject, ``data/kmmlu_cot_hard.json``;
generated until ``질문:``, the letter after ``정답은`` compared, ignoring case and punctuation).
"""

from __future__ import annotations

import json
from pathlib import Path

from _common import TASKS_ROOT, group, reset_dir, write_template, write_yaml

SCRIPT = "kmmlu.py"
REVISION = "d61b3f1"

# HF config name -> domain group
SUBJECTS = {
    "Accounting": "humss", "Agricultural-Sciences": "other",
    "Aviation-Engineering-and-Maintenance": "applied_science", "Biology": "stem",
    "Chemical-Engineering": "stem", "Chemistry": "stem", "Civil-Engineering": "stem",
    "Computer-Science": "stem", "Construction": "other", "Criminal-Law": "humss",
    "Ecology": "stem", "Economics": "humss", "Education": "humss",
    "Electrical-Engineering": "stem", "Electronics-Engineering": "applied_science",
    "Energy-Management": "applied_science", "Environmental-Science": "applied_science",
    "Fashion": "other", "Food-Processing": "other",
    "Gas-Technology-and-Engineering": "applied_science", "Geomatics": "applied_science",
    "Health": "other", "Industrial-Engineer": "applied_science",
    "Information-Technology": "stem", "Interior-Architecture-and-Design": "other",
    "Korean-History": "humss", "Law": "humss",
    "Machine-Design-and-Manufacturing": "applied_science", "Management": "humss",
    "Maritime-Engineering": "applied_science", "Marketing": "other",
    "Materials-Engineering": "stem", "Math": "stem", "Mechanical-Engineering": "stem",
    "Nondestructive-Testing": "applied_science", "Patent": "other",
    "Political-Science-and-Sociology": "humss", "Psychology": "humss",
    "Public-Safety": "other", "Railway-and-Automotive-Engineering": "applied_science",
    "Real-Estate": "other", "Refrigerating-Machinery": "other", "Social-Welfare": "humss",
    "Taxation": "humss", "Telecommunications-and-Wireless-Technology": "applied_science",
}
DOMAINS = ["stem", "other", "applied_science", "humss"]

PROMPT = '"{{question.strip()}}\\nA. {{A}}\\nB. {{B}}\\nC. {{C}}\\nD. {{D}}\\n정답："'

DEFAULT_TEMPLATE = f"""\
# KMMLU, log-likelihood over the letters (reference 002; lm-eval 0.4.13 `kmmlu`).
# The colon after 정답 is U+FF1A (full width). Gold: the dataset's 1-based `answer` minus one.
dataset_path: HAERAE-HUB/KMMLU
dataset_kwargs:
  revision: {REVISION}
output_type: multiple_choice
test_split: test
fewshot_split: dev
doc_to_text: {PROMPT}
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: "{{{{answer-1}}}}"
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 2.0
"""

DIRECT_TEMPLATE = f"""\
# KMMLU direct: the model generates the letter (greedy), exact match. Same prompt as `kmmlu`.
# Zero-shot by default, as lm-eval 0.4.13 (its template sets no num_fewshot); the paper's
# five-shot setting is `--num_fewshot 5` (examples from `dev`).
dataset_path: HAERAE-HUB/KMMLU
dataset_kwargs:
  revision: {REVISION}
output_type: generate_until
test_split: test
fewshot_split: dev
doc_to_text: {PROMPT}
doc_to_target: "{{{{['A', 'B', 'C', 'D'][answer-1]}}}}"
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
    ignore_case: true
    ignore_punctuation: true
    regexes_to_ignore:
      - " "
generation_kwargs:
  until:
    - "Q:"
    - "\\n\\n"
    - "</s>"
    - "."
  do_sample: false
  temperature: 0.0
metadata:
  version: 2.0
"""


HARD = "dataset_path: HAERAE-HUB/KMMLU-HARD\n"
PINNED = f"dataset_path: HAERAE-HUB/KMMLU\ndataset_kwargs:\n  revision: {REVISION}\n"

COT_TEMPLATE = """\
# KMMLU-HARD chain of thought (lm-eval 0.4.13 `kmmlu_cot_hard`): five worked examples per subject
# (its fewshot_config.samples); the letter after 정답은 is compared. validation_split is never read.
dataset_path: HAERAE-HUB/KMMLU-HARD
output_type: generate_until
validation_split: dev
test_split: test
doc_to_target: "{{['A', 'B', 'C', 'D'][answer-1] if answer is defined else target}}"
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
    ignore_case: true
    ignore_punctuation: true
generation_kwargs:
  until:
    - "질문:"
  do_sample: false
  max_gen_toks: 2048
  temperature: 0.0
num_fewshot: 5
filter_list:
  - name: get-answer
    filter:
      - function: regex
        regex_pattern: "(?<=정답은)\\\\s*[(]?(A|B|C|D)[)]?.*(?=입니다.)"
      - function: take_first
metadata:
  version: 2.0
"""
COT_PROMPT = "{{question}}\nA.{{A}}\nB.{{B}}\nC.{{C}}\nD.{{D}}\n정답: "


def hard_template(template: str, title: str) -> str:
    """``template`` (a KMMLU template) on KMMLU-HARD, unpinned, under the comment ``title``."""
    body = template[template.index(PINNED):].replace(PINNED, HARD)
    return f"# {title}\n{body}"


def slug(config: str) -> str:
    return config.lower().replace("-", "_")


def main(root: Path = TASKS_ROOT) -> None:
    for variant, template, metric in (
        ("default", DEFAULT_TEMPLATE, "acc"),
        ("direct", DIRECT_TEMPLATE, "exact_match"),
    ):
        prefix = "kmmlu" if variant == "default" else "kmmlu_direct"
        out = reset_dir(root / "kmmlu" / variant)
        template_name = f"_{prefix}_template_yaml"
        write_template(out / template_name, template, SCRIPT)
        for config, domain in SUBJECTS.items():
            write_yaml(out / f"{prefix}_{slug(config)}.yaml", {
                "include": template_name,
                "task": f"{prefix}_{slug(config)}",
                "tag": f"{prefix}_{domain}_tasks",
                "dataset_name": config,
            }, SCRIPT)
        for domain in DOMAINS:
            write_yaml(out / f"_{prefix}_{domain}.yaml",
                       group(f"{prefix}_{domain}", [f"{prefix}_{domain}_tasks"], [metric],
                             version=2.0), SCRIPT)
        write_yaml(out / f"_{prefix}.yaml",
                   group(prefix, [f"{prefix}_{d}" for d in DOMAINS], [metric], version=2.0),
                   SCRIPT)
    write_hard(root)


# folder -> (task prefix, metric)
HARD_VARIANTS = {"hard": ("kmmlu_hard", "acc"), "direct_hard": ("kmmlu_direct_hard", "exact_match"),
                 "cot_hard": ("kmmlu_cot_hard", "exact_match")}


def write_hard(root: Path) -> None:
    """KMMLU-HARD: ``kmmlu_hard``, ``kmmlu_direct_hard``, ``kmmlu_cot_hard`` and their groups."""
    cot = json.loads((Path(__file__).resolve().parent / "data" / "kmmlu_cot_hard.json").read_text(encoding="utf-8"))
    templates = {
        "hard": hard_template(DEFAULT_TEMPLATE, "KMMLU-HARD, log-likelihood over the letters (lm-eval 0.4.13 "
                                                "`kmmlu_hard`): `kmmlu`'s prompt and gold."),
        "direct_hard": hard_template(DIRECT_TEMPLATE, "KMMLU-HARD direct (lm-eval 0.4.13 `kmmlu_direct_hard`): "
                                                      "`kmmlu_direct`'s prompt, generation and match; zero-shot."),
        "cot_hard": COT_TEMPLATE,
    }
    for folder, (prefix, metric) in HARD_VARIANTS.items():
        out = reset_dir(root / "kmmlu" / folder)
        template_name = f"_{prefix}_template_yaml"
        write_template(out / template_name, templates[folder], SCRIPT)
        for config, domain in SUBJECTS.items():
            name = slug(config)
            cfg = {"include": template_name, "task": f"{prefix}_{name}", "tag": f"{prefix}_{domain}_tasks",
                   "dataset_name": name}
            if folder == "cot_hard":
                cfg["doc_to_text"] = COT_PROMPT + cot[name]["intro"]
                cfg["fewshot_config"] = {"sampler": "first_n", "samples": cot[name]["samples"]}
            write_yaml(out / f"{prefix}_{name}.yaml", cfg, SCRIPT)
        for domain in DOMAINS:
            write_yaml(out / f"_{prefix}_{domain}.yaml",
                       group(f"{prefix}_{domain}", [f"{prefix}_{domain}_tasks"], [metric], version=2.0), SCRIPT)
        write_yaml(out / f"_{prefix}.yaml",
                   group(prefix, [f"{prefix}_{d}" for d in DOMAINS], [metric], version=2.0), SCRIPT)


if __name__ == "__main__":
    main()
