"""Documents of JSON lines files held as their lines (``JsonLinesDocs``): the same values as
``json.loads`` of each line, a fresh dict on each access, and the ``datasets.Dataset`` methods
giving what ``DocList`` gives on the same rows."""

from __future__ import annotations

import copy
import json
import math
import pickle

import pytest
from lmeval.tasks import data as datamod
from lmeval.tasks.data import DocList, JsonLinesDocs, read_rows

LINES = [
    '{"s": "plain", "u": "é中😀", "esc": "tab\\t \\"q\\" \\\\ \\u00e9 \\ud83d\\ude00", "lone": "\\ud800"}',
    '{"i": 0, "neg": -17, "big": 123456789012345678901234567890, "f": 1.5, "e": 1e300, '
    '"tiny": 5e-324, "nz": -0.0, "whole": 2.0, "pi": 3.141592653589793}',
    '{"nan": NaN, "inf": Infinity, "ninf": -Infinity}',
    '{"t": true, "f": false, "n": null}',
    '{"nested": {"a": [1, [2, {"b": null}], {}], "c": {"d": {"e": []}}}, "empty": {}}',
    '{"dup": 1, "dup": 2, "order": "kept"}',
    '[1, "two", {"three": 3}]',
    '"a bare string"',
    "42",
    '  {"padded": "spaces around"}   ',
    '{"crlf": "line ends with CR"}\r',
]
FILE = "\n".join(LINES[:3]) + "\n\n   \n" + "\n".join(LINES[3:]) + "\n"


