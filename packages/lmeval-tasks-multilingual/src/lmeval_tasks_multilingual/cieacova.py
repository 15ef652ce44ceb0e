"""CIEACOVA (gplsi/cieacova): Valencian language-certificate exercises, as lm-eval 0.4.13 runs
them: every document's prompt carries one worked example, the first train row with the same
instruction ("dynamic few-shot"); scores are also reported per CEFR level and per subtask.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from lmeval.tasks import data

REPO = "gplsi/cieacova"
CHOICE, GENERATION = "multiple_choice", "text_generation"


def load_cieacova_dataset(**kwargs: Any) -> dict[str, Any]:
    """The splits of ``dataset_kwargs``' ``dataset_repo`` / ``dataset_name`` (other keys ignored)."""
    name = kwargs.get("dataset_name")
    if not name:
        raise ValueError("cieacova: dataset_kwargs needs a dataset_name")
    return dict(data.load_splits(kwargs.get("dataset_repo", REPO), name))


def _parse_list_like(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [str(item).strip() for item in value if str(item).strip()]
    if isinstance(value, str):
        cleaned = value.strip()
        if not cleaned:
            return []
        try:
            parsed = ast.literal_eval(cleaned)
            if isinstance(parsed, (list, tuple)):
                return [str(item).strip() for item in parsed if str(item).strip()]
        except (SyntaxError, ValueError):
            pass
        return [part.strip().strip("'\"") for part in cleaned.strip("[]").split(",") if part.strip()]
    return [str(value).strip()]


def _instruction(text: str | None) -> str:
    return text.replace('"[MASK]"', "[MASK]") if text else ""


def _options(options: Sequence[str]) -> str:
    return "\n".join(f"- {o}" for o in options) if options else ""


@cache
def _examples(config: str, mirror: str | None) -> dict[str, dict[str, Any]]:
    """The first train row of each instruction (the mirror is part of the key: tests switch it)."""
    out: dict[str, dict[str, Any]] = {}
    for row in load_cieacova_dataset(dataset_name=config)["train"]:
        instruction = _instruction(row.get("Instrucción", ""))
        if not instruction or instruction in out:
            continue
        answers = _parse_list_like(row.get("Respuesta"))
        out[instruction] = {"Pregunta": row.get("Pregunta", ""), "Pista": row.get("Pista", ""),
                            "Opciones": _parse_list_like(row.get("Opciones")),
                            "Respuesta": answers[0] if answers else ""}
    return out


def process_docs(docs: Any) -> Any:
    examples = _examples(CHOICE, os.environ.get("LMEVAL_DATASETS_DIR"))

    def fix(doc: Mapping[str, Any]) -> dict[str, Any]:
        instruction = _instruction(doc.get("Instrucción", ""))
        options = _parse_list_like(doc.get("Opciones"))
        answers = _parse_list_like(doc.get("Respuesta"))
        correct = [options.index(a) for a in answers if a in options] or [0]
        shot = examples.get(instruction)
        dynamic = (f"Exemple de text a resoldre:\n{shot['Pregunta']}\n\n"
                   f"Exemple opcions de resposta:\n{_options(shot['Opciones'])}\n\n"
                   f"Exemple resposta:\n{shot['Respuesta']}\n\n---\n\n") if shot else ""
        parsed = options or [""]
        return {**doc, "dynamic_fewshot": dynamic, "Instrucción": instruction, "parsed_opciones": parsed,
                "parsed_opciones_text": _options(parsed), "parsed_respuesta": correct}

    return docs.map(fix)


def _labels(doc: Mapping[str, Any]) -> tuple[Any, Any]:
    return (doc.get("Metadata", {}).get("Dificultad", "Desconocida"), doc["Subtarea"])


def process_results(doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, float]:
    lls = [r[0] if isinstance(r, tuple) else r for r in results]
    options, targets = doc["parsed_opciones"], doc["parsed_respuesta"]
    norm = [ll / max(1, len(o)) for ll, o in zip(lls, options, strict=True)]
    acc = 1.0 if lls.index(max(lls)) in targets else 0.0
    acc_norm = 1.0 if norm.index(max(norm)) in targets else 0.0
    level, subtask = _labels(doc)
    return {"acc": acc, "acc_norm": acc_norm, f"acc_{level}": acc, f"acc_norm_{level}": acc_norm,
            f"acc_{subtask}": acc, f"acc_norm_{subtask}": acc_norm}


def process_gen_docs(docs: Any) -> Any:
    examples = _examples(GENERATION, os.environ.get("LMEVAL_DATASETS_DIR"))

    def fix(doc: Mapping[str, Any]) -> dict[str, Any]:
        instruction = _instruction(doc.get("Instrucción", ""))
        shot = examples.get(instruction)
        dynamic = ""
        if shot:
            hint = shot.get("Pista", "")
            dynamic = (f"Exemple de text a resoldre:\n{shot.get('Pregunta', '')}\n\n"
                       + (f"Exemple PISTA:\n{hint}\n\n" if hint else "")
                       + f"Exemple resposta:\n{shot.get('Respuesta', '')}\n\n---\n\n")
        return {**doc, "parsed_respuesta": _parse_list_like(doc.get("Respuesta")) or [""],
                "dynamic_fewshot": dynamic, "Instrucción": instruction}

    return docs.map(fix)


def _clean(text: str | None, allowed: set[str]) -> str:
    return "".join(c.lower() for c in text if c.isalnum() or c in allowed).strip() if text else ""


def process_results_text_generation(doc: Mapping[str, Any], results: Any) -> dict[str, float]:
    """Exact match after keeping letters, digits and the references' own punctuation, lower-cased."""
    prediction = results[0] if isinstance(results, list) else results
    targets = doc["parsed_respuesta"]
    allowed = {c for t in targets for c in t if not c.isalnum() and not c.isspace()}
    score = 1.0 if _clean(prediction, allowed) in [_clean(t, allowed) for t in targets] else 0.0
    level, subtask = _labels(doc)
    return {"exact_match": score, f"exact_match_{level}": score, f"exact_match_{subtask}": score}
