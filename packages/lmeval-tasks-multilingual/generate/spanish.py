"""SpanishBench (IberoBench): Spanish datasets in CatalanBench's task shapes."""

from __future__ import annotations

from pathlib import Path

from _common import ACC, ACC_NORM, MT_METRICS, Fn, Tree, group, nli_choice, paraphrase_choice
from catalan import ROUGE_BLEU, SHORT_ANSWER
from flores import flores

# =============================================================================== spanish_bench
# Baucells et al. 2025 (IberoBench), arXiv:2504.16921. lm-eval's member order; belebele_spa_Latn,
# xstorycloze_es, xquad_es are this pack's, eqbench_es lmeval-tasks-classic's.
SPANISH_INCLUDED = ["belebele_spa_Latn", "copa_es", "escola", "openbookqa_es", "wnli_es", "xnli_es_spanish_bench",
                    "xstorycloze_es", "xquad_es", "xlsum_es", "paws_es_spanish_bench",
                    "mgsm_direct_es_spanish_bench", "eqbench_es", "flores_es", "phrases_es", "cocoteros_es"]
SPANISH_LEFT_OUT: dict[str, str] = {}  # in lm-eval's spanish_bench group, not in lmeval (see README)


def spanish(tree: Tree) -> None:
    d = "spanish_bench"
    tree.write(f"{d}/copa_es.yaml", {
        "task": "copa_es", "dataset_path": "BSC-LT/COPA-es", "dataset_name": None,
        "output_type": "multiple_choice", "validation_split": "validation", "test_split": "test",
        "process_docs": Fn("utils.process_docs_copa_es"),
        "doc_to_text": '{{premise[:-1].strip() + " " + {"cause": "porque", "effect": "y por lo tanto"}[question]}}',
        "doc_to_target": "{{choice1 if label == 0 else choice2}}", "doc_to_choice": "{{[choice1, choice2]}}",
        "metric_list": ACC, "metadata": {"version": 1.0}})
    tree.write(f"{d}/escola.yaml", {
        "task": "escola", "dataset_path": "nbel/EsCoLA", "output_type": "multiple_choice",
        "training_split": "train", "validation_split": "validation", "test_split": None,
        "doc_to_text": "{{Sentence}}\nPregunta: ¿Tiene sentido esta frase?\nRespuesta:", "doc_to_target": "Label",
        "doc_to_choice": ["no", "sí"], "metric_list": [{"metric": "mcc"}, {"metric": "acc"}],
        "metadata": {"version": 1.0}})
    tree.write(f"{d}/mgsm_direct_es_spanish_bench.yaml", {
        "include": "../mgsm/direct/mgsm_direct_es.yaml", "doc_to_target": "{{answer_number|string}}",
        "doc_to_text": '{% if answer is not none %}{{question+"\\nRespuesta: "}}{% else %}{{"Pregunta: "+question+'
                       '"\\nRespuesta: "}}{% endif %}',
        "task": "mgsm_direct_es_spanish_bench",
        "generation_kwargs": {"do_sample": False, "until": ["Pregunta:", "</s>", "<|im_end|>"]},
        "metadata": {"version": 1.1}}, "MGSM-es with SpanishBench's prompt; keeps mgsm_direct_es's tag (mgsm_direct).")
    tree.write(f"{d}/openbookqa_es.yaml", {
        "task": "openbookqa_es", "dataset_path": "BSC-LT/openbookqa-es", "output_type": "multiple_choice",
        "training_split": None, "validation_split": "validation", "test_split": "test",
        "doc_to_text": "question_stem", "doc_to_target": "{{choices.label.index(answerKey.lstrip())}}",
        "doc_to_choice": "{{choices.text}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "question_stem", "metric_list": ACC_NORM, "metadata": {"version": 1.0}})
    tree.write(f"{d}/paws_es_spanish_bench.yaml", {
        "task": "paws_es_spanish_bench", "dataset_path": "paws-x", "dataset_name": "es",
        "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
        "test_split": "test", "process_docs": Fn("utils.process_docs_paraphrases"), "doc_to_text": "",
        "doc_to_target": "label", "doc_to_choice": paraphrase_choice("¿verdad", "Sí", "No"),
        "target_delimiter": "", "metric_list": ACC, "metadata": {"version": 1.0}})
    tree.write(f"{d}/wnli_es.yaml", {
        "task": "wnli_es", "dataset_path": "csv",
        "dataset_kwargs": {"data_files": {"train": "hf://datasets/PlanTL-GOB-ES/wnli-es/wnli-train-es.csv",
                                          "validation": "hf://datasets/PlanTL-GOB-ES/wnli-es/wnli-dev-es.csv"}},
        "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
        "test_split": None, "doc_to_text": "{{sentence1}}\nPregunta: {{sentence2}} ¿Verdadero o Falso?\nRespuesta:",
        "doc_to_target": "label", "doc_to_choice": ["Falso", "Verdadero"], "metric_list": [{"metric": "acc"}],
        "metadata": {"version": 1.0}})
    tree.write(f"{d}/xnli_es_spanish_bench.yaml", {
        "task": "xnli_es_spanish_bench", "dataset_path": "xnli", "dataset_name": "es",
        "output_type": "multiple_choice", "doc_to_choice": nli_choice("¿correcto", "Sí", "Así que", "No"),
        "doc_to_text": "", "target_delimiter": "", "process_docs": Fn("utils.process_doc_nli"),
        "training_split": None, "validation_split": "validation", "doc_to_target": "label", "metric_list": ACC,
        "metadata": {"version": 1.0}})
    tree.write_python(f"{d}/utils.py",
        '"""SpanishBench helpers: COPA, paraphrase and NLI clean-up (CatalanBench\'s)."""\n\n'
        "from lmeval_tasks_multilingual.prompts import (\n    process_doc_nli,\n    process_docs_paraphrases,\n)\n"
        "from lmeval_tasks_multilingual.prompts import process_docs_copa_ca as process_docs_copa_es\n\n"
        '__all__ = ["process_doc_nli", "process_docs_copa_es", "process_docs_paraphrases"]\n')
    g = f"{d}/generation"
    tree.write(f"{g}/cocoteros_es.yaml", {
        "task": "cocoteros_es", "dataset_path": "gplsi/cocoteros", "dataset_name": None,
        "output_type": "generate_until",
        "doc_to_text": "Genera una frase corta con estas palabras: {{keywords}}. El contexto es: {{context}} \n\n"
                       "Respuesta:",
        "doc_to_target": "{{text}}", "training_split": "train", "test_split": "test", "target_delimiter": " ",
        "generation_kwargs": {"max_gen_toks": 40, "until": ["\n"]}, "metric_list": ROUGE_BLEU,
        "metadata": {"version": 1.0}})
    tree.write(f"{g}/xlsum_es.yaml", {
        "task": "xlsum_es", "dataset_path": "csebuetnlp/xlsum", "dataset_name": "spanish",
        "doc_to_text": "Texto: {{text}}\nResumen:", "doc_to_target": "{{summary}}", "output_type": "generate_until",
        "test_split": "test", "training_split": "train", "validation_split": "validation", "fewshot_split": "train",
        "process_docs": Fn("utils.process_xlsum"), "metric_list": ROUGE_BLEU, "metadata": {"version": 1.0}})
    tree.write_python(f"{g}/utils.py",
        '"""SpanishBench generation tasks: double spaces collapsed; ROUGE-1 (needs the [rouge] extra)."""\n\n'
        "from lmeval_tasks_multilingual.iberobench import collapse_spaces as process_xlsum\n"
        "from lmeval_tasks_multilingual.summary_rouge import rouge1, rouge1_agg\n\n"
        '__all__ = ["process_xlsum", "rouge1", "rouge1_agg"]\n')
    tree.write(f"{d}/phrases_es/_phrases_es_common_yaml", {
        "tag": "phrases_es", "dataset_path": "gplsi/ES-VA_translation_test", "output_type": "generate_until",
        **SHORT_ANSWER, "num_fewshot": 5, "generation_kwargs": {"until": ["\n"]},
        "metric_list": MT_METRICS, "metadata": {"version": 1.0}})
    for src, tgt, sname, tname in (("es", "va", "espanyol", "valencià"), ("va", "es", "valencià", "espanyol")):
        tree.write(f"{d}/phrases_es/phrases_{src}-{tgt}.yaml", {
            "include": "_phrases_es_common_yaml", "task": f"phrases_{src}-{tgt}",
            "doc_to_text": f"Oració en {sname}: {{{{{src}}}}}\nOració en {tname}:", "doc_to_target": f"{{{{{tgt}}}}}"})
    flores(tree, d, "es", "flores_es", None)
    tree.write(f"{d}/spanish_bench.yaml", group("spanish_bench", SPANISH_INCLUDED, version=1.2),
               "Runs every SpanishBench task; reports no average (as lm-eval).")


FAMILIES = [spanish]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
