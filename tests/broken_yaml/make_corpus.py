"""Writes the broken task YAML corpus: one file per mistake, its expected one-line error in the header.

Header lines: ``# expect: <text in the message>`` (or ``# warn: <text>`` for what is accepted with
a warning), ``# field: <field>``, ``# line: <n>`` and ``# run: <task name>`` (when
``lmeval run --tasks <name>`` can name it). Run: python make_corpus.py
"""

from pathlib import Path

HERE = Path(__file__).parent
HEADER_LINES = 4
BASE = """dataset_path: json
dataset_kwargs:
  data_files:
    test: data.jsonl
    train: data.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: "Q: {{question}}\\nA:"
doc_to_choice: "{{choices}}"
doc_to_target: answer
"""

# (file stem, YAML body (task line added first unless it has one), expect, field, line)
CASES = [
    ("unknown_field", "doc_to_txt: x\n", "unknown field (did you mean 'doc_to_text'", "doc_to_txt", 12),
    ("unknown_field_metric_list", "metrc_list: []\n", "did you mean 'metric_list'", "metrc_list", 12),
    ("bad_output_type", None, "did you mean 'multiple_choice'", "output_type", 8),
    ("invalid_yaml_indent", "metric_list:\n  - metric: acc\n   aggregation: mean\n", "invalid YAML", None, 14),
    ("invalid_yaml_tab", "metric_list:\n\t- metric: acc\n", "invalid YAML", None, 13),
    ("unclosed_quote", 'description: "never closed\n', "invalid YAML", None, 13),
    ("include_missing", "include: nowhere_template.yaml\n", "included file 'nowhere_template.yaml' not found", "include", 12),
    ("include_not_string", "include: 5\n", "expected a file name or a list", "include", 12),
    ("function_missing_module", "process_docs: !function no_such_module.fn\n", "no module 'no_such_module'", "process_docs", 12),
    ("function_missing_attr", "process_docs: !function helpers.no_such_fn\n", "has no attribute 'no_such_fn'", "process_docs", 12),
    ("function_bad_form", "process_docs: !function justaname\n", "not of the form module.function", "process_docs", 12),
    ("function_import_error", "process_docs: !function broken_helpers.fn\n", "importing broken_helpers failed", "process_docs", 12),
    ("function_sys_exit", "process_docs: !function exiting_helpers.fn\n", "importing exiting_helpers called sys.exit('a tool this task needs is not installed')", "process_docs", 12),
    ("jinja_syntax", None, "Jinja syntax error", "doc_to_text", 9),
    ("jinja_undefined", None, "'quesion' is undefined", "doc_to_text", 9),
    ("unknown_metric", "metric_list:\n  - metric: exact_mach\n", "unknown metric 'exact_mach' (did you mean 'exact_match'", "metric_list", 12),
    ("unknown_aggregation", "metric_list:\n  - metric: acc\n    aggregation: meen\n", "unknown aggregation 'meen' (did you mean 'mean'", "metric_list", 12),
    ("unknown_filter", "filter_list:\n  - name: x\n    filter:\n      - function: regx\n", "unknown filter 'regx' (did you mean 'regex'", "filter_list", 12),
    ("filter_step_no_function", "filter_list:\n  - name: x\n    filter:\n      - regex_pattern: a\n", "needs a `function:` key", "filter", 14),
    ("filter_no_name", "filter_list:\n  - filter:\n      - function: take_first\n", "needs `name:` and `filter:`", "filter_list", 12),
    ("filter_bad_regex", "filter_list:\n  - name: x\n    filter:\n      - function: regex\n        regex_pattern: \"(unclosed\"\n", "regex", "filter_list", 12),
    ("filter_bad_kwarg", "filter_list:\n  - name: x\n    filter:\n      - function: take_first_k\n        kk: 2\n", "take_first_k", "filter_list", 12),
    ("mc_without_choices", None, "multiple_choice tasks need doc_to_choice", "output_type", 8),
    ("num_fewshot_string", "num_fewshot: five\n", "expected int, got str 'five'", "num_fewshot", 12),
    ("repeats_string", "repeats: many\n", "expected int, got str", "repeats", 12),
    ("target_delimiter_number", "target_delimiter: 5\n", "expected str, got int", "target_delimiter", 12),
    ("generation_kwargs_list", "generation_kwargs: [a, b]\n", "expected dict, got list", "generation_kwargs", 12),
    ("metric_entry_no_metric", "metric_list:\n  - aggregation: mean\n", "entry 0 needs a `metric:` key", "metric_list", 12),
    ("metric_list_mapping", "metric_list:\n  metric: acc\n", "expected list, got LocatedDict", "metric_list", 12),
    ("missing_doc_to_target", None, "missing: the gold answer", "doc_to_target", 1),
    ("missing_doc_to_text", None, "missing: the prompt", "doc_to_text", 1),
    ("missing_dataset_path", None, "missing: a hub id", "dataset_path", 1),
    ("missing_splits", None, "set test_split or validation_split", "test_split", 1),
    ("split_not_found", None, "has no split 'tst'; it has: test, train (did you mean 'test'", "test_split", 7),
    ("fewshot_split_not_found", "fewshot_split: dev\nnum_fewshot: 2\n", "has no split 'dev'", "fewshot_split", 12),
    ("data_file_missing", None, "data file 'missing.jsonl' for split 'test' not found", "dataset_path", 2),
    ("fewshot_config_unknown", "fewshot_config:\n  samplr: first_n\n", "unknown fewshot_config field (did you mean 'sampler'", "samplr", 13),
    ("fewshot_sampler_unknown", "num_fewshot: 1\nfewshot_config:\n  sampler: first_m\n", "unknown sampler 'first_m' (did you mean 'first_n'", "fewshot_config", 13),
    ("doc_to_choice_not_list", None, "template must render a Python list", "doc_to_choice", 10),
    ("should_decontaminate_string", "should_decontaminate: 'yes'\n", "expected bool, got str", "should_decontaminate", 12),
    ("dataset_kwargs_string", None, "expected dict, got str", "dataset_kwargs", 3),
    ("description_list", "description: [a, b]\n", "expected str or FunctionRef, got list", "description", 12),
    ("doc_to_target_undefined", None, "'answr' is undefined", "doc_to_target", 11),
    ("process_docs_raises", "process_docs: !function helpers.explode\n", "process_docs failed on purpose", None, 1),
    ("metadata_not_mapping", "metadata: 1.0\n", "expected dict, got float", "metadata", 12),
    ("task_name_number", None, "a task config needs `task: <name>`", "task", 1),
    ("top_level_list", None, "expected a mapping at the top level", None, 1),
    ("unknown_field_deep_include", "include: bad_template_yaml\n", "unknown field (did you mean 'test_split'", "test_splt", 6),
    # nothing that changes a score passes silently (issue 16, section 3)
    ("metric_keyword_misspelled", "metric_list:\n  - metric: exact_match\n    ignore_cse: true\n",
     "metric 'exact_match' has no keyword 'ignore_cse' (did you mean 'ignore_case'", "ignore_cse", 14),
    ("metric_keyword_regex_misspelled", "metric_list:\n  - metric: exact_match\n    regex_to_ignore: [' ']\n",
     "has no keyword 'regex_to_ignore' (did you mean 'regexes_to_ignore'", "regex_to_ignore", 14),
    ("metric_keyword_on_acc", "metric_list:\n  - metric: acc\n    high_is_better: true\n",
     "metric 'acc' has no keyword 'high_is_better' (did you mean 'higher_is_better'", "high_is_better", 14),
    ("generation_kwargs_misspelled", "generation_kwargs:\n  untill: [\"\\n\"]\n",
     "unknown generation argument 'untill' (did you mean 'until'", "generation_kwargs", 12),
    ("generation_kwargs_max_gen_tok", "generation_kwargs:\n  until: [\"\\n\"]\n  max_gen_tok: 8\n",
     "unknown generation argument 'max_gen_tok' (did you mean 'max_gen_toks'", "generation_kwargs", 12),
    ("num_fewshot_too_many", "fewshot_split: train\nnum_fewshot: 5\n",
     "asks for 5 few-shot examples per prompt, but its few-shot split 'train' has only 4",
     "num_fewshot", 13),
    ("data_line_corrupt", None, "corrupt.jsonl:3: invalid JSON on this line", None, None),
]
#: generate_until versions of BASE (same line count: keyword and generation cases)
GENERATIVE = ("metric_keyword_misspelled", "metric_keyword_regex_misspelled",
              "generation_kwargs_misspelled", "generation_kwargs_max_gen_tok")

