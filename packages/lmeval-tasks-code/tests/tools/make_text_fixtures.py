"""Write the fixture mirrors of CodeXGLUE code-to-text, HumanEval-infilling and JSONSchemaBench.

    python packages/lmeval-tasks-code/tests/tools/make_text_fixtures.py

Each dataset in its Hub schema (the offline mirror layout ``<owner>/<name>/<config>/<split>.jsonl``):
code-to-text rows written here; the infilling rows cut from the HumanEval fixture's canonical
solutions the way the infilling benchmark cuts them (a line, a block of lines, a character span);
JSONSchemaBench rows are small schemas of GitHub's kind, valid and not.
"""

from __future__ import annotations

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

CODE = {
    "go": [("func Add(a, b int) int {\n\treturn a + b\n}", "Add returns the sum of a and b."),
           ("func (s *Server) Close() error {\n\treturn s.ln.Close()\n}", "Close stops the server's listener ."),
           ("func IsEmpty(s string) bool { return len(s) == 0 }", "IsEmpty reports whether s is empty")],
    "java": [("public int size() { return this.count; }", "Returns the number of elements in this list."),
             ("public static String trim(String s) {\n    return s == null ? null : s.trim();\n}",
              "Trims a string , null-safe ."),
             ("void close() throws IOException { in.close(); }", "Closes the underlying stream\n.")],
    "javascript": [("function sum(xs) {\n  return xs.reduce((a, b) => a + b, 0);\n}", "Sum an array of numbers."),
                   ("const isString = (v) => typeof v === 'string';", "Check whether a value is a `string`"),
                   ("function noop() {}", "A no-op function (does nothing).")],
    "php": [("public function getName()\n{\n    return $this->name;\n}", "Get the name ."),
            ("function h($s) { return htmlspecialchars($s, ENT_QUOTES); }", "Escape HTML & quotes in a string"),
            ("public static function make($x) { return new static($x); }", "Create a new instance.")],
    "python": [("def add(a, b):\n    return a + b", "Add two numbers ."),
               ("def read(path):\n    with open(path) as f:\n        return f.read()",
                "Read the file at ``path`` and return its text."),
               ("def is_even(n):\n    return n % 2 == 0", "Return True if n is even, e.g. 2-4.")],
    "ruby": [("def full_name\n  \"#{first} #{last}\"\nend", "Returns the full name."),
             ("def empty?\n  size.zero?\nend", "Is the collection empty ?"),
             ("def to_s\n  name\nend", "String form : the name")],
}


def _tokens(text: str) -> list[str]:
    import re

    return re.findall(r"\w+|[^\s\w]", text)


def code_to_text() -> None:
    for lang, pairs in CODE.items():
        rows = []
        for i, (code, doc) in enumerate(pairs):
            rows.append({"id": i, "repo": f"example/{lang}-lib", "path": f"src/file{i}", "func_name": f"f{i}",
                         "original_string": code, "language": lang, "code": code, "code_tokens": _tokens(code),
                         "docstring": doc, "docstring_tokens": doc.split(" "), "sha": "0" * 40,
                         "url": f"https://github.com/example/{lang}-lib/blob/main/src/file{i}#L1"})
        for split in ("train", "validation", "test"):
            _write(FIXTURES / "CM" / f"codexglue_code2text_{lang}" / "default" / f"{split}.jsonl", rows)


def _infill(problem: dict, kind: str) -> list[dict]:
    body = problem["canonical_solution"]
    lines = body.splitlines(keepends=True)
    if kind == "SingleLine":
        cuts = [(sum(map(len, lines[:i])), sum(map(len, lines[:i + 1]))) for i in range(min(len(lines), 2))]
    elif kind == "MultiLine":
        cuts = [(0, sum(map(len, lines[:2]))), (sum(map(len, lines[:1])), len(body))]
    else:
        cuts = [(4, len(body) // 2), (len(body) // 3, len(body) - 2)]
    rows = []
    for n, (start, end) in enumerate(cuts):
        if start >= end:
            continue
        rows.append({"task_id": f"{kind}Infilling/{problem['task_id']}/L{n}",
                     "entry_point": problem["entry_point"], "prompt": problem["prompt"] + body[:start],
                     "suffix": body[end:], "canonical_solution": body[start:end], "test": problem["test"]})
    return rows


def infilling() -> None:
    source = FIXTURES / "openai" / "openai_humaneval" / "default" / "test.jsonl"
    problems = [json.loads(line) for line in source.read_text().splitlines()]
    for kind, config in (("SingleLine", "SingleLineInfilling"), ("MultiLine", "MultiLineInfilling"),
                         ("RandomSpan", "RandomSpanInfilling"), ("RandomSpanLight", "RandomSpanInfillingLight")):
        rows = [row for p in problems for row in _infill(p, kind)]
        _write(FIXTURES / "loubnabnl" / "humaneval_infilling" / f"HumanEval-{config}" / "test.jsonl", rows)


SCHEMAS = [
    {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
     "required": ["name"]},
    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
     "properties": {"ip": {"type": "string", "format": "ipv4"}, "id": {"type": "string", "format": "uuid"}},
     "required": ["ip", "id"], "additionalProperties": False},
    {"type": "array", "items": {"enum": ["red", "green", "blue"]}, "minItems": 1},
    {"type": "object", "properties": {"port": {"type": "integer", "maximum": 65535}}, "required": ["port"]},
]


def jsonschema_bench() -> None:
    for level, offset in (("easy", 0), ("medium", 1), ("hard", 2)):
        rows = [{"json_schema": json.dumps(SCHEMAS[(i + offset) % len(SCHEMAS)], indent=2),
                 "unique_id": f"o{offset}_{i}"} for i in range(4)]
        for split in ("train", "valid", "test"):
            _write(FIXTURES / "epfl-dlab" / "JSONSchemaBench" / f"Github_{level}" / f"{split}.jsonl", rows)


def _write(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


if __name__ == "__main__":
    code_to_text()
    infilling()
    jsonschema_bench()