def same(a, b) -> bool:
    """Equal values of the same types all the way down (floats by repr: NaN, -0.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return repr(a) == repr(b)
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


@pytest.fixture
def docs(tmp_path) -> JsonLinesDocs:
    path = tmp_path / "docs.jsonl"
    path.write_bytes(FILE.encode("utf-8"))
    return read_rows(path)


def expected() -> list:
    return [json.loads(line) for line in LINES]


def test_every_json_value_kind_decodes_as_json_loads_of_its_line(docs):
    assert isinstance(docs, JsonLinesDocs)
    assert len(docs) == len(LINES)  # the blank and white-space lines are no documents
    for i, want in enumerate(expected()):
        assert same(docs[i], want), (i, docs[i], want)
        assert same(docs[i - len(LINES)], want)  # negative indices
    assert all(same(a, b) for a, b in zip(docs, expected(), strict=True))
    assert math.isnan(docs[2]["nan"]) and docs[1]["big"] == 123456789012345678901234567890
    assert docs[0]["lone"] == "\ud800" and docs[5] == {"dup": 2, "order": "kept"}
    with pytest.raises(IndexError):
        docs[len(LINES)]


def test_each_access_is_a_fresh_document(docs):
    first = docs[3]
    first["t"] = "edited"
    first["added"] = 1
    assert docs[3] == {"t": True, "f": False, "n": None}
    assert docs[3] is not docs[3]


def test_equality_and_columns(docs, tmp_path):
    assert docs == expected()  # json's NaN is one object: equal to itself in a dict
    path = tmp_path / "rows.jsonl"
    rows = [{"q": f"question {i}", "choices": ["a", "b"], "answer": i % 2} for i in range(6)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    held, plain = read_rows(path), DocList(rows)
    assert held == rows and rows == held and held == plain and held != rows[:5]
    assert held.column_names == plain.column_names == ["q", "choices", "answer"]
    assert held.features == plain.features and held.num_rows == 6
    assert held["answer"] == plain["answer"] == [0, 1, 0, 1, 0, 1]
    assert isinstance(held[1:4], JsonLinesDocs) and held[1:4] == plain[1:4] == rows[1:4]
    assert held[::-2] == rows[::-2]
    assert list(reversed(held)) == rows[::-1] and held.index(rows[2]) == 2 and rows[4] in held


@pytest.fixture
def pair(tmp_path) -> tuple[JsonLinesDocs, DocList]:
    rows = [{"id": i, "text": f"doc {i}", "tags": [i, {"even": i % 2 == 0}]} for i in range(10)]
    path = tmp_path / "pair.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return read_rows(path), DocList(copy.deepcopy(rows))


def test_filter_select_shuffle_stay_held_and_match_doclist(pair):
    held, plain = pair
    for name, call in [
        ("filter", lambda d: d.filter(lambda doc: doc["id"] % 3 == 0)),
        ("filter with indices", lambda d: d.filter(lambda doc, i: i > 6, with_indices=True)),
        ("select", lambda d: d.select([9, 0, 4, 4, -1])),
        ("shuffle", lambda d: d.shuffle(seed=1234)),
        ("shuffle twice", lambda d: d.shuffle(seed=7).shuffle(seed=8)),
        ("chained", lambda d: d.filter(lambda doc: doc["id"] > 2).select([2, 0]).shuffle(seed=3)),
    ]:
        got, want = call(held), call(plain)
        assert isinstance(got, JsonLinesDocs), name
        assert list(got) == list(want) and len(got) == len(want), name
    assert held.shuffle(seed=1234) != held  # it does reorder
    with pytest.raises(IndexError):
        held.select([10])


def test_map_and_column_edits_match_doclist(pair):
    held, plain = pair

    def edit_in_place(doc):
        doc["text"] = doc["text"].upper()
        doc["tags"].append("x")
        return {"n": len(doc["tags"])}

    for call in [
        lambda d: d.map(edit_in_place),
        lambda d: d.map(lambda doc, i: {"i": i}, with_indices=True),
        lambda d: d.map(lambda doc: {"only": doc["id"]}, remove_columns=["text", "tags"]),
        lambda d: d.map(lambda cols: {"id2": [i * 2 for i in cols["id"]]}, batched=True),
        lambda d: d.map(lambda cols: {"x": cols["id"][:3]}, batched=True, remove_columns="id"),
        lambda d: d.rename_column("text", "body"),
        lambda d: d.remove_columns(["tags"]),
    ]:
        got, want = call(held), call(plain)
        assert type(got) is DocList and got == want
    assert held == plain  # map edits copies, never the held documents


def test_pickle_and_deepcopy_keep_the_documents(pair):
    held, plain = pair
    subset = held.filter(lambda doc: doc["id"] % 2).shuffle(seed=5)
    for docs in (held, subset):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(docs, protocol=protocol))
            assert isinstance(back, JsonLinesDocs) and back == docs
        assert copy.deepcopy(docs) == docs
    assert list(subset) == list(plain.filter(lambda doc: doc["id"] % 2).shuffle(seed=5))


def test_json_lines_in_a_json_file_and_split_files_joined(tmp_path):
    (tmp_path / "test-00000-of-00002.jsonl").write_text('{"a": 1}\n{"a": 2}\n')
    (tmp_path / "test-00001-of-00002.json").write_text('{"a": 3}\n\n{"a": "ü"}')
    (tmp_path / "train.json").write_text('[{"a": 5}]')
    assert isinstance(read_rows(tmp_path / "test-00001-of-00002.json"), JsonLinesDocs)
    splits = datamod.load_splits(str(tmp_path))
    test = datamod.get_split(splits, "test", dataset="d")
    assert isinstance(test, JsonLinesDocs)
    assert test == [{"a": 1}, {"a": 2}, {"a": 3}, {"a": "ü"}] and test[3] == {"a": "ü"}
    assert type(datamod.get_split(splits, "train", dataset="d")) is DocList


def test_a_bad_line_fails_at_load_with_its_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"a": 1}\n\n{"a": 2,}\n')
    with pytest.raises(datamod.DataFileError) as info:
        read_rows(path)
    assert info.value.line == 3
    path.write_bytes(b'{"a": "\xc3"}\n')  # a cut UTF-8 character
    with pytest.raises(datamod.DataFileError) as info:
        read_rows(path)
    assert info.value.line == 1 and "UTF-8" in info.value.message