GROUPS = [
    ("group_unknown_member", "group: g_unknown_member\ntask:\n  - no_such_task_anywhere\naggregate_metric_list:\n  - metric: acc\n", "unknown task, group or tag 'no_such_task_anywhere'", "task", 2),
    ("group_no_members", "group: g_no_members\naggregate_metric_list:\n  - metric: acc\n", "a group needs `task:`", "task", 1),
    ("group_agg_unknown_field", "group: g_agg_field\ntask:\n  - ok_task\naggregate_metric_list:\n  - metric: acc\n    weight_by_sise: true\n", "unknown aggregate_metric_list field (did you mean 'weight_by_size'", "weight_by_sise", 6),
    ("group_agg_median", "group: g_agg_median\ntask:\n  - ok_task\naggregate_metric_list:\n  - metric: acc\n    aggregation: median\n", "only `mean` is supported for groups", "aggregation", 6),
    ("group_unknown_field", "group: g_unknown_field\ngrup_alias: x\ntask:\n  - ok_task\n", "unknown group field (did you mean 'group_alias'", "grup_alias", 2),
    ("group_agg_no_metric", "group: g_agg_no_metric\ntask:\n  - ok_task\naggregate_metric_list:\n  - weight_by_size: true\n", "each entry needs a `metric:` key", "aggregate_metric_list", 4),
    ("include_cycle_a", "include: include_cycle_b.yaml\ntask: cyc\n", "include cycle", "include", 1),
]

