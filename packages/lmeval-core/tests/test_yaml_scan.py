"""The index's quick YAML scan against a real PyYAML parse, over many styles of YAML.

The quick scan may say "not sure" (``None``) as often as it likes — the index then parses the file
— but when it answers, its answer must be what a full parse gives. Styles come three ways: a
list written by hand (quoted keys, flow style, anchors, merge keys, comments in odd places, BOM,
CRLF, tabs, multi-line strings, ``!function``, ``---``), PyYAML's own emitter in every style it
has, and random edits of both (quotes, colons, brackets, line breaks, indentation dropped in).
"""

from __future__ import annotations

import random
import string

import pytest
import yaml
from lmeval.tasks.yamlscan import full_scan, quick_scan, scan

# (id, text, the naming record a parse gives, whether the quick scan must answer without a parse)
STYLES: list[tuple[str, str, dict, bool]] = [
    ("plain", "task: t1\ndataset_path: json\n", {"task": "t1"}, True),
    ("double-quoted keys", '"task": "mmlu_x"\n"tag": "mmlu_stem_tasks"\n"include": "_t_yaml"\n',
     {"task": "mmlu_x", "tag": "mmlu_stem_tasks", "include": "_t_yaml"}, True),
    ("single-quoted keys", "'task': 'x'\n'group_alias': 'It''s'\n", {"task": "x", "group_alias": "It's"}, True),
    ("space before colon", "task : t1\n", {"task": "t1"}, True),
    ("comment after key", "task: t1 # the name\ntag: a#b\n", {"task": "t1", "tag": "a#b"}, True),
    ("comment lines everywhere", "# head\n  # indented\ntask: t1\n# mid\ntag:\n  # in list\n  - a\n# tail\n",
     {"task": "t1", "tag": ["a"]}, True),
    ("BOM", "\ufefftask: t1\n", {"task": "t1"}, True),
    ("CRLF", "task: t1\r\ntag:\r\n  - a\r\n  - b\r\n", {"task": "t1", "tag": ["a", "b"]}, True),
    ("no final newline", "task: t1", {"task": "t1"}, True),
    ("document start", "---\ntask: t1\n", {"task": "t1"}, True),
    ("compact list at column 0", "tag:\n- a\n- 'b'\ntask: t1\n", {"tag": ["a", "b"], "task": "t1"}, True),
    ("flow list", "tag: [a, 'b', \"c\"]\ntask: t1\n", {"tag": ["a", "b", "c"], "task": "t1"}, True),
    ("group with members", "group: g\ntask:\n  - t1\n  - task: t2\n    num_fewshot: 0\n  - group: sub\n    task: [t3]\n",
     {"group": "g", "task": []}, True),
    ("inline group members at column 0", "group: g\ntask:\n- group: sub\n  task:\n  - t1\n",
     {"group": "g", "task": []}, True),
    ("class", "task: py\nclass: !function task.MyTask\n", {"task": "py", "class": True}, True),
    ("!function values", "task: t1\nprocess_docs: !function utils.process\n", {"task": "t1"}, True),
    ("block scalar with key-like lines", "doc_to_text: |\n  task: fake\n  \"open quote\n  - x\ntask: t1\n",
     {"task": "t1"}, True),
    ("folded scalar", "description: >-\n  a long\n  text: with colon\ntask: t1\n", {"task": "t1"}, True),
    ("nested task key", "fewshot_config:\n  task: nested\ntask: top\n", {"task": "top"}, True),
    ("names that are not strings", "task: 123\ngroup_alias: yes\ntag: null\n",
     {"task": {"not_a_string": "123"}, "group_alias": {"not_a_string": "True"}, "tag": None}, True),
    ("a date", "task: 2024-01-01\n", {"task": {"not_a_string": "2024-01-01"}}, True),
    ("empty naming value", "group:\ntask: t1\n", {"group": None, "task": "t1"}, True),
    ("duplicate key: the last wins", "task: first\ntask: second\n", {"task": "second"}, True),
    ("escaped quotes", 'task: "a\\"b"\n', {"task": 'a"b'}, True),
    ("unicode name", "task: tâche_日本\n", {"task": "tâche_日本"}, True),
    ("non-breaking space kept", "task: t1\u00a0\n", {"task": "t1\u00a0"}, True),
    ("quoted key with a colon value", '"doc_to_text": "Q: {{q}}\\nA:"\n"task": "t1"\n', {"task": "t1"}, True),
    # the quick scan may not answer these; the parse does
    ("multi-line double-quoted value", 'doc_to_text: "Answer\\\n  \\ the question:\n  {{q}}"\ntask: t1\n',
     {"task": "t1"}, False),
    ("multi-line string hiding a key", 'task: real\ndescription: "first\ntask: hidden"\n', {"task": "real"}, False),
    ("multi-line flow hiding a key", "task: real\nmetadata: {version: 1,\ntask: hidden}\n", {"task": "real"}, False),
    ("single-quoted string hiding a key", "task: real\nd: 'it''s\ntag: hidden'\n", {"task": "real"}, False),
    ("flow-style document", '{task: t1, tag: [a, b], "group_alias": x}\n',
     {"task": "t1", "tag": ["a", "b"], "group_alias": "x"}, False),
    ("merge key", "base: &b {task: from_merge, tag: m}\n<<: *b\ntag: own\n", {"task": "from_merge", "tag": "own"}, False),
    ("anchor on a name", "task: &n t1\ntask_alias: *n\n", {"task": "t1", "task_alias": "t1"}, False),
    ("multi-line plain name", "task: long\n  name\n", {"task": "long name"}, False),
    ("block scalar name", "task: |-\n  t1\n", {"task": "t1"}, False),
    ("explicit key", "? task\n: t1\n", {"task": "t1"}, False),
    ("tagged key", "!!str task: t1\n", {"task": "t1"}, False),
    ("tab after colon", "task:\tt1\n", {"task": "t1"}, False),
    ("document end", "task: t1\n...\n", {"task": "t1"}, False),
    ("indented document", "  task: t1\n  tag: a\n", {"task": "t1", "tag": "a"}, False),
    ("lone CR line breaks", "task: t1\rtag: a\r", {"task": "t1", "tag": "a"}, False),
    ("NEL line break", "task: t1\x85tag: a\n", {"task": "t1", "tag": "a"}, False),
    ("UTF-16", "task: t1\n", {"task": "t1"}, False),  # encoded as UTF-16 below
    # not a mapping, or not YAML: the parse says why, and the index lists nothing
    ("empty file", "# only a comment\n", {"_error": "expected a mapping at the top level, got NoneType"}, False),
    ("a list", "- task: t1\n", {"_error": "expected a mapping at the top level, got list"}, False),
    ("two documents", "task: t1\n---\ntask: t2\n", None, False),
    ("colon in a plain name", "task: a: b\n", None, False),
    ("tab indentation", "tag:\n\t- a\n", None, False),
    ("control character", "task: t1\x0c\n", None, False),
]


