"""Evalita-LLM (Magnini et al. 2025, arXiv:2502.02289): ten Italian tasks with six (multiple
choice) or two (generative) prompts each, the groups ``evalita-mp``, ``evalita-mp_mc`` and
``evalita-mp_gen`` over per-task groups of the prompt tags."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Fn, Tree

V1 = {"version": 1}
ACC = [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}]
ACC_NORM = ACC + [{"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}]
ROOT = "evalita_llm"


def _f1(aggregation: Any, **extra: Any) -> list[dict[str, Any]]:
    return [{"metric": "f1", "higher_is_better": True, **extra, "aggregation": aggregation}]


def _group(tree: Tree, name: str, alias: str, tasks: list[str], metric: str, *, version: Any = 1,
           aggregation: bool = False) -> None:
    agg: dict[str, Any] = {"metric": metric, "weight_by_size": True}
    if aggregation:
        agg["aggregation"] = "mean"
    tree.write(f"{ROOT}/_{name}.yaml", {"group": name, "group_alias": alias, "task": tasks,
                                        "aggregate_metric_list": [agg], "metadata": {"version": version}})


def _prompts(tree: Tree, family: str, base: dict[str, Any], prompts: list[dict[str, Any]], *,
             task: str = "evalita-mp_{f}_prompt-{i}", tag: str = "evalita-mp_{f}_tasks") -> None:
    for i, prompt in enumerate(prompts, 1):
        name = task.format(f=family, i=i)
        tree.write(f"{ROOT}/{family}/{name}.yaml", {
            "tag": tag.format(f=family), "task": name, "task_alias": f"prompt-{i}", **base, **prompt})


DO = "Devi risolvere un compito di "

# ======================================================================== text entailment (te)
TE_Q = "La frase: '{{text1}}' implica logicamente che la frase: '{{text2}}' sia vera?"
TE_AB = TE_Q + "\nA: Sì\nB: No\nRisposta:"
TE_PAIR = "Frase 1: '{{text1}}' Frase 2: '{{text2}}'"
TE_CHOICES = ["La frase 1 implica logicamente che la frase 2 sia vera",
              "La frase 1 non implica logicamente che la frase 2 sia vera"]
TE_DO = DO + "inferenza semantica. "


def te(tree: Tree) -> None:
    base = {"dataset_path": "evalitahf/textual_entailment", "output_type": "multiple_choice", "test_split": "test",
            "fewshot_split": "dev", "validation_split": "dev",
            "doc_to_target": "{{ 0 if entailment == 'SI' else 1 }}", "doc_to_choice": ["Sì", "No"],
            "metric_list": ACC, "metadata": V1}
    _prompts(tree, "te", base, [
        {"doc_to_text": TE_Q}, {"doc_to_text": TE_DO + TE_Q},
        {"doc_to_text": TE_AB, "doc_to_choice": ["A", "B"]}, {"doc_to_text": TE_DO + TE_AB, "doc_to_choice": ["A", "B"]},
        {"doc_to_text": TE_PAIR, "doc_to_choice": TE_CHOICES}, {"doc_to_text": TE_DO + TE_PAIR, "doc_to_choice": TE_CHOICES}])
    _group(tree, "evalita-mp_te", "text-entailment", ["evalita-mp_te_tasks"], "acc")


# ===================================================================== sentiment analysis (sa)
SA_Q = "Qual è il sentiment espresso nel seguente tweet: '{{text}}'?"
SA_AB = SA_Q + "\nA: Positivo\nB: Negativo\nC: Neutro\nD: Misto\nRisposta:"
SA_IS = "Il seguente tweet: '{{text}}' esprime un sentiment"
SA_DO = "Devi svolgere un compito di analisi del sentiment. "


def sa(tree: Tree) -> None:
    base = {"dataset_path": "evalitahf/sentiment_analysis", "output_type": "multiple_choice", "test_split": "test",
            "fewshot_split": "train", "validation_split": "test", "doc_to_target": Fn("utils.sa_doc_to_target"),
            "doc_to_choice": Fn("utils.sa_doc_to_choice"), "metadata": V1,
            "metric_list": _f1(Fn("utils.aggregate_sa"))}
    abcd = ["A", "B", "C", "D"]
    _prompts(tree, "sa", base, [
        {"doc_to_text": SA_Q}, {"doc_to_text": SA_DO + SA_Q}, {"doc_to_text": SA_AB, "doc_to_choice": abcd},
        {"doc_to_text": SA_DO + SA_AB, "doc_to_choice": abcd}, {"doc_to_text": SA_IS}, {"doc_to_text": SA_DO + SA_IS}])
    _utils(tree, "sa", "sentiment analysis: the (opos, oneg) class and its two-polarity F1.",
           ["sa_doc_to_target", "sa_doc_to_choice", "aggregate_sa"])
    _group(tree, "evalita-mp_sa", "sentiment-analysis", ["evalita-mp_sa_tasks"], "f1")


# ======================================================================= word in context (wic)
W1, W2 = "'{{sentence1[start1:end1]}}'", "'{{sentence2[start2:end2]}}'"
WIC_Q = f"La parola: {W1} nella frase: '{{{{sentence1}}}}' ha lo stesso significato della parola: {W2} nella frase: '{{{{sentence2}}}}'?"
WIC_AB = (f"La parola {W1} nella frase '{{{{sentence1}}}}' ha lo stesso significato della parola {W2} nella frase "
          "'{{sentence2}}'?\nA: Sì\nB: No\nRisposta:")
WIC_AND = f"La parola: {W1} nella frase: '{{{{sentence1}}}}' e la parola: {W2} nella frase: '{{{{sentence2}}}}'"
WIC_DO = ("Devi determinare se una stessa parola usata in due frasi differenti ha lo stesso significato in entrambi "
          "i contesti. ")
WIC_SAME = ["non hanno lo stesso significato", "hanno lo stesso significato"]


def wic(tree: Tree) -> None:
    base = {"dataset_path": "evalitahf/word_in_context", "dataset_name": "default", "output_type": "multiple_choice",
            "test_split": "test", "fewshot_split": "dev", "validation_split": "dev", "doc_to_target": "label",
            "doc_to_choice": ["No", "Sì"], "metric_list": _f1("f1"), "metadata": {"version": 1.0}}
    _prompts(tree, "wic", base, [
        {"doc_to_text": WIC_Q}, {"doc_to_text": WIC_DO + WIC_Q}, {"doc_to_text": WIC_AB, "doc_to_choice": ["B", "A"]},
        {"doc_to_text": WIC_DO + WIC_AB, "doc_to_choice": ["B", "A"]},
        {"doc_to_text": WIC_AND, "doc_to_choice": WIC_SAME}, {"doc_to_text": WIC_DO + WIC_AND, "doc_to_choice": WIC_SAME}])
    _group(tree, "evalita-mp_wic", "word-in-context", ["evalita-mp_wic_tasks"], "f1")


# ========================================================================== hate speech (hs)
HS_Q = "C'è incitamento all'odio nel seguente tweet: '{{full_text}}'?"
HS_DO = "Devi svolgere un compito di identificazione di incitamento all'odio. "
HS_IS = ["non contiene incitamento all'odio", "contiene incitamento all'odio"]


def hs(tree: Tree) -> None:
    base = {"dataset_path": "evalitahf/hatespeech_detection", "output_type": "multiple_choice",
            "test_split": "test_all", "fewshot_split": "dev", "validation_split": "dev", "doc_to_target": "hs",
            "doc_to_choice": ["Falso", "Vero"], "metadata": {"version": 1.0},
            "metric_list": _f1("f1", average="macro")}
    _prompts(tree, "hs", base, [
        {"doc_to_text": HS_Q}, {"doc_to_text": HS_DO + HS_Q},
        {"doc_to_text": HS_Q + "\nA: Vero\nB: Falso\nRisposta:", "doc_to_choice": ["B", "A"]},
        {"doc_to_text": HS_DO + HS_Q + "\nA: Sì\nB: No\nRisposta:", "doc_to_choice": ["B", "A"]},
        {"doc_to_text": "Il tweet: '{{full_text}}'", "doc_to_choice": HS_IS},
        {"doc_to_text": HS_DO + "Il tweet: '{{full_text}}'", "doc_to_choice": HS_IS}])
    _group(tree, "evalita-mp_hs", "hate-speech-detection", ["evalita-mp_hs_tasks"], "f1")


# ============================================================ admission test (at) and FAQ (faq)
AT_Q = "Dato il seguente quesito di medicina: '{{Question}}' qual è la risposta corretta?"
AT_IS = "Dato il seguente quesito di medicina '{{Question}}' la risposta corretta è:"
AT_LETTERS = "\nA: {{A}}\nB: {{B}}\nC: {{C}}\nD: {{D}}\nE: {{E}}\nRisposta:"
AT_TEXTS = {"doc_to_choice": "{{[A,B,C,D,E]}}",
            "doc_to_target": "{{ A if Correct == 'A' else B if Correct == 'B' else C if Correct == 'C' else D if "
                             "Correct == 'D' else E}}"}
QA_DO = DO + "risposte a domande. "
MC_DO = "Devi risolvere un compito a scelta multipla. "


def at(tree: Tree) -> None:
    base = {"dataset_path": "evalitahf/admission_test", "output_type": "multiple_choice", "test_split": "test",
            "fewshot_split": "dev", "validation_split": "test", "doc_to_target": "Correct",
            "doc_to_choice": ["A", "B", "C", "D", "E"], "metric_list": ACC_NORM, "metadata": V1}
    _prompts(tree, "at", base, [
        {"doc_to_text": AT_Q, **AT_TEXTS}, {"doc_to_text": QA_DO + AT_Q, **AT_TEXTS},
        {"doc_to_text": AT_Q + AT_LETTERS}, {"doc_to_text": MC_DO + AT_Q + AT_LETTERS},
        {"doc_to_text": AT_IS, **AT_TEXTS}, {"doc_to_text": QA_DO + AT_IS, **AT_TEXTS}])
    _group(tree, "evalita-mp_at", "admission-test", ["evalita-mp_at_tasks"], "acc", version=1.0, aggregation=True)


FAQ_Q = "Rispondi alla seguente domanda: '{{question}}'"
FAQ_IS = "La risposta alla domanda: '{{question}}' è:"
FAQ_LETTERS = "\nA: {{A}}\nB: {{B}}\nC: {{C}}\nD: {{D}}\nRisposta:"


def _faq_texts(space: str) -> dict[str, str]:
    return {"doc_to_choice": "{{[A,B,C,D]}}", "doc_to_target": "{{ A if correct_answer == 'A' else B if "
            f"correct_answer == 'B' else C if correct_answer == 'C' else D{space}}}}}"}


def faq(tree: Tree) -> None:
    base = {"dataset_path": "evalitahf/faq", "test_split": "test_1", "fewshot_split": "dev_1",
            "doc_to_target": Fn("utils.faq_doc_to_target"), "doc_to_choice": ["A", "B", "C", "D"],
            "output_type": "multiple_choice", "metric_list": ACC, "metadata": V1}
    _prompts(tree, "faq", base, [
        {"doc_to_text": FAQ_Q, **_faq_texts("")}, {"doc_to_text": QA_DO + FAQ_Q, **_faq_texts("")},
        {"doc_to_text": FAQ_Q + FAQ_LETTERS}, {"doc_to_text": MC_DO + FAQ_Q + FAQ_LETTERS},
        {"doc_to_text": FAQ_IS, **_faq_texts(" ")}, {"doc_to_text": QA_DO + FAQ_IS, **_faq_texts(" ")}])
    _utils(tree, "faq", "FAQ: the index of the correct letter.", ["faq_doc_to_target"])
    _group(tree, "evalita-mp_faq", "faq", ["evalita-mp_faq_tasks"], "acc")


# ================================================================== lexical substitution (ls)
LS_Q = ("Trova 10 parole che possono sostituire la parola racchiusa tra i marcatori <head> nella seguente frase: "
        "'{{context}}', mantenendo lo stesso significato. Elenca i lemmi (forme base) di queste parole, separandoli "
        "con una virgola, ad esempio: lemma1, lemma2, lemma3, lemma4, lemma5. Non aggiungere commenti o altro testo. "
        "Risposta:")


def ls(tree: Tree) -> None:
    base = {"dataset_path": "evalitahf/lexical_substitution", "test_split": "test", "validation_split": "dev",
            "fewshot_split": "dev", "output_type": "generate_until", "generation_kwargs": {"until": ["</s>"]},
            "doc_to_target": Fn("utils.ls_doc_to_target"), "process_results": Fn("utils.ls_process_results"),
            "metric_list": _f1(Fn("utils.aggregate_ls")), "metadata": V1}
    _prompts(tree, "ls", base, [{"doc_to_text": LS_Q}, {"doc_to_text": DO + "sostituzione lessicale. " + LS_Q}])
    _utils(tree, "ls", "lexical substitution: the annotators' weight of the words found; corpus F1.",
           ["ls_doc_to_target", "ls_process_results", "aggregate_ls"])
    _group(tree, "evalita-mp_ls", "lexical-substitution", ["evalita-mp_ls_tasks"], "f1")


# ====================================================================================== NER
NER_BASE = {"dataset_path": "evalitahf/entity_recognition", "output_type": "generate_until",
            "generation_kwargs": {"until": ["</s>", "\n"]}, "doc_to_target": Fn("utils.ner_doc_to_target"),
            "process_results": Fn("utils.ner_process_results"), "metric_list": _f1(Fn("utils.aggregate_ner")),
            "metadata": V1}
NER_Q = ("Estrai tutte le entità di tipo PER (persona), LOC (luogo) e ORG (organizzazione) dal testo seguente. "
         "Riporta ogni entità con il formato: Entità$Tipo, separando ciascuna coppia con ','. Se non ci sono entità "
         "da estrarre, rispondi con '&&NOENT&&'. Testo: '{{text}}' Entità:")
NER_V2_Q = ("Dato il seguente testo, scrivi le menzioni di entità nel testo, indicandone il tipo: PER (persona), LOC "
            "(luogo), ORG (organizzazione). Rispondi con il seguente formato: Entità$Tipo%Entità$Tipo. Separa ogni "
            "coppia entità-tipo con il carattere '%' ad esempio:  Entità_2$Tipo%Entità_2$Tipo. In caso non ci siano "
            "entita' rispondi '&&NOENT&&'. Testo: {{text}}")
NER_DO = "Devi svolgere un compito di riconoscimento delle entità nei testi. "


def ner(tree: Tree) -> None:
    for corpus in ("adg", "fic", "wn"):
        for i, text in enumerate([NER_Q, NER_DO + NER_Q], 1):
            name = f"evalita-mp_ner_{corpus}_p{i}"
            tree.write(f"{ROOT}/ner/{name}.yaml", {
                **NER_BASE, "dataset_name": corpus, "test_split": "reduced_test", "fewshot_split": "trial",
                "task_alias": f"{corpus.upper()} prompt-{i}", "tag": f"evalita-mp_ner_tasks_{corpus}", "task": name,
                "doc_to_text": text})
        for i in (1, 2):  # the v2 prompt, twice; FIC's first reads the dev split and targets the raw entities
            name = f"evalita-mp_ner-v2_{corpus}_p{i}"
            odd = corpus == "fic" and i == 1
            tree.write(f"{ROOT}/ner/{name}.yaml", {
                **NER_BASE, "dataset_name": corpus, "test_split": "dev" if odd else "reduced_test",
                "fewshot_split": "dev", "task_alias": f"prompt-{i}", "tag": f"evalita-mp_ner-v2_tasks_{corpus}",
                "task": name, **({"doc_to_target": "entities"} if odd else {}), "doc_to_text": NER_V2_Q})
        _group(tree, f"evalita-mp_ner_{corpus}_group", f"evalita NER: {corpus.upper()}",
               [f"evalita-mp_ner-v2_tasks_{corpus}"], "f1")
    _utils(tree, "ner", "NER: entity$type answers matched to the gold entities; F1 over PER, LOC, ORG.",
           ["ner_doc_to_target", "ner_process_results", "aggregate_ner"])
    _group(tree, "evalita-mp_ner_group", "evalita NER",
           ["evalita-mp_ner_tasks_fic", "evalita-mp_ner_tasks_adg", "evalita-mp_ner_tasks_wn"], "f1")


# ===================================================================== relation extraction (re)
RE_Q = ("Dato un documento medico devi estrarre tutte le misurazioni degli esami medici presenti. Riporta ogni "
        "relazione nel formato: misurazione$esame, separando ciascuna coppia con '%'. Se non ci sono relazioni da "
        "estrarre, rispondi con '&&NOREL&&'. Testo: '{{text}}' Relazioni:")


def re_(tree: Tree) -> None:
    base = {"dataset_path": "evalitahf/relation_extraction", "test_split": "test", "fewshot_split": "dev",
            "output_type": "generate_until", "generation_kwargs": {"until": ["</s>"]},
            "doc_to_target": Fn("utils.re_doc_to_target"), "process_results": Fn("utils.rel_process_results_v3"),
            "metric_list": _f1(Fn("utils.aggregate_rel")), "metadata": V1}
    _prompts(tree, "re", base, [
        {"doc_to_text": RE_Q},
        {"doc_to_text": "Devi svolgere un compito di estrazione di relazioni da documenti medici. " + RE_Q}])
    _utils(tree, "re", "relation extraction: measurement$exam pairs against the gold ones; macro F1.",
           ["re_doc_to_target", "aggregate_rel"], {"rel_process_results_v3": "re_process_results"})
    _group(tree, "evalita-mp_re", "relation-extraction", ["evalita-mp_re_tasks"], "f1")


# ========================================================================= summarization (sum)
SUM_Q = "Riassumi il seguente articolo di giornale: '{{source}}'\nRiassunto:"


def summarization(tree: Tree) -> None:
    for kind, data in (("fp", {"dataset_path": "ARTeLab/fanpage", "test_split": "test"}),
                       ("fp-small", {"dataset_path": "evalitahf/summarization-fp", "test_split": "test_100",
                                     "fewshot_split": "dev"})):
        base = {**data, "output_type": "generate_until", "generation_kwargs": {"until": ["</s>"]},
                "doc_to_target": "{{target}}", "metadata": {"version": 1.0} if kind == "fp" else V1,
                "process_results": Fn("utils.process_results_sum"),
                "metric_list": [{"metric": "rouge1", "higher_is_better": True, "aggregation": "mean"}]}
        _prompts(tree, f"sum_{kind}", base, [
            {"doc_to_text": SUM_Q}, {"doc_to_text": DO + "sintesi automatica del testo. " + SUM_Q}],
            task=f"evalita-sp_sum_task_{kind}_p{{i}}")
        tree.write_python(f"{ROOT}/sum_{kind}/utils.py", "\n".join([
            '"""Summarization: ROUGE-1 of the summary against the reference (extra [rouge])."""', "",
            "from lmeval_tasks_multilingual import evalita_rouge", "",
            "process_results_sum = evalita_rouge.process_results_sum", ""]))
    _group(tree, "evalita-mp_sum_fp", "summarization-fanpage", ["evalita-mp_sum_fp_tasks"], "rouge1")
    _group(tree, "evalita-mp_sum_fp_small", "summarization-fanpage", ["evalita-mp_sum_fp-small_tasks"], "rouge1",
           version=0.1)


# ================================================================================= the groups
TASK_GROUPS = ["evalita-mp_te", "evalita-mp_sa", "evalita-mp_wic", "evalita-mp_hs", "evalita-mp_at", "evalita-mp_faq"]
GEN_GROUPS = ["evalita-mp_sum_fp", "evalita-mp_ls", "evalita-mp_ner_group", "evalita-mp_re"]


def groups(tree: Tree) -> None:
    _group(tree, "evalita-mp", "Evalita-LLM", TASK_GROUPS + GEN_GROUPS, "acc")
    _group(tree, "evalita-mp_mc", "Evalita-LLM - PPL-based", TASK_GROUPS, "acc")
    _group(tree, "evalita-mp_gen", "Evalita-LLM - Generative", GEN_GROUPS, "acc")


def _utils(tree: Tree, folder: str, doc: str, names: list[str], renamed: dict[str, str] | None = None) -> None:
    lines = [f'"""Evalita-LLM {doc}"""', "", "from lmeval_tasks_multilingual import evalita", ""]
    lines += [f"{n} = evalita.{n}" for n in names]
    lines += [f"{n} = evalita.{target}" for n, target in (renamed or {}).items()]
    tree.write_python(f"{ROOT}/{folder}/utils.py", "\n".join(lines) + "\n")


FAMILIES = [te, sa, wic, hs, at, faq, ls, ner, re_, summarization, groups]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
