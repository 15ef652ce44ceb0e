"""Fixtures of GalicianBench, SpanishBench and PortugueseBench in each dataset's Hub schema:
``python tests/tools/fixtures_iberobench.py`` (FLORES, Belebele's template, MGSM-es are shared)."""

from __future__ import annotations

import csv
import io
import json

from fixture_rows import OUT, N, dump, sentence

SPLITS3 = ("train", "validation", "test")


def galician() -> None:
    dump("proxectonos/belebele_gl", None, "train", [{
        "link": f"https://en.wikibooks.org/wiki/gl/{i}", "question_number": i + 1,
        "flores_passage": f"Pasaxe {i} en galego. " + sentence("p", i, 8), "question": f" Cal é a opción {i}? ",
        "mc_answer1": f"primeira {i}", "mc_answer2": f"segunda {i}", "mc_answer3": f"terceira {i}",
        "mc_answer4": f"cuarta {i}", "correct_answer_num": str(1 + i % 4), "dialect": "glg_Latn",
        "ds": "2023-05-03"} for i in range(N + 2)])
    for split in SPLITS3:
        dump("proxectonos/galcola", None, split, [{"id": f"{split}{i}", "sentence": f"A frase {split} {i} ten sentido.",
                                                   "label": i % 2} for i in range(N)])
        dump("proxectonos/parafrases_gl", None, split, [{
            "Frase": ["", "O can  ( negro ) corre .", f"Hoxe chove {i} .", f"O can {i} corre ;"][i],
            "Paráfrase": f"Un can {split} {i} está a correr .", "Avaliación": [0, 1, 2][i % 3]}
            for i in range(N + 1)])
        dump("proxectonos/summarization_gl", None, split, [{
            "text": f"A noticia  {split} {i} di   que Santiago é aquí.", "summary": f"Resumo  {split} {i}."}
            for i in range(N)])
    for split in ("train", "test"):
        dump("proxectonos/mgsm_gl", None, split, [{
            "question": (f"Pregunta: Ana ten {i} mazás. Cantas ten?" if split == "train"
                         else f"Ana ten {i} mazás e compra 2. Cantas ten?"),
            "answer": f"Resposta paso a paso: Ten {i}. A resposta é {i}." if split == "train" else None,
            "answer_number": i + (0 if split == "train" else 2), "equation_solution": f"{i}+2"} for i in range(N)])
    for split in ("validation", "test"):
        dump("proxectonos/openbookqa_gl", None, split, [{
            "id": f"{split}-{i}", "question_stem": f"Que fai o sol {i}?",
            "choices": {"text": [f"quenta {i}", f"arrefría {i}", f"canta {i}", f"durme {i}"],
                        "label": ["A", "B", "C", "D"]}, "answerKey": " ABCD"[1 + i % 4]} for i in range(N)])
    dump("proxectonos/PAWS-gl", None, "test", [{
        "id": i, "sentence1": f"A casa {i} é grande ( moi ) .", "sentence2": f"A vivenda {i} é ampla .",
        "label": i % 2} for i in range(N)])
    dump("proxectonos/xnli_gl", None, "test", [{
        "sentence1": f"O home {i} le un libro .", "sentence2": f"Alguén {i} le",
        "gold_label": ["entailment", "neutral", "contradiction"][i % 3]} for i in range(N)])
    for split in ("train", "test"):
        dump("proxectonos/xstorycloze_gl", None, split, [{
            "InputStoryid": f"{split}-{i}", **{f"InputSentence{k}": f"Frase {k} da historia {i}." for k in range(1, 5)},
            "RandomFifthSentenceQuiz1": f"Final bo {i}.", "RandomFifthSentenceQuiz2": f"Final malo {i}.",
            "AnswerRightEnding": 1 + i % 2} for i in range(N)])
    dump("proxectonos/truthfulqa_gl", "generation", "validation", [{
        "type": "Adversarial", "category": "Misconceptions", "question": f" Que pasa se comes sementes {i}? ",
        "best_answer": "Non pasa nada", "correct_answers": ["Non pasa nada", "Dixéreas.", " "][: 2 + i % 2],
        "incorrect_answers": [f"Crece un melón {i}", "Morres"], "source": "https://example.org"} for i in range(N)])
    dump("proxectonos/truthfulqa_gl", "multiple_choice", "validation", [{
        "question": f"Que pasa se comes sementes {i}?",
        "mc1_targets": {"choices": [f"Nada {i}", "Morres", "Voas"], "labels": [1, 0, 0]},
        "mc2_targets": {"choices": [f"Nada {i}", "Dixéreas", "Morres", "Voas"], "labels": [1, 1, 0, 0]}} for i in range(N)])


