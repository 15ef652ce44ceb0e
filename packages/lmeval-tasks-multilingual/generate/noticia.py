"""NoticIA (Spanish clickbait summaries)."""

from __future__ import annotations

from pathlib import Path

from _common import Fn, Tree

NOTICIA_PROMPT = (
    "Ahora eres una Inteligencia Artificial experta en desmontar titulares sensacionalistas o clickbait. Tu tarea "
    "consiste en analizar noticias con titulares sensacionalistas y generar un resumen de una sola frase que revele "
    "la verdad detrás del titular.\nEste es el titular de la noticia: {{web_headline}}\nEl titular plantea una "
    "pregunta o proporciona información incompleta. Debes buscar en el cuerpo de la noticia una frase que responda "
    "lo que se sugiere en el título. Siempre que puedas cita el texto original, especialmente si se trata de una "
    "frase que alguien ha dicho. Si citas una frase que alguien ha dicho, usa comillas para indicar que es una cita. "
    "Usa siempre las mínimas palabras posibles. No es necesario que la respuesta sea una oración completa, puede ser "
    "sólo el foco de la pregunta. Recuerda responder siempre en Español.\nEste es el cuerpo de la noticia:\n"
    "{{web_text}}")


def noticia(tree: Tree) -> None:
    tree.write("noticia/noticia.yaml", {
        "task": "noticia", "dataset_path": "Iker/NoticIA", "dataset_name": None, "output_type": "generate_until",
        "generation_kwargs": {"until": ["\n\n", "\n"], "do_sample": False, "temperature": 0.0},
        "training_split": None, "validation_split": None, "test_split": "test", "fewshot_split": None,
        "doc_to_text": NOTICIA_PROMPT, "doc_to_target": "summary", "target_delimiter": " ", "num_fewshot": 0,
        "should_decontaminate": False, "doc_to_decontamination_query": "sentence",
        "metric_list": [{"metric": Fn("utils.rouge1"), "higher_is_better": True, "aggregation": Fn("utils.rouge1_agg")},
                        {"metric": Fn("utils.average_len"), "higher_is_better": False,
                         "aggregation": Fn("utils.average_len_agg")}],
        "metadata": {"version": 1.0}}, "NoticIA (Iker/NoticIA): clickbait headline, article, one-sentence answer.")
    tree.write_python("noticia/utils.py",
        '"""NoticIA: ROUGE-1 and answer length of the cleaned texts (needs the [rouge] extra)."""\n\n'
        "from lmeval_tasks_multilingual.noticia import average_len, average_len_agg, rouge1, rouge1_agg\n\n"
        '__all__ = ["average_len", "average_len_agg", "rouge1", "rouge1_agg"]\n')


FAMILIES = [noticia]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