def _bytes(ident: str, text: str) -> bytes:
    return text.encode("utf-16") if ident == "UTF-16" else text.encode("utf-8")


@pytest.mark.parametrize(("ident", "text", "expected", "quick"), STYLES, ids=[s[0] for s in STYLES])
def test_each_style_reads_as_a_parse_reads_it(ident, text, expected, quick):
    data = _bytes(ident, text)
    parsed = full_scan(data)
    if expected is None:
        assert "_error" in parsed, parsed
    else:
        assert parsed == expected
    assert {k: v for k, v in scan(data).items() if k != "_name"} == parsed
    fast = quick_scan(text) if ident != "UTF-16" else None
    if quick:
        assert fast == expected, "the quick scan should answer this common style itself"
    elif fast is not None:
        assert fast == parsed


def test_the_reference_parse_is_pyyaml():
    """full_scan is PyYAML (C loader, !function as a string): the same record as a plain load."""
    loader = type("L", (yaml.CSafeLoader,), {})
    loader.add_constructor("!function", lambda ld, node: ld.construct_scalar(node))
    for ident, text, _, _ in STYLES:
        data = _bytes(ident, text)
        try:
            doc = yaml.load(data, Loader=loader)  # noqa: S506
        except yaml.YAMLError:
            assert "_error" in full_scan(data), ident
            continue
        if not isinstance(doc, dict):
            assert "_error" in full_scan(data), ident
            continue
        names = {k: doc[k] for k in ("task", "group", "tag", "include", "task_alias", "group_alias")
                 if k in doc}
        record = {k: v for k, v in full_scan(data).items() if k != "class"}
        assert set(record) == set(names), ident
        for key, value in names.items():
            if isinstance(value, str) or value is None:
                assert record[key] == value, ident
        assert ("class" in doc) == ("class" in full_scan(data)), ident


# -- PyYAML's emitter in every style, and random documents -------------------------------------

_WORDS = ["t1", "mmlu_x", "yes", "123", "null", "a b", "x: y", "# c", "it's", 'say "hi"', "-dash",
          "[br]", "{br}", "tâche", "multi\nline", "  lead", "trail  ", "", "*star", "&amp", "!bang",
          "|pipe", ">gt", "%pct", "@at", "`tick", "key:", "2024-01-01", "0x1F", "~", "a\\b"]
