"""Write the GreekMMLU task configs (Zhang et al., 2026, arXiv:2602.05150; reference 004).

45 subject configs of ``dascim/GreekMMLU`` (18 plain subjects, 27 subject x level), four
domain groups and the top group ``greekmmlu``, all weighted by size. The prompt and the Greek
capital labels Α-Δ live in ``tasks/greekmmlu/utils.py``.

The README of the benchmark calls the groups ``gmmlu``, ``gmmlu_stem``, ...; those names are
registered too, as groups with the same members, so ``--tasks gmmlu`` works and prints the
same tree (domains, then subjects) under that name.
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, group, reset_dir, write_template, write_yaml

SCRIPT = "greekmmlu.py"

# subject (as in the dataset's `subject` field) -> (domain, levels or None)
SUBJECTS: dict[str, tuple[str, list[str] | None]] = {
    "Accounting": ("social_sciences", None),
    "Agriculture": ("stem", ["Professional", "University"]),
    "Art": ("humanities", ["Professional", "Secondary_School", "University"]),
    "Biology": ("stem", None),
    "Chemistry": ("stem", None),
    "Civil Engineering": ("stem", None),
    "Clinical Knowledge": ("stem", None),
    "Computer Networks & Security": ("stem", None),
    "Computer Science": ("stem", ["Professional", "University"]),
    "Driving Rules": ("other", None),
    "Economics": ("social_sciences", ["Professional", "University"]),
    "Education": ("social_sciences", ["Professional", "University"]),
    "Electrical Engineering": ("stem", None),
    "General Knowledge": ("other", None),
    "Geography": ("social_sciences", ["Primary_School", "Secondary_School"]),
    "Government and Politics": ("social_sciences", ["Primary_School", "Secondary_School"]),
    "Greek History": ("humanities", ["Primary_School", "Professional", "Secondary_School"]),
    "Greek Literature": ("humanities", None),
    "Greek Mythology": ("humanities", None),
    "Greek Traditions": ("humanities", None),
    "Law": ("social_sciences", None),
    "Management": ("social_sciences", ["Professional", "University"]),
    "Maritime Safety and Rescue Operations": ("other", None),
    "Mathematics": ("stem", None),
    "Medicine": ("stem", ["Professional", "University"]),
    "Modern Greek Language": ("social_sciences", ["Primary_School", "Secondary_School"]),
    "Physics": ("stem", ["Primary_School", "Professional", "University"]),
    "Prehistory": ("humanities", None),
    "World History": ("humanities", None),
    "World Religions": ("humanities", None),
}
# how lm-eval 0.4.13's task_alias writes a subject that has levels, where not as above
ALIAS_SUBJECT = {"Modern Greek Language": "Modern_Greek_Language"}
# member order of the top group
DOMAINS = ["social_sciences", "stem", "other", "humanities"]

TEMPLATE = """\
# GreekMMLU subject template (reference 004; lm-eval 0.4.13 `greekmmlu`).
# Prompt (utils.doc_to_text): "Αυτό είναι μια ερώτηση <subject in Greek>. Επίλεξε τη σωστή
# απάντηση!\\n\\nΕρώτηση: <question>\\n<Α. ..>\\n..\\n\\n Απάντηση:"; continuations " Α".." Δ".
dataset_path: dascim/GreekMMLU
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: multiple_choice
doc_to_text: !function utils.doc_to_text
doc_to_choice: !function utils.doc_to_choice
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""


def configs() -> list[tuple[str, str, str]]:
    """(dataset config, display alias, domain) of every subject task."""
    out = []
    for subject, (domain, levels) in SUBJECTS.items():
        base = subject.replace("&", "and").replace(" ", "_")
        if levels is None:
            out.append((base, subject, domain))
        else:
            for level in levels:
                # lm-eval's alias: the subject, "_", the level (one subject written with "_")
                shown = ALIAS_SUBJECT.get(subject, subject)
                out.append((f"{base}_{level}", f"{shown}_{level}", domain))
    return out


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "greekmmlu")
    write_template(out / "_greekmmlu_template_yaml", TEMPLATE, SCRIPT)
    for config, alias, domain in configs():
        write_yaml(out / f"greekmmlu_{config.lower()}.yaml", {
            "include": "_greekmmlu_template_yaml",
            "task": f"greekmmlu_{config.lower()}",
            "task_alias": alias,
            "tag": f"greekmmlu_{domain}_tasks",
            "dataset_name": config,
        }, SCRIPT)
    for prefix in ("greekmmlu", "gmmlu"):
        for domain in DOMAINS:
            write_yaml(out / f"_{prefix}_{domain}.yaml",
                       group(f"{prefix}_{domain}", [f"greekmmlu_{domain}_tasks"], ["acc"],
                             alias=domain, version=1.0), SCRIPT)
        write_yaml(out / f"_{prefix}.yaml",
                   group(prefix, [f"{prefix}_{d}" for d in DOMAINS], ["acc"], version=1.0,
                         aggregation=True), SCRIPT)


if __name__ == "__main__":
    main()
