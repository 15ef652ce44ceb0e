"""The janitor (13-gram decontamination) on constructed overlaps, and ``lmeval decontaminate``."""

from __future__ import annotations

import json
import random
import textwrap

import pytest
from lmeval.cli import main
from lmeval.decontamination import Janitor, find_overlaps, ngrams

_VOCAB = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november "
          "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu").split()


def filler(n_words: int, seed: int) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(_VOCAB) + str(rng.randint(0, 99)) for _ in range(n_words))


SECRET = "The quick brown fox jumps over the lazy dog while seven wizards quietly hex the judge"


def test_ngrams_ignore_case_and_punctuation():
    a = list(ngrams("The QUICK, brown fox!", 2))
    assert a == ["the quick", "quick brown", "brown fox"]
    assert list(ngrams("just twelve words here so there is no thirteen gram at all")) == []


def test_clean_cuts_window_around_match_and_keeps_long_chunks():
    before, after = filler(150, 1), filler(150, 2)
    text = f"{before} {SECRET.upper()}!! {after}"
    janitor = Janitor()
    janitor.register_contaminant(SECRET)
    hits = janitor.matches(text)
    assert len(hits) == len(SECRET.split()) - 13 + 1
    chunks = janitor.clean(text)
    assert len(chunks) == 2
    first_start, last_end = hits[0][0], hits[-1][1]
    assert chunks[0] == text[:first_start - 200]
    assert chunks[1] == text[last_end + 200:]
    cleaned = " ".join(chunks)
    assert not janitor.dirt_ngrams & set(ngrams(cleaned))
    assert "quick" not in cleaned.lower()


def test_clean_keeps_clean_documents_whole_even_when_short():
    janitor = Janitor()
    janitor.register_contaminant(SECRET)
    assert janitor.clean("a short clean document") == ["a short clean document"]
    twelve = " ".join(SECRET.split()[:12])
    long_text = f"{filler(60, 3)} {twelve} {filler(60, 4)}"
    assert janitor.clean(long_text) == [long_text]


def test_short_chunks_are_dropped():
    janitor = Janitor()
    janitor.register_contaminant(SECRET)
    text = f"tiny prefix {SECRET} {filler(200, 5)}"
    chunks = janitor.clean(text)
    assert len(chunks) == 1 and chunks[0].endswith(filler(200, 5)[-50:])
    assert not chunks[0].startswith("tiny")


def test_too_dirty_cutoff_counts_matching_ngrams():
    janitor = Janitor(ngram_n=13)
    janitor.register_contaminant(SECRET)
    words = SECRET.split()
    exactly_13 = " ".join(words[:13])
    doc_10 = " ".join(f"{filler(40, i)} {exactly_13}" for i in range(10)) + " " + filler(60, 99)
    assert len(janitor.matches(doc_10)) == 10
    assert janitor.clean(doc_10) != []
    doc_11 = f"{doc_10} {exactly_13} {filler(60, 98)}"
    assert len(janitor.matches(doc_11)) == 11
    assert janitor.clean(doc_11) == []
    assert Janitor(too_dirty_cutoff=11, dirt_ngrams=janitor.dirt_ngrams).clean(doc_11) != []


def test_find_overlaps_reports_documents_sharing_a_13_gram():
    docs = [(i, filler(30, 100 + i)) for i in range(5)]
    corpus = [filler(500, 7), f"{filler(20, 8)} {docs[3][1].upper()} {filler(20, 9)}",
              " ".join(docs[1][1].split()[5:18])]
    result = find_overlaps({"t": docs}, corpus)
    assert sorted(result.contaminated["t"]) == [1, 3]
    assert result.documents == {"t": 5} and result.corpus_documents == 3
    assert result.contaminated["t"][1] == [" ".join(docs[1][1].split()[5:18]).lower()]


@pytest.fixture(autouse=True)
def _index_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture
def task_dir(tmp_path):
    d = tmp_path / "tasks"
    d.mkdir()
    passages = [filler(40, 200 + i) + "." for i in range(6)]
    with (d / "reading.jsonl").open("w") as fh:
        for i, p in enumerate(passages):
            fh.write(json.dumps({"passage": p, "question": f"What is item {i}?", "answer": "yes"}) + "\n")
    common = """\
        dataset_path: json
        dataset_kwargs:
          data_files:
            test: reading.jsonl
        test_split: test
        output_type: generate_until
        doc_to_text: "{{passage}}\\nQuestion: {{question}}\\nAnswer:"
        doc_to_target: answer
        """
    (d / "reading.yaml").write_text("task: reading_dc\n" + textwrap.dedent(common) + textwrap.dedent("""\
        should_decontaminate: true
        doc_to_decontamination_query: passage
        """))
    (d / "reading_plain.yaml").write_text("task: reading_plain\n" + textwrap.dedent(common))
    return d, passages


def test_cli_decontaminate_reports_and_cleans(task_dir, tmp_path, capsys):
    d, passages = task_dir
    corpus = tmp_path / "corpus.jsonl"
    piece = " ".join(passages[2].split()[10:25])  # 15 words: 3 matching 13-grams
    long_doc = f"{filler(120, 1)} {piece} {filler(120, 2)}"
    with corpus.open("w") as fh:
        fh.write(json.dumps({"text": filler(300, 3)}) + "\n")
        fh.write(json.dumps({"text": long_doc}) + "\n")
    (tmp_path / "notes.txt").write_text(passages[4].upper())
    report = tmp_path / "report.json"
    cleaned = tmp_path / "clean.jsonl"
    code = main(["decontaminate", "--tasks", "reading_dc,reading_plain", "--include_path", str(d),
                 "--corpus", str(corpus), str(tmp_path / "notes.txt"), "--output_path", str(report),
                 "--clean_output", str(cleaned)])
    out = capsys.readouterr().out
    assert code == 0
    assert "reading_dc" in out and "reading_plain" in out and "skipped" in out
    data = json.loads(report.read_text())
    assert data["corpus_documents"] == 3
    entry = data["tasks"]["reading_dc"]
    assert entry["should_decontaminate"] is True
    assert entry["documents"] == 6 and entry["contaminated"] == 2
    assert sorted(entry["contaminated_docs"]) == ["2", "4"]
    assert data["tasks"]["reading_plain"] == {"should_decontaminate": False}
    rows = [json.loads(line) for line in cleaned.read_text().splitlines()]
    # notes.txt holds a whole passage: 28 matching 13-grams > too_dirty_cutoff, dropped whole
    assert data["clean"] == {"output": str(cleaned), "kept": 1, "split": 1, "too_dirty": 1,
                             "no_chunk_left": 0, "chunks": 3}
    assert rows[0]["text"] == filler(300, 3)
    assert [r["chunk"] for r in rows[1:]] == [0, 1]
    cleaned_text = " ".join(r["text"] for r in rows)
    assert piece.split()[7] not in cleaned_text.split()
    assert not any(r["source"].endswith("notes.txt") for r in rows)


def test_cli_decontaminate_fail_on_overlap_and_all_tasks(task_dir, tmp_path, capsys):
    d, passages = task_dir
    corpus = tmp_path / "c.txt"
    corpus.write_text(passages[0])
    args = ["decontaminate", "--tasks", "reading_plain", "--include_path", str(d), "--corpus", str(corpus)]
    assert main(args) == 2  # no task sets should_decontaminate
    assert "should_decontaminate" in capsys.readouterr().err
    assert main([*args, "--all_tasks", "--fail_on_overlap"]) == 1
    assert main([*args[:2], "reading_dc", *args[3:], "--fail_on_overlap", "--limit", "0"]) == 0