# ``# run:`` names that are not ``broken_<stem>``; "" where no ``--tasks`` name can reach the file
RUN_NAMES = {
    "task_name_number": "12",  # the index reads `task: 12` as the name "12"; loading it fails
    "top_level_list": "",
    "include_cycle_a": "cyc",
}
# Comments after the YAML (header line numbers stay as they are)
TRAILING_COMMENTS = {
    "top_level_list": (
        "# No `# run:` name: a top-level list has no top-level `task:`/`group:` line, so the task\n"
        "# index (which reads those lines of each file without parsing it) gives this file no name,\n"
        "# and `lmeval run --tasks` can only name what the index holds. Only `lmeval validate\n"
        "# <file>` reaches it.\n"),
    "include_cycle_a": (
        "# `lmeval run --tasks cyc` loads this file, includes include_cycle_b.yaml, whose include\n"
        "# closes the cycle: the error is located at include_cycle_b.yaml:5 (`include`).\n"),
    "include_cycle_b": (
        "# This file has no `task:` of its own (it would get `cyc` from include_cycle_a.yaml), so the\n"
        "# index does not list it under a name; `--tasks cyc` (include_cycle_a.yaml) reaches it, and\n"
        "# the cycle is reported here, at line 5.\n"),
}


# Accepted as lm-eval accepts them, with a warning from `lmeval validate` (`# warn:` in the header)
WARNED = [
    ("duplicate_key", "test_split: train\n", "duplicate key (first at line 11); the last one is used",
     "test_split", 12),
]


