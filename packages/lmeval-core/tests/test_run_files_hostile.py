"""``lmeval rescore`` and ``lmeval compare`` on damaged run files: samples files cut at many
byte offsets (a run killed while writing), bytes that are not UTF-8, lines that are not samples,
results files cut or reshaped. Every one is one ``lmeval: error:`` line naming the file (and the
line for a samples file), exit 2, no traceback; never a silent score over part of a run."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from lmeval.cli import main
from runs_fixture import make_run, write_tasks


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile_runs")
    mp = pytest.MonkeyPatch()
    mp.setenv("LMEVAL_CACHE_DIR", str(root / "cache"))
    tasks = write_tasks(root / "tasks")
    yield {"tasks": tasks, "file": make_run(tasks, root / "run", tasks=("cmp_mc", "cmp_gen", "cmp_ppl"))}
    mp.undo()


def _call(capsys, argv: list[str]) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().err


def _copy(run, tmp_path: Path) -> Path:
    copy = tmp_path / "run"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(run["file"].parent, copy)
    return copy


def _one_error(code: int, err: str, *needles: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("lmeval: error: "), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, (needle, err)


def _both(capsys, run, copy: Path, tmp_path: Path) -> list[tuple[int, str]]:
    rescore = _call(capsys, ["rescore", copy, "--include_path", run["tasks"], "-o", tmp_path / "out"])
    compare = _call(capsys, ["compare", run["file"], copy, "--fail_on", "change"])
    return [rescore, compare]


def _cuts(size: int, lines: list[bytes]) -> list[int]:
    """Byte offsets inside lines (mid-write kills) across the whole file; a line whole but for
    its newline parses, so it is the between-lines case."""
    ends = {sum(len(x) for x in lines[: i + 1]) - k for i in range(len(lines)) for k in (0, 1)}
    rng = random.Random(7)
    return sorted({o for o in [1, 2, 5, 17, size - 2, *rng.sample(range(1, size), 12)] if o not in ends})


@pytest.mark.parametrize("task", ["cmp_mc", "cmp_gen"])
def test_a_samples_file_cut_mid_line_names_the_line(run, capsys, tmp_path, task):
    copy = _copy(run, tmp_path)
    path = next(copy.glob(f"samples_{task}_*.jsonl"))
    text = path.read_bytes()
    lines = text.splitlines(keepends=True)
    cuts = _cuts(len(text), lines)
    assert len(cuts) >= 12
    for cut in cuts:
        path.write_bytes(text[:cut])
        number = text[:cut].count(b"\n") + 1
        for code, err in _both(capsys, run, copy, tmp_path):
            _one_error(code, err, f"{path}:{number}: not JSON", "cut off")


@pytest.mark.parametrize("task", ["cmp_mc", "cmp_gen"])
def test_a_samples_file_cut_between_lines_is_not_scored_in_part(run, capsys, tmp_path, task):
    """A file that ends on a line boundary parses: rescore refuses it against the run's n-samples;
    compare pairs what both runs logged and names the documents left out."""
    copy = _copy(run, tmp_path)
    path = next(copy.glob(f"samples_{task}_*.jsonl"))
    lines = path.read_bytes().splitlines(keepends=True)
    for keep in (1, 2, len(lines) // 2, len(lines) - 1):
        path.write_bytes(b"".join(lines[:keep]))
        code, err = _call(capsys, ["rescore", copy, "--include_path", run["tasks"], "-o", tmp_path / "o"])
        _one_error(code, err, str(path), f"{keep} documents logged, the run evaluated {len(lines)}")
        code = main(["compare", str(run["file"]), str(copy)])
        out = capsys.readouterr().out
        assert code == 1 and f"{task}: {len(lines) - keep} document(s) only in A" in out
    path.write_bytes(b"")
    code, err = _call(capsys, ["rescore", copy, "--include_path", run["tasks"], "-o", tmp_path / "o"])
    _one_error(code, err, f"{path}: no samples")


BAD_LINES = [
    (b"\xff\xfe garbage\n", "not UTF-8 text (byte 0xff"),
    ('{"doc_id": 0, "doc": "caf\u00e9"}\n'.encode("latin-1"), "not UTF-8 text (byte 0xe9"),
    (b"\x00" * 40 + b"\n", "not JSON"),
    (b"\xef\xbb\xbf{}\n", "not JSON"),
    (b"[1, 2, 3]\n", "expected a JSON object (one logged sample), got list"),
    (b'"a string"\n', "expected a JSON object (one logged sample), got str"),
    (b"null\n", "expected a JSON object (one logged sample), got NoneType"),
    (b"12\n", "expected a JSON object (one logged sample), got int"),
    (b'{"doc_id": ' + b"9" * 5000 + b"}\n", "not a sample: Exceeds the limit"),
    (b'{"doc_id": 0, "doc": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n", "not a sample: maximum recursion"),
    (b'{"doc_id": 0, "doc": {\n', "not JSON"),
]


@pytest.mark.parametrize("line, message", BAD_LINES, ids=[m.split(":")[0][:20] + str(i)
                                                          for i, (_, m) in enumerate(BAD_LINES)])
@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_a_line_that_is_not_a_sample_is_one_located_error(run, capsys, tmp_path, line, message, where):
    copy = _copy(run, tmp_path)
    path = next(copy.glob("samples_cmp_gen_*.jsonl"))
    lines = path.read_bytes().splitlines(keepends=True)
    at = {"first": 0, "middle": len(lines) // 2, "last": len(lines)}[where]
    path.write_bytes(b"".join([*lines[:at], line, *lines[at:]]))
    for code, err in _both(capsys, run, copy, tmp_path):
        _one_error(code, err, f"{path}:{at + 1}: ", message)


@pytest.mark.parametrize("doc_id", ["0.5", "true", "NaN", '"0"', "null", "[0]", "{}"])
def test_a_doc_id_that_is_not_an_integer_is_one_located_error(run, capsys, tmp_path, doc_id):
    copy = _copy(run, tmp_path)
    path = next(copy.glob("samples_cmp_mc_*.jsonl"))
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    entry = json.loads(lines[2])
    lines[2] = json.dumps(entry).replace(f'"doc_id": {entry["doc_id"]}', f'"doc_id": {doc_id}', 1) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    for code, err in _both(capsys, run, copy, tmp_path):
        _one_error(code, err, f"{path}:3: a sample needs an integer doc_id, got")


def _reshape(key: str, value: object):
    def edit(results: dict) -> dict:
        results[key] = value
        return results
    return edit


def _entry(key: str, value: object):
    def edit(results: dict) -> dict:
        results[key][next(iter(results[key]))] = value
        return results
    return edit


RESHAPED = [
    ("results", None), ("results", [1]), ("results", "x"), ("configs", "x"), ("configs", 3),
    ("n-samples", 5), ("higher_is_better", []), ("versions", "1"), ("n-shot", 0), ("config", "x"),
]


@pytest.mark.parametrize("key, value", RESHAPED)
def test_a_reshaped_results_file_is_one_error(run, capsys, tmp_path, key, value):
    copy = _copy(run, tmp_path)
    file = copy / run["file"].name
    file.write_text(json.dumps(_reshape(key, value)(json.loads(file.read_text()))))
    for code, err in _both(capsys, run, copy, tmp_path):
        _one_error(code, err, str(file), f"field {key!r}: expected an object")


@pytest.mark.parametrize("key", ["results", "configs", "n-samples", "higher_is_better"])
@pytest.mark.parametrize("value", [None, 1, "x", [1]])
def test_a_results_entry_that_is_not_an_object_is_one_error(run, capsys, tmp_path, key, value):
    copy = _copy(run, tmp_path)
    file = copy / run["file"].name
    file.write_text(json.dumps(_entry(key, value)(json.loads(file.read_text()))))
    for code, err in _both(capsys, run, copy, tmp_path):
        _one_error(code, err, str(file), f"field {key!r}: entry ", "expected an object")


def test_a_results_file_cut_or_not_utf8_is_one_error(run, capsys, tmp_path):
    copy = _copy(run, tmp_path)
    file = copy / run["file"].name
    text = run["file"].read_bytes()
    variants = [text[:cut] for cut in (0, 1, 10, len(text) // 3, len(text) // 2, len(text) - 2)]
    variants += [b"\xff" + text, text.replace(b'"results"', b'"r\xe9sults"', 1), b"[]", b"{}",
                 b"[" * 100_000, b'{"results": ' + b"1" * 5000 + b"}"]
    for data in variants:
        file.write_bytes(data)
        for code, err in _both(capsys, run, copy, tmp_path):
            _one_error(code, err, f"{file}: not a results file")


@pytest.mark.parametrize("typo", ["rnu", "runn", "Run", "ru"])
def test_a_mistyped_run_path_names_the_closest(run, capsys, tmp_path, typo):
    copy = _copy(run, tmp_path)
    (tmp_path / "other").mkdir()
    wrong = copy.parent / typo
    for argv in (["rescore", wrong], ["compare", wrong, copy], ["compare", copy, wrong]):
        code, err = _call(capsys, argv)
        _one_error(code, err, f"{wrong}: no such file or directory", "did you mean 'run'")


@pytest.mark.parametrize("source, target", [(a, b) for a in ("cmp_mc", "cmp_gen", "cmp_ppl")
                                            for b in ("cmp_mc", "cmp_gen", "cmp_ppl") if a != b])
def test_the_samples_file_of_another_task_is_refused(run, capsys, tmp_path, source, target):
    """Before: a generation task's samples under a multiple-choice task's name died with a
    TypeError inside its metric."""
    copy = _copy(run, tmp_path)
    into = next(copy.glob(f"samples_{target}_*.jsonl"))
    into.write_bytes(next(copy.glob(f"samples_{source}_*.jsonl")).read_bytes())
    code, err = _call(capsys, ["rescore", copy, "--include_path", run["tasks"], "-o", tmp_path / "o"])
    _one_error(code, err, f"{into}:1: request 0 is a ", f"task {target!r}", "the samples file of another task?")


@pytest.mark.parametrize("flag", ["--tolerance", "--sample_tolerance"])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "-1e-9"])
def test_compare_refuses_a_tolerance_that_is_not_a_distance(run, capsys, flag, value):
    code, err = _call(capsys, ["compare", run["file"], run["file"], f"{flag}={value}"])
    _one_error(code, err, f"{flag}: expected a finite number >= 0")


@pytest.mark.parametrize("where", ["/etc/passwd/x.json", "/proc/nope/x.json", "{run}/x.json"])
def test_compare_output_path_that_cannot_be_written_is_checked_first(run, capsys, tmp_path, where):
    target = where.format(run=run["file"])  # under a file
    code, err = _call(capsys, ["compare", run["file"], run["file"], "-o", target])
    _one_error(code, err, "--output_path: cannot write to")


def test_a_directory_of_several_runs_names_the_one_compared(run, capsys, tmp_path):
    """``compare DIR X`` where DIR holds several runs compares DIR's newest: said on stderr; a
    DIR whose newest run is X itself is refused instead of comparing a run with itself."""
    root = tmp_path / "runs"
    older, newer = _copy(run, tmp_path), root / "z"
    shutil.copytree(older, root / "a")
    shutil.copytree(older, newer)
    stamp = run["file"].name.removeprefix("results_").removesuffix(".json")
    for f in newer.iterdir():  # the newest run under root/
        f.rename(f.with_name(f.name.replace(stamp, "2099-01-01T00-00-00.000001")))
    code = main(["compare", str(root), str(older)])
    err = capsys.readouterr().err
    assert code == 0 and f"A: 2 results files under {root}; comparing the newest" in err, err
    assert "2099-01-01" in err
    code, err = _call(capsys, ["compare", root, next(newer.glob("results_*.json"))])
    _one_error(code, err, "A and B are the same results file")


@pytest.mark.parametrize("value", ["1e308", "-1e308", "1.7e308", "1e301", "NaN", "Infinity", "-Infinity",
                                   '"1"', "[1]", "{}", "null", "true"])
def test_edited_per_sample_metric_values_never_crash_the_paired_tests(run, capsys, tmp_path, value):
    """Before: 1e308 in a logged acc died with OverflowError inside fsum."""
    copy = _copy(run, tmp_path)
    path = next(copy.glob("samples_cmp_mc_*.jsonl"))
    lines = path.read_text(encoding="utf-8").splitlines()
    edited = []
    for i, line in enumerate(lines):
        entry = json.loads(line)
        if i % 3 == 0:
            entry["acc"] = "__X__"
        edited.append(json.dumps(entry).replace('"__X__"', value))
    path.write_text("\n".join(edited) + "\n", encoding="utf-8")
    code = main(["compare", str(run["file"]), str(copy), "--fail_on", "change", "-o", str(tmp_path / "c.json")])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in err, err
    (test,) = [t for t in json.loads((tmp_path / "c.json").read_text())["paired"]["cmp_mc"]["tests"]
               if t["metric"] == "acc"]
    assert test["reason"] in ("per-sample values are not numbers (a corpus metric)",
                              "per-sample values too large to sum (an edited samples file?)",
                              "the task score is not the mean of its per-sample values"), test


@pytest.mark.parametrize("value", ["[1]", "{}", "1", "2.5", "true"])
def test_a_filter_that_is_not_a_name_is_one_located_error(run, capsys, tmp_path, value):
    """Before: a list or object as filter died with 'unhashable type' in compare."""
    copy = _copy(run, tmp_path)
    path = next(copy.glob("samples_cmp_gen_*.jsonl"))
    lines = path.read_text(encoding="utf-8").splitlines()
    entry = json.loads(lines[1])
    entry["filter"] = "__X__"
    lines[1] = json.dumps(entry).replace('"__X__"', value)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, err = _call(capsys, ["compare", run["file"], copy])
    _one_error(code, err, f"{path}:2: filter: expected the filter's name")


DOC_EDITS = {
    "field removed": lambda d: d.pop("answer"), "answer as text": lambda d: d.update(answer="x"),
    "answer out of range": lambda d: d.update(answer=10**6), "negative answer": lambda d: d.update(answer=-7),
    "answer null": lambda d: d.update(answer=None), "answer float": lambda d: d.update(answer=1.5),
    "choices text": lambda d: d.update(choices="abc"), "choices empty": lambda d: d.update(choices=[]),
    "question removed": lambda d: d.pop("q"), "template in a field": lambda d: d.update(q="{{ 7*7 }}"),
    "field added": lambda d: d.update(extra=1), "keys reordered": lambda d: None,  # reordered below
}


@pytest.mark.parametrize("task", ["cmp_mc", "cmp_gen", "cmp_ppl"])
@pytest.mark.parametrize("edit", list(DOC_EDITS))
def test_an_edited_document_is_refused_by_its_doc_hash(run, capsys, tmp_path, task, edit):
    """The logged document's fields feed the metrics: an edited one no longer matches the
    logged doc_hash (before: rescored silently, or a KeyError/IndexError/TypeError traceback)."""
    copy = _copy(run, tmp_path)
    path = next(copy.glob(f"samples_{task}_*.jsonl"))
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    before = json.dumps(lines[2]["doc"])
    if task == "cmp_ppl" and edit not in ("field added", "question removed", "template in a field"):
        lines[2]["doc"]["q"] += " edited"
    else:
        DOC_EDITS[edit](lines[2]["doc"])
    if edit == "keys reordered":
        lines[2]["doc"] = dict(reversed(list(lines[2]["doc"].items())))
    assert json.dumps(lines[2]["doc"]) != before
    path.write_text("".join(json.dumps(e) + "\n" for e in lines), encoding="utf-8")
    code, err = _call(capsys, ["rescore", copy, "--include_path", run["tasks"], "-o", tmp_path / "o"])
    _one_error(code, err, f"{path}:3: doc does not match its doc_hash", "--allow_request_changes")


def test_an_unedited_run_passes_the_doc_hash_check_and_the_flag_skips_it(run, capsys, tmp_path):
    copy = _copy(run, tmp_path)
    code, err = _call(capsys, ["rescore", copy, "--include_path", run["tasks"], "-o", tmp_path / "o"])
    assert code == 0, err
    path = next(copy.glob("samples_cmp_mc_*.jsonl"))
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    lines[2]["doc"]["q"] += " edited"
    path.write_text("".join(json.dumps(e) + "\n" for e in lines), encoding="utf-8")
    code, err = _call(capsys, ["rescore", copy, "--include_path", run["tasks"], "-o", tmp_path / "o2",
                               "--allow_request_changes"])
    assert code == 0, err