def spanish() -> None:
    for split in ("validation", "test"):
        dump("BSC-LT/COPA-es", None, split, [{
            "premise": f"El hombre {i} abrió el grifo.", "choice1": f"El agua {i} salió.",
            "choice2": f"El váter {i} se llenó.", "question": ["cause", "effect"][i % 2], "label": i % 2,
            "idx": i} for i in range(N)])
        dump("BSC-LT/openbookqa-es", None, split, [{
            "id": f"{split}-{i}", "question_stem": f"¿Qué hace el sol {i}?",
            "choices": {"text": [f"calienta {i}", f"enfría {i}", f"canta {i}", f"duerme {i}"],
                        "label": ["A", "B", "C", "D"]}, "answerKey": "ABCD"[i % 4]} for i in range(N)])
    for split in ("train", "validation"):
        dump("nbel/EsCoLA", None, split, [{"ID": f"{split}{i}", "Source": "s", "Label": i % 2,
                                           "Sentence": f"La frase {split} {i} tiene sentido.", "Category": 1,
                                           "Split": split} for i in range(N)])
    for split in SPLITS3:
        dump("paws-x", "es", split, [{"id": i, "sentence1": f"La casa {i} es grande ( muy ) .",
                                      "sentence2": f"La vivienda {i} es amplia .", "label": i % 2} for i in range(N)])
        dump("csebuetnlp/xlsum", "spanish", split, [{
            "id": f"spanish-{split}-{i}", "url": f"https://www.bbc.com/mundo/{split}-{i}", "title": f"Titular {i}",
            "summary": f"Resumen  {split} {i}.", "text": f"La noticia  {split} {i} dice   que Madrid está aquí."}
            for i in range(N)])
    dump("xnli", "es", "validation", [{"premise": f"El hombre {i} lee un libro .", "hypothesis": f"Alguien {i} lee",
                                       "label": i % 3} for i in range(N)])
    for name in ("wnli-train-es.csv", "wnli-dev-es.csv"):
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["index", "sentence1", "sentence2", "label"])
        for i in range(N):
            writer.writerow([i, f"Juan {i} no pudo levantar a su hijo porque era pesado.", f"El hijo {i} era pesado.",
                             i % 2])
        path = OUT / "PlanTL-GOB-ES" / "wnli-es" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(buf.getvalue(), encoding="utf-8")
    for split in ("train", "test"):
        dump("gplsi/cocoteros", None, split, [{"keywords": f"casa, gato, {i}", "context": f"Un día {i} de lluvia",
                                               "text": f"El gato {i} está en casa."} for i in range(N + 2)])
    dump("gplsi/ES-VA_translation_test", None, "test", [{"es": f"La casa {i} es bonita.",
                                                         "va": f"La casa {i} és bonica."} for i in range(N + 6)])


def eqbench_es() -> None:
    """BSC-LT/EQ-bench_es, for the spanish_bench group (the task itself is lmeval-tasks-classic's)."""
    rows = []
    for i in range(N):
        names = [["Ira", "Alegría", "Miedo", "Sorpresa"], ["Alivio", "Alegría", "Culpa", "Orgullo"]][i % 2]
        scores = [(i + 3 * k) % 11 for k in range(4)]
        answer = {**{f"emotion{k + 1}": n for k, n in enumerate(names)},
                  **{f"emotion{k + 1}_score": s for k, s in enumerate(scores)}}
        listed = "\n".join(names)
        rows.append({"prompt": f"Tu tarea es predecir las respuestas emocionales de un personaje en este diálogo {i}:"
                               f"\n\nJuan: Has cogido mi asiento.\nAna: Estaba libre.\n[Fin del diálogo]\n\n"
                               f"Al final de este diálogo, Ana sentiría...\n{listed}\n\nTu respuesta:\n",
                     "reference_answer": json.dumps(answer, ensure_ascii=False),
                     "reference_answer_fullscale": repr(answer)})
    dump("BSC-LT/EQ-bench_es", None, "test", rows)


def portuguese() -> None:
    for split in SPLITS3:
        dump("nilc-nlp/assin", None, split, [{
            "sentence_pair_id": i, "premise": f"O homem {i} lê um livro.", "hypothesis": f"Alguém {i} lê.",
            "relatedness_score": 1.5 + i, "entailment_judgment": i % 3} for i in range(N)])
        dump("nilc-nlp/assin2", None, split, [{
            "sentence_pair_id": i, "premise": f"A mulher {i} corta cebola.", "hypothesis": f"Alguém {i} cozinha.",
            "relatedness_score": [4.5, 2.0, 3.2][i % 3], "entailment_judgment": i % 2} for i in range(N)])



FAMILIES = [galician, spanish, eqbench_es, portuguese]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