def body_for(stem: str, extra: str | None) -> str:
    task = f"task: broken_{stem}\n"
    base = BASE
    special = {
        "bad_output_type": base.replace("output_type: multiple_choice", "output_type: multiple_choise"),
        "jinja_syntax": base.replace('"Q: {{question}}\\nA:"', '"Q: {{question}\\nA:"'),
        "jinja_undefined": base.replace('"Q: {{question}}\\nA:"', '"Q: {{quesion}}\\nA:"'),
        "mc_without_choices": base.replace('doc_to_choice: "{{choices}}"\n', ""),
        "missing_doc_to_target": base.replace("doc_to_target: answer\n", ""),
        "missing_doc_to_text": base.replace('doc_to_text: "Q: {{question}}\\nA:"\n', ""),
        "missing_dataset_path": base.replace("dataset_path: json\n", "").replace(
            "dataset_kwargs:\n  data_files:\n    test: data.jsonl\n    train: data.jsonl\n", ""),
        "missing_splits": base.replace("test_split: test\n", ""),
        "split_not_found": base.replace("test_split: test", "test_split: tst"),
        "data_file_missing": base.replace("    test: data.jsonl\n", "    test: missing.jsonl\n"),
        "doc_to_choice_not_list": base.replace('doc_to_choice: "{{choices}}"', 'doc_to_choice: "{{question}}"'),
        "dataset_kwargs_string": base.replace(
            "dataset_kwargs:\n  data_files:\n    test: data.jsonl\n    train: data.jsonl\n", "dataset_kwargs: data.jsonl\n"),
        "doc_to_target_undefined": base.replace("doc_to_target: answer", 'doc_to_target: "{{answr}}"'),
        "task_name_number": base,
        "top_level_list": "- task: a\n- task: b\n",
        "data_line_corrupt": base.replace("    test: data.jsonl\n", "    test: corrupt.jsonl\n"),
    }
    generative = base.replace("output_type: multiple_choice", "output_type: generate_until").replace(
        'doc_to_choice: "{{choices}}"', 'target_delimiter: " "').replace(
        "doc_to_target: answer", 'doc_to_target: "{{choices[answer]}}"')
    if stem in GENERATIVE:
        special[stem] = generative
    if stem == "task_name_number":
        return "task: 12\n" + base
    if stem == "top_level_list":
        return special[stem]
    text = special.get(stem, base)
    if stem in ("missing_doc_to_target", "missing_doc_to_text", "missing_dataset_path", "missing_splits"):
        return task + text
    return task + text + (extra or "")


def main() -> None:
    for old in HERE.glob("*.yaml"):
        old.unlink()
    for stem, extra, expect, field, line in CASES:
        body = body_for(stem, extra)
        if line is not None and stem not in ("top_level_list", "unknown_field_deep_include"):
            line += HEADER_LINES  # lines above are counted from the first YAML line
        run = RUN_NAMES.get(stem, f"broken_{stem}")
        header = f"# expect: {expect}\n# field: {field or ''}\n# line: {line if line is not None else ''}\n# run: {run}\n"
        (HERE / f"{stem}.yaml").write_text(header + body + TRAILING_COMMENTS.get(stem, ""), encoding="utf-8")
    for stem, extra, warn, field, line in WARNED:
        header = f"# warn: {warn}\n# field: {field}\n# line: {line + HEADER_LINES}\n# run: broken_{stem}\n"
        (HERE / f"{stem}.yaml").write_text(header + body_for(stem, extra), encoding="utf-8")
    for stem, body, expect, field, line in GROUPS:
        line = None if line is None else line + HEADER_LINES
        header = f"# expect: {expect}\n# field: {field or ''}\n# line: {line if line is not None else ''}\n# run: {RUN_NAMES.get(stem) or body.split()[1]}\n"
        (HERE / f"{stem}.yaml").write_text(header + body + TRAILING_COMMENTS.get(stem, ""), encoding="utf-8")
    (HERE / "include_cycle_b.yaml").write_text(
        "# expect: include cycle\n# field: include\n# line: 5\n# run: cyc\ninclude: include_cycle_a.yaml\n"
        + TRAILING_COMMENTS["include_cycle_b"], encoding="utf-8")
    # line 3 is cut short: the error names this file and line, not the YAML
    (HERE / "corrupt.jsonl").write_text(
        '{"question": "q0", "choices": ["a", "b"], "answer": 0}\n\n'
        '{"question": "q1", "choices": ["a", "b"], "answ\n', encoding="utf-8")
    (HERE / "no_task_or_group.yaml").write_text(  # names nothing, and no file includes it
        "# warn: defines neither `task` nor `group`\n# field: \n# line: 1\n# run: \n" + BASE, encoding="utf-8")
    (HERE / "ok_task.yaml").write_text("# a valid task the groups refer to\n# run: ok_task\ntask: ok_task\n" + BASE, encoding="utf-8")
    (HERE / "bad_template_yaml").write_text(BASE.replace("test_split: test", "test_splt: test"), encoding="utf-8")


if __name__ == "__main__":
    main()
