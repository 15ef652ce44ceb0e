"""FrenchBench (Faysse et al. 2024, CroissantLLM, arXiv:2402.00786): French multiple-choice,
generation and perplexity tasks, tagged ``french_bench`` (``_mc``, ``_gen``, ``_extra``) and
``french_bench_perplexity``. Tasks scored with ROUGE-1 live in ``rouge/``, whose helpers need the
``[rouge]`` extra when they load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Fn, Tree

ACC = {"metric": "acc", "aggregation": "mean", "higher_is_better": True}
ACC_NORM = {"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}
EXACT = {"metric": Fn("utils.exact"), "aggregation": "mean", "higher_is_better": True}
F1 = {"metric": Fn("utils.f1"), "aggregation": "mean", "higher_is_better": True}
ROUGE1 = {"metric": Fn("utils.rouge1"), "higher_is_better": True, "aggregation": Fn("utils.rouge1_agg")}
INCLUDED = {"metric": Fn("utils.is_included"), "higher_is_better": True, "aggregation": "mean"}
#: lm-eval's _default_template_yaml
DEFAULT = {"test_split": "test", "fewshot_split": "valid", "fewshot_config": {"sampler": "first_n"}}
GEN = {"generation_kwargs": {"until": ["\n"]}}
ANSWER = "{% if answers.text| length > 0 %}{{answers.text[0]}}{% else %}{{['Impossible']}}{% endif %}"
CITE = ("D'après l'information dans le contexte donné, donne la réponse à la question en citant quelques mots du "
        "contexte. Si il est impossible de répondre avec les informations du contexte, répond 'Impossible'.")
QA = "\nContexte: {{context}}\n\nQuestion: {{question}}\n\nRéponse:"
PPL = [{"metric": "word_perplexity", "aggregation": "weighted_perplexity", "higher_is_better": False},
       {"metric": "byte_perplexity", "aggregation": "weighted_perplexity", "higher_is_better": False},
       {"metric": "bits_per_byte", "aggregation": "bits_per_byte", "higher_is_better": False}]


def _replace(answer: str, fallback: bool) -> str:
    if fallback:
        return f"question.replace('<...>', {answer}) if '<...>' in question else question + ' ' + {answer}"
    return f"question.replace('<...>', {answer})"


def _sentences(fallback: bool) -> str:
    parts = [_replace(a, fallback) for a in ("answerA", "answerB", "answerC", "answerD")]
    if fallback:  # lm-eval's YAML writes the first without a space after the plus
        parts[0] = parts[0].replace("' ' + answerA", "' ' +answerA")
    return "{{[" + ", ".join(parts) + "]}}"


LETTER_TARGET = '{{["answerA", "answerB", "answerC", "answerD"].index("answer" + answer)}}'

TASKS: dict[str, tuple[list[str], dict[str, Any]]] = {  # task → (tags, config after the tags)
    "french_bench_arc_challenge": (["french_bench", "french_bench_mc"], {
        "dataset_path": "manu/french_bench_arc_challenge", "output_type": "multiple_choice",
        "training_split": "train", "validation_split": "validation", "test_split": "test",
        "doc_to_text": "Question: {{question}}\nRéponse:", "doc_to_target": "{{['A', 'B', 'C', 'D'].index(answerKey)}}",
        "doc_to_choice": "{{choices}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "Question: {{question}}\nRéponse:", "metric_list": [ACC, ACC_NORM]}),
    "french_bench_boolqa": (["french_bench", "french_bench_extra"], {
        **DEFAULT, "description": "D'après l'information dans le contexte donné, quelle est la réponse à la question ?",
        "dataset_path": "manu/french_boolq", "output_type": "multiple_choice", "validation_split": "valid",
        "doc_to_text": "\nContexte: {{passage}}\n\nQuestion: {{question}}\n", "doc_to_choice": ["Oui", "Non"],
        "doc_to_target": "{{[1, 0].index(label)}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "passage", "metric_list": [ACC, ACC_NORM]}),
    "french_bench_fquadv2": (["french_bench", "french_bench_extra"], {
        **DEFAULT, "description": CITE, "dataset_path": "manu/fquad2_test", "output_type": "generate_until",
        "validation_split": "valid", "doc_to_text": QA, "doc_to_target": Fn("utils.fquadv2_target"),
        "target_delimiter": " ", "should_decontaminate": True, "doc_to_decontamination_query": "context", **GEN,
        "metric_list": [EXACT, F1]}),
    "french_bench_fquadv2_bool": (["french_bench", "french_bench_extra"], {
        **DEFAULT, "description": "D'après l'information présente dans le contexte, est il possible de répondre à la "
                                  "question ?",
        "dataset_path": "manu/fquad2_test", "output_type": "multiple_choice", "validation_split": "valid",
        "doc_to_text": "\nContexte: {{context}}\n\nQuestion: {{question}}\n\nD'après l'information présente dans le "
                       "contexte, répondre à la question est:\nA. Possible \nB. Impossible\n\nRéponse:",
        "doc_to_choice": ["A", "B"], "doc_to_target": "{{[False, True].index(is_impossible)}}",
        "should_decontaminate": True, "doc_to_decontamination_query": "context", "metric_list": [ACC, ACC_NORM]}),
    "french_bench_fquadv2_genq": (["french_bench", "french_bench_gen"], {
        **DEFAULT, "description": "D'après l'information dans le contexte donné, quelle question a été posée pour "
                                  "obtenir la réponse donnée ?",
        "dataset_path": "manu/fquad2_test", "output_type": "generate_until", "validation_split": "valid_hasAns",
        "test_split": "test_hasAns", "fewshot_split": "valid_hasAns",
        "doc_to_text": f"\nContexte: {{{{context}}}}\n\nRéponse: {ANSWER}\n\nQuestion:", "doc_to_target": "{{question}}",
        "target_delimiter": " ", "should_decontaminate": True, "doc_to_decontamination_query": "question", **GEN,
        "metric_list": [ROUGE1, F1]}),
    "french_bench_fquadv2_hasAns": (["french_bench", "french_bench_gen"], {
        **DEFAULT, "description": CITE, "dataset_path": "manu/fquad2_test", "output_type": "generate_until",
        "validation_split": "valid_hasAns", "test_split": "test_hasAns", "fewshot_split": "valid_hasAns",
        "doc_to_text": QA, "doc_to_target": ANSWER, "target_delimiter": " ", "should_decontaminate": True,
        "doc_to_decontamination_query": "context", **GEN, "metric_list": [EXACT, F1, ROUGE1]}),
    "french_bench_grammar": (["french_bench", "french_bench_mc"], {
        **DEFAULT, "description": "Répond au mieux en complétant la question avec une des réponses proposées.",
        "dataset_path": "manu/french-bench-grammar-vocab-reading", "output_type": "multiple_choice",
        "validation_split": "Grammar", "fewshot_split": "Grammar", "test_split": "Grammar",
        "doc_to_text": "La phrase suivante est correcte grammaticalement:\n", "doc_to_choice": _sentences(False),
        "doc_to_target": LETTER_TARGET, "metric_list": [ACC]}),
    "french_bench_hellaswag": (["french_bench", "french_bench_mc"], {
        "dataset_path": "manu/french_bench_hellaswag", "output_type": "multiple_choice",
        "training_split": "validation", "validation_split": "validation", "test_split": None,
        "process_docs": Fn("utils.process_docs"), "doc_to_text": "{{query}}", "doc_to_target": "{{label}}",
        "doc_to_choice": "{{choices}}", "metric_list": [ACC, ACC_NORM]}),
    "french_bench_multifquad": (["french_bench", "french_bench_gen"], {
        **DEFAULT, "description": "D'après l'information dans le contexte donné, donne la réponse à la question en "
                                  "citant quelques extraits du contexte.",
        "dataset_path": "manu/multifquad_test", "output_type": "generate_until", "validation_split": "valid",
        "test_split": "test", "fewshot_split": "valid", "doc_to_text": QA,
        "doc_to_target": "{{', '.join(answers.text)}}", "target_delimiter": " ", "should_decontaminate": True,
        "doc_to_decontamination_query": "context", **GEN, "metric_list": [EXACT, F1, ROUGE1]}),
    "french_bench_opus_perplexity": (["french_bench_perplexity"], {
        "dataset_path": "manu/opus100-en-fr", "output_type": "loglikelihood_rolling", "test_split": "test",
        "fewshot_split": "validation", "validation_split": "validation", "num_fewshot": 0, "doc_to_text": "",
        "doc_to_target": "{{text}}", "should_decontaminate": True, "doc_to_decontamination_query": "{{text}}",
        "metric_list": PPL}),
    "french_bench_orangesum_abstract": (["french_bench", "french_bench_gen"], {
        **DEFAULT, "description": "Résume l'article en une phrase.", "dataset_path": "orange_sum",
        "dataset_name": "abstract", "output_type": "generate_until", "validation_split": "validation",
        "fewshot_split": "validation", "doc_to_text": "\nArticle: {{text}}\n\nRésumé:", "doc_to_target": "{{summary}}",
        "target_delimiter": " ", "should_decontaminate": True, "doc_to_decontamination_query": "summary", **GEN,
        "metric_list": [ROUGE1]}),
    "french_bench_orangesum_title": (["french_bench", "french_bench_extra"], {
        **DEFAULT, "description": "Trouve le titre de l'article.", "dataset_path": "orange_sum",
        "dataset_name": "title", "output_type": "generate_until", "validation_split": "validation",
        "fewshot_split": "validation", "doc_to_text": "\nArticle: {{text}}\n\nTitre:", "doc_to_target": "{{summary}}",
        "target_delimiter": " ", "should_decontaminate": True, "doc_to_decontamination_query": "summary", **GEN,
        "metric_list": [ROUGE1]}),
    "french_bench_reading_comp": (["french_bench", "french_bench_extra"], {
        **DEFAULT, "dataset_path": "manu/french-bench-grammar-vocab-reading", "output_type": "multiple_choice",
        "validation_split": "Reading", "fewshot_split": "Reading", "test_split": "Reading",
        "doc_to_text": "Context: {{context}}\n\n", "doc_to_choice": _sentences(True), "doc_to_target": LETTER_TARGET,
        "metric_list": [ACC]}),
    "french_bench_topic_based_nli": (["french_bench", "french_bench_extra"], {
        **DEFAULT, "description": "A propos du thème spécifié, l'avis client est il positif, négatif, ou neutre ?",
        "dataset_path": "manu/topic_based_nli_test", "output_type": "multiple_choice", "validation_split": "valid",
        "doc_to_text": "\nAvis Client: {{text}}\n\nA propos du thème \"{{topic}}\", l'avis client est",
        "doc_to_choice": ["positif", "négatif", "neutre"],
        "doc_to_target": "{{['positif', 'negatif', 'neutre'].index(polarity)}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "text", "metric_list": [ACC, ACC_NORM]}),
    "french_bench_trivia": (["french_bench", "french_bench_gen"], {
        **DEFAULT, "dataset_path": "manu/french-trivia", "output_type": "generate_until", "validation_split": "train",
        "test_split": "train", "fewshot_split": "train", "doc_to_text": "{{Question}}\nAnswer:",
        "doc_to_target": "{{Answer}}", "target_delimiter": " ", "should_decontaminate": True,
        "doc_to_decontamination_query": "Question", **GEN, "metric_list": [EXACT, F1, ROUGE1, INCLUDED]}),
    "french_bench_vocab": (["french_bench", "french_bench_mc"], {
        **DEFAULT, "dataset_path": "manu/french-bench-grammar-vocab-reading", "output_type": "multiple_choice",
        "validation_split": "Vocabulary", "fewshot_split": "Vocabulary", "test_split": "Vocabulary",
        "doc_to_text": "La phrase suivante est logique sémantiquement:\n", "doc_to_choice": _sentences(False),
        "doc_to_target": LETTER_TARGET, "metric_list": [ACC]}),
    "french_bench_wikitext_fr": (["french_bench_perplexity"], {
        "dataset_path": "asi/wikitext_fr", "dataset_name": "wikitext-35", "output_type": "loglikelihood_rolling",
        "training_split": "train", "validation_split": "validation", "test_split": "test", "num_fewshot": 0,
        "doc_to_text": "", "doc_to_target": Fn("utils.wikitext_detokenizer"),
        "process_results": Fn("utils.process_results"), "should_decontaminate": True,
        "doc_to_decontamination_query": "{{paragraph}}", "metric_list": PPL}),
    "french_bench_xnli": (["french_bench", "french_bench_extra"], {
        **DEFAULT, "description": "La prémisse et l'hypothèse sont elles en accord, neutres en elles, ou en "
                                  "contradiction ?",
        "dataset_path": "facebook/xnli", "dataset_name": "fr", "output_type": "multiple_choice",
        "validation_split": "validation", "fewshot_split": "validation", "test_split": "test",
        "doc_to_text": "\nPrémisse: {{premise}}\n\nHypothèse: {{hypothesis}}\n\nLa prémisse et l'hypothèse sont",
        "doc_to_choice": "{{['en accord', 'neutres entre elles', 'en contradiction']}}", "doc_to_target": "label",
        "metric_list": [ACC]}),
}
_EXPORTS = ["exact", "f1", "rouge1", "rouge1_agg", "is_included", "wikitext_detokenizer", "fquadv2_target"]


def french_bench(tree: Tree) -> None:
    for name, (tags, config) in TASKS.items():
        folder = "rouge" if ROUGE1 in config["metric_list"] else "base"
        tree.write(f"french_bench/{folder}/{name}.yaml", {"tag": tags, "task": name, **config})
    for folder in ("base", "rouge"):
        lines = [f'"""FrenchBench helpers{" (ROUGE-1: the [rouge] extra, checked on import)" if folder == "rouge" else ""}."""',
                 "", "from lmeval_tasks_multilingual import french_bench", ""]
        lines += [f"{n} = french_bench.{n}" for n in _EXPORTS]
        lines += ["process_docs = french_bench.hellaswag_docs", "process_results = french_bench.wikitext_results"]
        if folder == "rouge":
            lines += ["", "french_bench.rouge_modules()"]
        tree.write_python(f"french_bench/{folder}/utils.py", "\n".join(lines) + "\n")


FAMILIES = [french_bench]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
