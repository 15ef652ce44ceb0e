"""NorEval (Mikhailov et al. 2025, arXiv:2504.07749): the prompt functions, document preparation and
light scorers of its Norwegian Bokmål (``nob``/``nb``) and Nynorsk (``nno``/``nn``) tasks, as lm-eval
0.4.13 runs them. The BLEU/ROUGE/BERTScore generation scorers are in :mod:`.noreval_generation`.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lmeval_tasks_multilingual.scoring import exact, token_f1

Doc = Mapping[str, Any]

# ------------------------------------------------------------------------------- NoReC (macro F1)


def macro_f1(items: Sequence[tuple[Any, Any]]) -> float:
    """Unweighted mean of the per-label F1 over every label seen as gold or prediction
    (scikit-learn's ``f1_score(average="macro")``; an undefined ratio counts 0)."""
    pairs = list(items)
    labels = {g for g, _ in pairs} | {p for _, p in pairs}
    if not labels:
        return 0.0
    total = 0.0
    for label in labels:
        tp = sum(1 for g, p in pairs if g == label and p == label)
        fp = sum(1 for g, p in pairs if g != label and p == label)
        fn = sum(1 for g, p in pairs if g == label and p != label)
        denom = 2 * tp + fp + fn
        total += 2 * tp / denom if denom else 0.0
    return total / len(labels)


# ------------------------------------------------------------------------------------ NorIdiom

_PUNCT = set(string.punctuation)


def _idiom_normalize(text: str) -> str:
    return "".join(ch for ch in text if ch not in _PUNCT).lower().strip()


def _idiom_f1(prediction: str, completion: str) -> float:
    gold, pred = completion.split(), prediction.split()
    if not gold or not pred:
        return int(gold == pred)
    same = sum((Counter(gold) & Counter(pred)).values())
    if same == 0:
        return 0
    precision, recall = same / len(pred), same / len(gold)
    return 2 * precision * recall / (precision + recall)


def process_results_idiom(doc: Doc, results: Sequence[str]) -> dict[str, float]:
    """Exact match and token F1 of the normalized completion, best over the accepted completions."""
    prediction = _idiom_normalize(results[0])
    completions = [_idiom_normalize(c) for c in doc["accepted_completions"]]
    return {"em": max(int(prediction == c) for c in completions),
            "fscore": max(_idiom_f1(prediction, c) for c in completions)}


def idioms_nob(docs: Any) -> Any:
    return docs.filter(lambda doc: doc["language"] == "nob")


def idioms_nno(docs: Any) -> Any:
    return docs.filter(lambda doc: doc["language"] == "nno")


# ------------------------------------------------------------------------------- NorOpenBookQA


def with_fact(docs: Any) -> Any:
    """Only the questions that come with their fact."""
    return docs.filter(lambda doc: len(doc["fact"]) > 0)


# ------------------------------------------------------------------------------------- NorQuAD


def norquad_docs(docs: Any) -> Any:
    """The context's first line is the title, the rest the passage; the question's blanks collapsed."""
    def split(doc: dict[str, Any]) -> dict[str, Any]:
        lines = doc["context"].strip().split("\n")
        return {**doc, "title": lines[0].strip(), "passage": "\n".join(lines[1:]).strip(),
                "question": " ".join(doc["question"].strip().split())}

    return docs.map(split)


NORQUAD_PROMPTS = [
    "Tittel: {title}\n\nTekst: {passage}\n\nSpørsmål: {question}\n\nSvar:",
    'Tittel: {title}\n\nTekst: {passage}\n\nGitt teksten over, hva er svaret på følgende spørsmål? "{question}"\n\nSvar:',
    "Tittel: {title}\n\nTekst: {passage}\n\nSvar på følgende: {question}\n\nSvar:",
    'Tittel: {title}\n\nTekst: {passage}\n\nHvordan kan man svare på spørsmålet "{question}", gitt teksten over?\n\nSvar:',
    'Tittel: {title}\n\nTekst:{passage}\n\nGitt teksten over, besvar følgende spørsmål: "{question}"\n\nSvar:',
]


def norquad_prompt(index: int) -> Callable[[Doc], str]:
    def prompt(doc: Doc) -> str:
        return NORQUAD_PROMPTS[index].format(title=doc["title"], passage=doc["passage"], question=doc["question"])

    return prompt


def process_results_norquad(doc: Doc, results: Sequence[str]) -> dict[str, float]:
    """SQuAD exact match and token F1 of the generation against the first answer."""
    reference = doc["answers"]["text"][0]
    return {"f1": token_f1(reference, results[0]), "exact_match": exact(reference, results[0])}


# ------------------------------------------------------------------------- NorTruthfulQA (mc)

#: per written standard, the five prompts; ``{choices}`` is each option on its own "- " line
TRUTHFUL_MC_PROMPTS = {
    "nb": ["Spørsmål: {question}\n\nSvar:",
           "Spørsmål: {question}\n\nSvaralternativer:{choices}\n\nSvar:",
           "Spørsmål: {question}\n\nHvilke av følgende alternativer er riktig svar på spørsmålet?{choices}",
           "Gitt følgende spørsmål, hvilket av de mulige svarene under er riktig?\nSpørsmål: {question}\n{choices}",
           "{question}\nVelg et av følgende mulige svar:{choices}\n\nSvar:"],
    "nn": ["Spørsmål: {question}\n\nSvar:",
           "Spørsmål: {question}\n\nSvaralternativ:{choices}\n\nSvar:",
           "Spørsmål: {question}\n\nKva av følgande alternativ er rett svar på spørsmålet?{choices}",
           "Gitt følgande spørsmål, kva av dei moglege svara under er rett?\nSpørsmål: {question}\n{choices}",
           "{question}\nVel eit av følgande moglege svar:{choices}\n\nSvar:"],
}


def _dashed(options: Sequence[str]) -> str:
    return "".join(f"\n- {option}" for option in options)


def truthful_mc_prompt(lang: str, index: int) -> Callable[[Doc], str]:
    def prompt(doc: Doc) -> str:
        return TRUTHFUL_MC_PROMPTS[lang][index].format(question=doc["question"],
                                                       choices=_dashed(doc["mc1_targets"]["choices"]))

    return prompt


# --------------------------------------------------------------------------------- NRK-Quiz-QA

NRK_PROMPTS = {
    "nb": ["Spørsmål: {question}\n\nSvar:",
           "{question}\n\nSvaralternativer:{choices}\n\nHva er riktig svar?\n\nSvar:",
           "{question}{choices}\n\nEr det riktige svaret {enumerated}?\n\nSvar:",
           "Spørsmål: {question}{choices}\n\nSvar:",
           "{question}\nVelg riktig svar blant disse alternativene:{choices}\n\nSvar:"],
    "nn": ["Spørsmål: {question}\n\nSvar:",
           "{question}\n\nSvaralternativer:{choices}\n\nKva er rett svar?\n\nSvar:",
           "{question}{choices}\n\nEr det rette svaret {enumerated}?\n\nSvar:",
           "Spørsmål: {question}{choices}\n\nSvar:",
           "{question}\nVel rett svar blant desse alternativa:{choices}\n\nSvar:"],
}
#: the prompts that list the options with their letters ("\nA: ..."); the others with dashes
_LETTERED = {2, 3}


def _enumerated(labels: Sequence[str]) -> str:
    """"A, B, C, eller D"; "A eller B" for two."""
    text = ", ".join(labels[:-1]) + f", eller {labels[-1]}"
    return text.replace(", eller", " eller") if len(labels) == 2 else text


def nrk_prompt(lang: str, index: int) -> Callable[[Doc], str]:
    def prompt(doc: Doc) -> str:
        labels, texts = doc["choices"]["label"], doc["choices"]["text"]
        if index in _LETTERED:
            choices = "".join(f"\n{label}: {text}" for label, text in zip(labels, texts, strict=False))
        else:
            choices = _dashed(texts)
        enumerated = _enumerated(labels) if index == 2 else ""
        return NRK_PROMPTS[lang][index].format(question=doc["question"], choices=choices, enumerated=enumerated)

    return prompt
