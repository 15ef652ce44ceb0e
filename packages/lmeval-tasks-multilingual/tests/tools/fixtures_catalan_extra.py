"""Fixtures of caBreu, cocoteros_va and TerretaQA (called by make_fixtures.py)."""

from __future__ import annotations

import json

from fixture_rows import N, dump


def catalan_generation() -> None:
    for split in ("train", "validation", "test"):
        dump("projecte-aina/caBreu", None, split, [{
            "id": f"{split}-{i}", "title": f"Titular {i}", "subtitle": "", "date": "2023-01-01", "source": "diari",
            "content": f"La notícia  {split} {i} diu   que Barcelona 3 és aquí.",
            "summaries": {kind: {f"a{k}": f"Resum  {kind} {k} de la notícia {i}." for k in (1, 2, 3)}
                          for kind in ("abstractive", "extractive", "extreme")}} for i in range(N)])
    dump("gplsi/cocoteros_va", None, "test", [{
        "keywords": f"casa, gat, {i}", "context": f"Un dia {i} de pluja", "text": f"El gat {i} està en casa."}
        for i in range(N + 2)])
    dump("gplsi/TerretaQA", None, "test", [{"input": f"Quina és la capital {i}", "target": f"Paris {i}"}
                                           for i in range(N + 2)])

    dump("gplsi/truthfulqa_va", "generation", "validation", [{
        "type": "Adversarial", "category": "Misconceptions", "question": f" Què passa si menges llavors {i}? ",
        "best_answer": "No passa res", "correct_answers": ["No passa res", "Les digereixes.", " "][: 2 + i % 2],
        "incorrect_answers": [f"Et creix un meló {i}", "Et mors"], "source": "https://example.org"}
        for i in range(N)])

    cieacova()


CIEACOVA_LEVELS = ["C1", "B2", "B1", "C2"]


def cieacova() -> None:
    """Two instructions; the train split gives each its worked example (the second test instruction has none)."""
    metadata = {"Anotador": "a", "Año": "2020", "Mes": "5", "Fuente": "JQCV", "Idioma": "va", "N. Pregunta": "1",
                "Sección": "s"}
    for split in ("train", "test"):
        dump("gplsi/cieacova", "multiple_choice", split, [{
            "Tarea": "t", "Instrucción": ['Tria l\'opció "[MASK]"', "Tria la frase correcta", "Una altra"][i]
            if split == "test" else ['Tria l\'opció "[MASK]"', "Tria la frase correcta", 'Tria l\'opció "[MASK]"'][i],
            "Pista": None, "Pregunta": f"Pregunta {split} {i} amb [MASK].",
            # lists, as the dataset's features declare them (an answer may be none of the options)
            "Respuesta": [f"opció {(i + 1) % 3} {i}"] if i != 2 else ["cap"],
            "Opciones": [f" opció {k} {i}" if k else f"opció {k} {i}" for k in range(3)],
            "Metadata": {**metadata, "Dificultad": CIEACOVA_LEVELS[i]}, "Prompt": "",
            "Subtarea": ["text", "frase", "oracions"][i]} for i in range(N)])
        dump("gplsi/cieacova", "text_generation", split, [{
            "Tarea": "t", "Instrucción": ["Escriu la paraula", "Completa", "Escriu la paraula"][i],
            "Pista": [f"pista {i}", "", None][i], "Pregunta": f"Frase {split} {i} amb ___.",
            "Respuesta": [f"Paraula-{i}!"] if i != 1 else ["Paris", " París "], "Opciones": [],
            "Metadata": {**metadata, "Dificultad": CIEACOVA_LEVELS[(i + 1) % 4]}, "Prompt": "",
            "Subtarea": ["text", "oracions", "definició"][i]} for i in range(N)])


EMOTIONS = [["Ira", "Alegria", "Por", "Sorpresa"], ["Alleujament", "Alegria", "Culpa", "Orgull"]]


def eqbench_ca() -> None:
    """BSC-LT/EQ-bench_ca, for the catalan_bench group (the task itself is lmeval-tasks-classic's)."""
    rows = []
    for i in range(N):
        names = EMOTIONS[i % 2]
        scores = [(i + 3 * k) % 11 for k in range(4)]
        listed = "\n".join(names)
        answer = {**{f"emotion{k + 1}": n for k, n in enumerate(names)},
                  **{f"emotion{k + 1}_score": s for k, s in enumerate(scores)}}
        rows.append({"prompt": f"La teva tasca és predir les respostes emocionals d'un personatge en aquest diàleg {i}:"
                               f"\n\nJoan: Has agafat el meu seient.\nAnna: Estava lliure.\n[Fi del diàleg]\n\n"
                               f"Al final d'aquest diàleg, l'Anna sentiria...\n{listed}\n\nLa teva resposta:\n",
                     "reference_answer": json.dumps(answer, ensure_ascii=False),
                     "reference_answer_fullscale": repr(answer)})
    dump("BSC-LT/EQ-bench_ca", None, "test", rows)


FAMILIES = [catalan_generation, eqbench_ca]
