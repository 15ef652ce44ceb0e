"""Write the test fixtures: a few rows per dataset config and split, with each hub dataset's schema.

    python packages/lmeval-tasks-multilingual/tests/tools/make_fixtures.py     # rewrites tests/fixtures/

Layout (the offline mirror of lmeval.tasks.data): ``<hub id>/<config or "default">/<split>.jsonl``.
The texts are synthetic; field names, types and value conventions (label ranges, string-typed
answer numbers, "Question: " prefixes of MGSM's train split ...) are those of the hub datasets.
This module writes the families of the first generators; ``fixtures_*.py`` the others.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2] / "generate")]

import fixtures_afrobench  # noqa: E402
import fixtures_afrobench_qa_sum  # noqa: E402
import fixtures_afrobench_tagging  # noqa: E402
import fixtures_afrobench_translation  # noqa: E402
import fixtures_arabic  # noqa: E402
import fixtures_bangla  # noqa: E402
import fixtures_basque_extra  # noqa: E402
import fixtures_catalan_extra  # noqa: E402
import fixtures_evalita  # noqa: E402
import fixtures_extractive_qa  # noqa: E402
import fixtures_french_bench  # noqa: E402
import fixtures_global_piqa  # noqa: E402
import fixtures_hrm8k  # noqa: E402
import fixtures_iberobench  # noqa: E402
import fixtures_japanese_leaderboard  # noqa: E402
import fixtures_kbl  # noqa: E402
import fixtures_korean  # noqa: E402
import fixtures_mela_indicparam_ulqa  # noqa: E402
import fixtures_nerel  # noqa: E402
import fixtures_noreval  # noqa: E402
import fixtures_pisa  # noqa: E402
import fixtures_small_sets  # noqa: E402
import fixtures_toksuite  # noqa: E402
import fixtures_truthfulqa_multi  # noqa: E402
import fixtures_winograd_and_small  # noqa: E402
from afri import AFRIMGSM_LANGS, AFRIXNLI_LANGS  # noqa: E402
from arc_mt import ARC_MT, ARC_MT_DATASETS  # noqa: E402
from basque import EUS_EXAMS  # noqa: E402
from belebele import BELEBELE  # noqa: E402
from dialect_hellaswag import DIALECT_HELLASWAG  # noqa: E402
from fixture_rows import OUT, N, dump, sentence  # noqa: E402
from flores import FLORES  # noqa: E402
from mgsm import MGSM  # noqa: E402
from pawsx import PAWSX  # noqa: E402
from xcopa import XCOPA  # noqa: E402
from xnli import XNLI  # noqa: E402
from xstorycloze import XSTORYCLOZE  # noqa: E402


def belebele() -> None:
    for cfg in BELEBELE:
        dump("facebook/belebele", cfg, "test", [{
            "link": f"https://en.wikibooks.org/wiki/{cfg}/{i}", "question_number": i + 1,
            "flores_passage": f"Passage {i} in {cfg}. " + sentence("p", i, 12),
            "question": f" Which option answers question {i} in {cfg}? ",
            "mc_answer1": f"first {i}", "mc_answer2": f"second {i}", "mc_answer3": f"third {i}",
            "mc_answer4": f"fourth {i}", "correct_answer_num": str(1 + (i % 4)), "dialect": cfg, "ds": "2023-05-03",
        } for i in range(N)])


def nli_rows(tag: str, n: int = N) -> list[dict[str, Any]]:
    return [{"premise": f"The premise {tag} {i} is here.", "hypothesis": f"The hypothesis {tag} {i} holds.",
             "label": i % 3} for i in range(n)]


def xnli() -> None:
    for lang in XNLI:
        for split in ("train", "validation", "test"):
            dump("facebook/xnli", lang, split, nli_rows(f"{lang}-{split}"))


def copa_rows(tag: str) -> list[dict[str, Any]]:
    return [{"premise": f"The man {tag} turned on the faucet {i}.", "choice1": f"The toilet filled {i}.",
             "choice2": f"Water flowed {i}.", "question": ("cause", "effect")[i % 2], "label": i % 2,
             "idx": i, "changed": False} for i in range(N)]


def xcopa() -> None:
    for lang in XCOPA:
        for split in ("validation", "test"):
            dump("cambridgeltl/xcopa", lang, split, copa_rows(f"{lang}-{split}"))


def story_rows(tag: str) -> list[dict[str, Any]]:
    return [{"story_id": f"{tag}-{i}", **{f"input_sentence_{k}": f"Sentence {k} of story {tag} {i}." for k in range(1, 5)},
             "sentence_quiz1": f"Ending one {i}.", "sentence_quiz2": f"Ending two {i}.",
             "answer_right_ending": 1 + i % 2} for i in range(N)]


def xstorycloze() -> None:
    for lang in XSTORYCLOZE:
        for split in ("train", "eval"):
            dump("juletxara/xstory_cloze", lang, split, story_rows(f"{lang}-{split}"))
    for split in ("train", "eval"):
        dump("projecte-aina/xstorycloze_ca", "ca", split, story_rows(f"ca-{split}"))


def paws_rows(tag: str) -> list[dict[str, Any]]:
    rows = [{"id": i + 1, "sentence1": f"In 1990 , he did n't join the ( {tag} ) club {i} .",
             "sentence2": f"He joined the \" {tag} \" club in 1990 , {i} .", "label": i % 2} for i in range(N)]
    rows.insert(1, {"id": 99, "sentence1": "", "sentence2": "An empty first sentence is dropped.", "label": 0})
    return rows


def pawsx() -> None:
    for lang in PAWSX:
        for split in ("train", "validation", "test"):
            dump("google-research-datasets/paws-x", lang, split, paws_rows(f"{lang}-{split}"))


def mgsm_rows(question_prefix: str, answer_prefix: str, split: str, tag: str) -> list[dict[str, Any]]:
    rows = []
    for i in range(N):
        n = 10 + i
        if split == "train":
            rows.append({"question": f"{question_prefix} Roger has {n} balls ({tag}). How many?",
                         "answer": f"{answer_prefix} Roger has {n} balls. The answer is {n}.",
                         "answer_number": n, "equation_solution": f"{n} = {n}"})
        else:
            rows.append({"question": f"Janet has {n} ducks ({tag}). How many ducks?", "answer": None,
                         "answer_number": n, "equation_solution": None})
    return rows


def mgsm() -> None:
    for lang, (question, answer, _direct, _regex) in MGSM.items():
        for split in ("train", "test"):
            dump("juletxara/mgsm", lang, split, mgsm_rows(question, answer, split, lang))


def afri() -> None:
    for lang in AFRIXNLI_LANGS:
        for split in ("validation", "test"):
            dump("masakhane/afrixnli", lang, split, nli_rows(f"{lang}-{split}"))
        if lang != "eng":
            dump("masakhane/afrixnli-translate-test", lang, "test", nli_rows(f"{lang}-tt"))
    for lang in AFRIMGSM_LANGS:
        for split in ("train", "test"):
            dump("masakhane/afrimgsm", lang, split, mgsm_rows("Question:", "Step-by-Step Answer:", split, lang))
        if lang != "eng":
            dump("masakhane/afrimgsm-translate-test", lang, "test", mgsm_rows("Question:", "", "test", f"{lang}-tt"))


def arc_rows(tag: str) -> list[dict[str, Any]]:
    return [{"id": f"{tag}-{i}", "question": f"Question {tag} {i}?",
             "choices": {"text": [f"opt{i}{k}" for k in range(4 if i else 3)], "label": list("ABCD"[: 4 if i else 3])},
             "answerKey": "ABCD"[i % 3]} for i in range(N)]


def flores_rows(tag: str) -> list[dict[str, Any]]:
    return [{"id": i + 1, "URL": f"https://en.wikinews.org/{i}", "domain": "wikinews", "topic": "science",
             "has_image": 0, "has_hyperlink": 0,
             **{f"sentence_{code}": f"{name} sentence {tag} {i}." for name, code in FLORES.values()}}
            for i in range(N)]


def exam_rows(tag: str, with_bad: bool = False) -> list[dict[str, Any]]:
    rows = [{"id": i, "question": f"Galdera {tag} {i}?", "candidates": [f"c{i}{k}" for k in range(4)],
             "answer": i % 4, "link": f"https://example.org/{tag}/{i}"} for i in range(N)]
    if with_bad:
        rows.insert(1, {"id": 98, "question": "No answer", "candidates": ["a", "b", "c", "d"], "answer": -1, "link": ""})
        rows.insert(2, {"id": 99, "question": "No candidates", "candidates": ["", "", "", ""], "answer": 0, "link": ""})
    return rows


def basque() -> None:
    for cfg in ("ARC-Easy", "ARC-Challenge"):
        for split in ("validation", "test"):
            dump("HiTZ/ARC-eu", cfg, split, arc_rows(f"eu-{cfg}-{split}"))
    for split in ("train", "test"):
        dump("HiTZ/MGSM-eu", None, split, mgsm_rows("Galdera:", "Erantzuna urratsez urrats:", split, "eu"))
    dump("HiTZ/PAWS-eu", None, "test", [{k: v for k, v in r.items()} for r in paws_rows("eu")])
    dump("HiTZ/PIQA-eu", None, "validation", [{"goal": f"Helburua {i}", "sol1": f"lehena {i}", "sol2": f"bigarrena {i}",
                                                "label": i % 2} for i in range(N)])
    dump("HiTZ/wnli-eu", None, "validation", [{"sentence1": f"Esaldia {i}.", "sentence2": f"Hipotesia {i}.",
                                               "label": i % 2, "idx": i} for i in range(N)])
    for split in ("validation", "test"):
        dump("HiTZ/XCOPA-eu", None, split, copa_rows(f"eu-{split}"))
    for cfg, splits in (("eu", ("train", "validation", "test")), ("eu_mt", ("train", "validation", "test")),
                        ("eu_native", ("test",))):
        for split in splits:
            dump("HiTZ/xnli-eu", cfg, split, nli_rows(f"{cfg}-{split}"))
    for cfg in EUS_EXAMS:
        dump("HiTZ/EusExams", cfg, "test", exam_rows(cfg, with_bad=cfg == EUS_EXAMS[0]))
    dump("HiTZ/EusProficiency", None, "test", exam_rows("prof"))
    dump("HiTZ/EusReading", None, "test", [{"context": f"Testua {i}.", **r, "candidates": r["candidates"][: 4 - i % 2]}
                                           for i, r in enumerate(exam_rows("read"))])
    dump("HiTZ/EusTrivia", None, "test", [{**r, "candidates": r["candidates"][: 2 + i], "answer": i % (2 + i),
                                           "category": "Science", "difficulty": "easy"}
                                          for i, r in enumerate(exam_rows("trivia"))])
    for split in ("validation", "test"):
        dump("orai-nlp/basqueGLUE", "qnli", split, [{"question": f"Zer da {i}?", "sentence": f"Hau da {i}.",
                                                      "label": i % 2, "idx": i} for i in range(N)])
    for split in ("dev", "devtest"):
        dump("facebook/flores", "all", split, flores_rows(split))


def catalan() -> None:
    for cfg in ("ARC-Easy", "ARC-Challenge"):
        for split in ("validation", "test"):
            dump("projecte-aina/arc_ca", cfg, split, arc_rows(f"ca-{cfg}-{split}"))
    for split in ("train", "validation"):
        dump("nbel/CatCoLA", None, split, [{"ID": i, "Source": "src", "Label": i % 2, "Sentence": f"Frase {split} {i}.",
                                            "Category": 0} for i in range(N)])
    for split in ("train", "validation", "test"):
        dump("projecte-aina/COPA-ca", None, split, copa_rows(f"ca-{split}"))
        dump("projecte-aina/Parafraseja", None, split, [{"id": i, **{k: r[k] for k in ("sentence1", "sentence2", "label")}}
                                                         for i, r in enumerate(paws_rows(f"parafraseja-{split}"))])
        dump("projecte-aina/PAWS-ca", None, split, paws_rows(f"ca-{split}"))
        dump("projecte-aina/teca", None, split, [{**r, "premise": f"La premissa {split} ( {i} ) és aquí .",
                                                  "hypothesis": f"Hipòtesi {i}", "label": i % 3, "id": i}
                                                 for i, r in enumerate(nli_rows(split))])
    for split in ("validation", "test"):
        dump("projecte-aina/openbookqa_ca", None, split, [
            {"id": r["id"], "question_stem": r["question"], "choices": r["choices"],
             "answerKey": " " + r["answerKey"] if i == 0 else r["answerKey"]}  # a stray space, as in the data
            for i, r in enumerate(arc_rows(f"obqa-{split}"))])
    dump("projecte-aina/piqa_ca", None, "validation", [{"goal": f"Objectiu {i}", "sol1": f"u {i}", "sol2": f"dos {i}",
                                                       "label": i % 2} for i in range(N)])
    dump("projecte-aina/siqa_ca", None, "validation", [{"context": f"Context {i}.", "question": f"Pregunta {i}?",
                                                       "answerA": f"a{i}", "answerB": f"b{i}", "answerC": f"c{i}",
                                                       "label": str(1 + i % 3)} for i in range(N)])
    for split in ("train", "validation"):
        dump("projecte-aina/wnli-ca", None, split, [{"sentence1": f"Frase {i}.", "sentence2": f"Hipòtesi {i}.",
                                                     "label": i % 2} for i in range(N)])
    dump("projecte-aina/xnli-ca", None, "validation", nli_rows("xnli-ca"))
    dump("gplsi/xnli_va", None, "test", nli_rows("xnli-va"))
    qa = [{"id": f"q{i}", "title": "T", "context": f"El context {i} diu que la resposta és Barcelona {i}.",
           "question": f"Quina és la resposta {i}?", "answers": [{"text": f"Barcelona {i}", "answer_start": 30}]}
          for i in range(N)]
    dump("projecte-aina/xquad-ca", None, "test", qa)
    for split in ("train", "validation", "test"):
        dump("projecte-aina/catalanqa", None, split, qa)
        dump("projecte-aina/CoQCat", None, split, [{
            "id": f"c{i}", "story": f"Una història {i}.", "questions": [f"Qui {i}?", f"On {i}?"][: 1 + i % 2],
            "answers": {"input_text": [f"en Pere {i}", f"a Girona {i}"][: 1 + i % 2],
                        "answer_start": [0, 5][: 1 + i % 2], "answer_end": [4, 9][: 1 + i % 2]}}
            for i in range(N)])
        if split != "validation":
            dump("projecte-aina/mgsm_ca", None, split, mgsm_rows("Pregunta:", "Resposta pas a pas:", split, "ca"))
    dump("gplsi/CA-VA_alignment_test", None, "test", [{"ca": f"Aquesta és la frase {i}.", "va": f"Esta és la frase {i}."}
                                                      for i in range(6)])


def arc_mt() -> None:
    for lang in ARC_MT:
        hub, config = ARC_MT_DATASETS.get(lang, ("LumiOpen/arc_challenge_mt", lang))
        for split in ("train", "validation", "test"):
            dump(hub, config, split, arc_rows(f"{lang}-{split}"))


def copal_id() -> None:
    for split in ("test", "test_colloquial"):
        dump("haryoaw/COPAL", "id", split, [{
            **row, "terminology": i % 2 == 0, "culture": i % 3 == 0, "language": i % 2 == 1,
        } for i, row in enumerate(copa_rows(f"id-{split}"))])


def dialect_hellaswag() -> None:
    for task, (hub, _) in DIALECT_HELLASWAG.items():
        for split in ("train", "validation", "test"):
            dump(hub, None, split, [{
                "ind": i, "activity_label": f"نشاط {i}", "ctx_a": f"راجل {task} {i} واقف", "ctx_b": "وبعدين",
                "ctx": f"راجل {task} {i} واقف وبعدين", "endings": [f"نهاية {k} للمثال {i}" for k in range(4)],
                "source_id": f"activitynet~{i}", "split": split, "split_type": "indomain",
                "label": "" if split == "test" else str((i + 1) % 4),
            } for i in range(N)])


def main() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    for module in (sys.modules[__name__], fixtures_arabic, fixtures_basque_extra, fixtures_bangla, fixtures_catalan_extra,
                   fixtures_afrobench, fixtures_afrobench_translation, fixtures_afrobench_qa_sum,
                   fixtures_afrobench_tagging, fixtures_global_piqa, fixtures_toksuite, fixtures_extractive_qa,
                   fixtures_winograd_and_small, fixtures_mela_indicparam_ulqa, fixtures_truthfulqa_multi,
                   fixtures_nerel, fixtures_iberobench, fixtures_small_sets, fixtures_pisa):
        for family in module.FAMILIES:
            family()
    for module in (fixtures_noreval, fixtures_evalita, fixtures_kbl, fixtures_french_bench,
                   fixtures_korean, fixtures_hrm8k, fixtures_japanese_leaderboard):
        for family in module.FAMILIES:
            family()
    print(f"wrote {sum(1 for _ in OUT.rglob('*.jsonl'))} files under {OUT}")


FAMILIES = [belebele, xnli, xcopa, xstorycloze, pawsx, mgsm, afri, arc_mt, copal_id, dialect_hellaswag, basque, catalan]

if __name__ == "__main__":
    main()
