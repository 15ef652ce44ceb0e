"""KoBEST (Kim et al. 2022, arXiv:2204.04541) and CSAT-QA prompts and documents, as lm-eval 0.4.13
builds them; KoBEST's F1 is the macro average over the labels seen (:func:`.noreval.macro_f1`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lmeval_tasks_multilingual.noreval import macro_f1

Doc = Mapping[str, Any]

macro_f1_score = macro_f1


def copa_doc_to_text(doc: Doc) -> str:
    connector = {"원인": " 왜냐하면", "결과": " 그래서"}[doc["question"].strip()]
    return f"{doc['premise']} {connector}"


def copa_doc_to_target(doc: Doc) -> str:
    return doc["alternative_1"] if doc["label"] == 0 else doc["alternative_2"]


def copa_doc_to_choice(doc: Doc) -> list[str]:
    return [f"{doc['alternative_1']}", f"{doc['alternative_2']}"]


def sentineg_doc_to_text(doc: Doc) -> str:
    return f"문장: {doc['sentence']} 긍부정:"


def wic_doc_to_text(doc: Doc) -> str:
    return f"문장1: {doc['context_1']} 문장2: {doc['context_2']} 두 문장에서 {doc['word']}가 같은 뜻으로 쓰였나?"


def hellaswag_docs(docs: Any) -> Any:
    def prepare(doc: Doc) -> dict[str, Any]:
        return {**doc, "query": f"문장: {doc['context']}",
                "choices": [doc["ending_1"], doc["ending_2"], doc["ending_3"], doc["ending_4"]],
                "gold": int(doc["label"])}

    return docs.map(prepare)


def csatqa_docs(docs: Any) -> Any:
    """The instruction with context, question and five numbered options; the gold 0-based."""
    def prepare(doc: Doc) -> dict[str, Any]:
        options = "\n".join(f"({k}) {doc[f'option#{k}']}" for k in range(1, 6))
        instruction = (f"다음을 읽고 정답으로 알맞은 것을 고르시요.\n### Context: {doc['context']}\n"
                       f"### Question: {doc['question']}\n### Options:\n{options}\n### Answer: 주어진 문제의 정답은")
        return {**doc, "question": instruction, "choices": ["(1)", "(2)", "(3)", "(4)", "(5)"],
                "gold": int(doc["gold"]) - 1}

    return docs.map(prepare)