_KEYS = ["task", "group", "tag", "include", "task_alias", "group_alias", "class", "dataset_path",
         "doc_to_text", "metadata", "metric_list", "description"]


def _value(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth < 2 and roll < 0.15:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 2 and roll < 0.3:
        return {rng.choice(_KEYS): _value(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    if roll < 0.35:
        return rng.choice([1, 2.5, True, None])
    return rng.choice(_WORDS) if rng.random() < 0.7 else "".join(
        rng.choice(string.ascii_letters + " :#'\"[]{}-,\n") for _ in range(rng.randint(1, 30)))


def _documents(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    docs = []
    for _ in range(n):
        doc = {rng.choice(_KEYS): _value(rng) for _ in range(rng.randint(1, 7))}
        style = {"default_style": rng.choice([None, None, '"', "'", "|", ">"]),
                 "default_flow_style": rng.choice([False, False, None, True]),
                 "width": rng.choice([12, 40, 80, 1000]), "indent": rng.choice([2, 4]),
                 "explicit_start": rng.random() < 0.2, "allow_unicode": rng.random() < 0.5,
                 "sort_keys": False}
        text = yaml.safe_dump(doc, **style)
        if rng.random() < 0.2:
            text = text.replace("\n", "\r\n")
        docs.append(text)
    docs.extend(text for _, text, _, _ in STYLES)
    return docs


def _agrees(text: str) -> tuple[bool, bool]:
    """(the quick scan answered, its answer is the parse's) — a document that does not parse
    counts as agreeing: the quick scan does not check YAML below the top level."""
    fast = quick_scan(text)
    if fast is None:
        return False, True
    parsed = full_scan(text.encode("utf-8"))
    return True, "_error" in parsed or fast == parsed


def test_every_emitter_style_agrees_with_the_parse():
    docs = _documents(1500, seed=7)
    answered = 0
    for text in docs:
        quick, same = _agrees(text)
        assert same, f"quick scan {quick_scan(text)!r} != parse {full_scan(text.encode())!r} for:\n{text}"
        answered += quick
    assert answered > len(docs) // 3, f"the quick scan answered only {answered} of {len(docs)}"


_TASK_LINES = [
    "task: t_{i}", '"task": "t_{i}"', "'task': t_{i}  # named", "tag:\n  - fam_a\n  - 'fam_b'",
    "tag: [fam_a, fam_b]", "tag:\n- fam_c", "include: _template_yaml", '"include": "_default_yaml"',
    "dataset_path: json", 'doc_to_text: "Q: {{{{q}}}}\\nA:"', "doc_to_text: |\n  Q: {{{{q}}}}\n  A:",
    "doc_to_choice: ['A', 'B', \"C\"]", "metric_list:\n  - metric: acc\n    aggregation: mean",
    "metadata:\n  version: 1.0", "group: g_{i}", "group_alias: G {i}",
    "task:\n  - member_a\n  - task: member_b\n    num_fewshot: 0", "# a comment",
    "generation_kwargs:\n  until:\n    - \"\\n\\n\"\n  do_sample: false",
    "process_docs: !function utils.process", "task_alias: Alias {i} # shown", "class: !function m.C",
    "description: >-\n  Folded text\n  over lines.", "fewshot_config:\n  sampler: first_n\n  task: no",
]


def _task_like(n: int, seed: int) -> list[str]:
    """Documents made of lines lm-eval's task files are made of, in random order."""
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        lines = rng.sample(_TASK_LINES, rng.randint(2, 9))
        docs.append("\n".join(line.format(i=i) for line in lines) + "\n")
    return docs


_DROPS = ['"', "'", "[", "]", "{", "}", ": ", ":", "#", " #", "\n", "\n  ", "- ", "|", ">", "&a ",
          "*a", "!", "\t", "---\n", "? ", "<<: ", "\r", "\\", "  "]


def test_random_edits_never_make_the_quick_scan_wrong():
    rng = random.Random(11)
    base = _documents(200, seed=3) + _task_like(400, seed=5)
    answered = 0
    for i in range(10000):
        text = rng.choice(base)
        for _ in range(rng.randint(1, 3)):
            at = rng.randint(0, len(text))
            if rng.random() < 0.2:
                text = text[:at] + text[at + rng.randint(1, 5):]  # a deletion
            else:
                text = text[:at] + rng.choice(_DROPS) + text[at:]
        quick, same = _agrees(text)
        assert same, f"case {i}: quick scan {quick_scan(text)!r} != parse " \
                     f"{full_scan(text.encode())!r} for:\n{text!r}"
        answered += quick
    assert answered > 2000, f"the quick scan answered only {answered} of 10000 edited documents"
