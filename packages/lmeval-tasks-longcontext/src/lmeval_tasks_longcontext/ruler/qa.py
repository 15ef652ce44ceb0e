"""Question answering over many documents (``ruler_qa_squad``, ``ruler_qa_hotpot``): a SQuAD 2.0 or
HotpotQA question with its gold paragraphs among distractors, as many as fit, shuffled by
``Random(42)``. As lm-eval 0.4.13 builds it, draw for draw."""

from __future__ import annotations

import random
from typing import Any

from lmeval_tasks_longcontext.ruler.tokenizer import token_count

TEMPLATE = ("Answer the question based on the given documents. Only give me the answer and do not output any other "
            "words.\n\nThe following are given documents.\n\n{context}\n\nAnswer the question based on the given "
            "documents. Only give me the answer and do not output any other words.\n\nQuestion: {query}")
DOCUMENT = "Document {i}:\n{document}"
SEED = 42
TOKENS_TO_GENERATE = 32
SAMPLES = 500


def input_output(rng: random.Random, index: int, num_docs: int, qas: list[dict], docs: list[str]) -> tuple[str, list[str]]:
    qa = qas[index]
    gold, more = qa["context"], qa.get("more_context", [])
    if num_docs < len(docs):
        if num_docs - len(gold) > len(more):
            others = [i for i, _ in enumerate(docs) if i not in gold + more]
            chosen = gold + more + rng.sample(others, max(0, num_docs - len(gold) - len(more)))
        else:
            chosen = gold + rng.sample(more, max(0, num_docs - len(gold)))
        picked = [docs[i] for i in chosen]
    else:  # every document: a copy (lm-eval shuffles its cached list in place, moving every later question's gold)
        picked = list(docs)
    random.Random(SEED).shuffle(picked)
    context = "\n\n".join(DOCUMENT.format(i=i + 1, document=d) for i, d in enumerate(picked))
    return TEMPLATE.format(context=context, query=qa["query"]), qa["outputs"]


def documents(rng: random.Random, tok: Any, qas: list[dict], docs: list[str], max_seq_length: int,
              num_samples: int = SAMPLES, incremental: int = 10) -> list[dict]:
    num_docs, total = incremental, 0
    while total + TOKENS_TO_GENERATE < max_seq_length:
        text, answer = input_output(rng, 0, num_docs, qas, docs)
        total = token_count(tok, text + f" {answer}")
        if total + TOKENS_TO_GENERATE > max_seq_length:
            num_docs -= incremental
            break
        num_docs += incremental
        if num_docs > len(docs):
            num_docs = len(docs)
            break
    num_docs = max(num_docs, 1)

    out = []
    for index in range(num_samples):
        least = len(qas[index]["context"])
        sample = None
        for used in [*range(max(num_docs, least), least, -incremental), least]:
            try:
                text, answer = input_output(rng, index, used, qas, docs)
            except ValueError:  # as lm-eval: a failed draw means "try fewer documents"
                continue
            length = token_count(tok, text) + TOKENS_TO_GENERATE
            if length <= max_seq_length:
                sample = (text, answer, length)
                break
        if sample is None:
            continue
        text, answer, length = sample
        out.append({"index": index, "input": text, "outputs": answer, "length": length,
                    "max_length": max_seq_length, "gen_prefix": "Answer:"})
    if not out:
        raise ValueError(f"RULER: no QA document fits max_seq_length={max_seq_length} (the template, the gold "
                         f"documents and {TOKENS_TO_GENERATE} generated tokens); raise max_seq_lengths")
    return out
