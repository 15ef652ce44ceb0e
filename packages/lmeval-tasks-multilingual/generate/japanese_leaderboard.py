"""The Japanese LLM leaderboard tasks (``japanese_leaderboard``, from the Swallow and llm-jp
evaluations): JAQKET v2, JCommonsenseQA, JNLI, JSQuAD, MARC-ja (JGLUE), MGSM-ja, XL-Sum-ja, XWinograd-ja,
with an instruction preamble and fixed few-shot counts. XL-Sum's helpers need the ``[japanese]`` extra
(``xlsum/``, checked on load)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Fn, Tree

DESCRIPTION = "以下は、タスクを説明する指示と、文脈のある入力の組み合わせです。要求を適切に満たす応答を書きなさい。\n\n"
ACC = [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}]
EXACT = [{"metric": "exact_match", "regexes_to_ignore": ["^\\s+", "\\s+$"], "aggregation": "mean",
          "higher_is_better": True}]
WHITESPACES = [{"name": "whitespaces", "filter": [{"function": "remove_whitespace"}, {"function": "take_first"}]}]
UNTIL = {"until": ["\n\n"], "do_sample": False}
EXTRACT = "### 指示：\n与えられた文脈から、質問に対する答えを抜き出してください。\n\n### 入力：\n文脈："
CHOOSE = "### 指示：\n"
V1 = {"version": 1.0}


def _split(fewshot: int | None, test: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"training_split": "train", "validation_split": "validation" if not test else None,
                           "test_split": "test" if test else None, "fewshot_split": "train", "num_fewshot": fewshot}
    return out


TASKS: dict[str, tuple[str, dict[str, Any]]] = {
    "jaqket_v2": ("base", {
        "dataset_path": "kumapo/JAQKET", "dataset_name": "v2.0", **_split(1), "description": DESCRIPTION,
        "doc_to_text": EXTRACT + "{{ ctxs['text'] | join('\n') }}\n質問：{{ question }}\n\n### 応答：",
        "doc_to_target": "{{ answers['text'][0] }}", "target_delimiter": "\n", "output_type": "generate_until",
        "generation_kwargs": UNTIL, "metric_list": EXACT, "filter_list": WHITESPACES, "metadata": {"version": 2.0}}),
    "jcommonsenseqa": ("base", {
        "dataset_path": "Rakuten/JGLUE", "dataset_name": "JCommonsenseQA", **_split(3), "description": DESCRIPTION,
        "process_docs": Fn("utils.jcommonsenseqa_docs"),
        "doc_to_text": "### 指示：\n出力は以下から選択してください：\n{% for choice in choices %}- {{ choice }}\n{% endfor %}"
                       "\n### 入力：\n{{ question }}\n\n### 応答：",
        "doc_to_target": "label", "doc_to_choice": "choices", "target_delimiter": "\n",
        "output_type": "multiple_choice", "metric_list": ACC, "metadata": V1}),
    "jnli": ("base", {
        "dataset_path": "Rakuten/JGLUE", "dataset_name": "JNLI", **_split(3), "description": DESCRIPTION,
        "doc_to_text": "### 指示：\n与えられた前提と仮説の関係を回答してください。\n\n出力は以下から選択してください：\n含意\n矛盾\n中立\n\n"
                       "### 入力：\n前提：{{ sentence1 }}\n仮説：{{ sentence2 }}\n\n### 応答：",
        "doc_to_target": "label", "doc_to_choice": ["含意", "矛盾", "中立"], "target_delimiter": "\n",
        "output_type": "multiple_choice", "metric_list": ACC, "metadata": V1}),
    "jsquad": ("base", {
        "dataset_path": "Rakuten/JGLUE", "dataset_name": "JSQuAD", **_split(2), "description": DESCRIPTION,
        "doc_to_text": EXTRACT + "{% set _context = context.split('[SEP]')[-1] %}{{ _context | trim }}\n質問：{{ question }}"
                       "\n\n### 応答：",
        "doc_to_target": "{{ answers['text'][0] }}", "target_delimiter": "\n", "output_type": "generate_until",
        "generation_kwargs": UNTIL, "metric_list": EXACT, "filter_list": WHITESPACES, "metadata": V1}),
    "marc_ja": ("base", {
        "dataset_path": "Rakuten/JGLUE", "dataset_name": "MARC-ja", **_split(3), "description": DESCRIPTION,
        "doc_to_text": "### 指示：\n以下の製品レビューを、ポジティブまたはネガティブの感情クラスのいずれかに分類してください。\n\n"
                       "### 入力：\n{{ sentence }}\n\n### 応答：",
        "doc_to_target": "label", "doc_to_choice": ["ポジティブ", "ネガティブ"], "target_delimiter": "\n",
        "output_type": "multiple_choice", "metric_list": ACC, "metadata": V1}),
    "mgsm": ("base", {
        "dataset_path": "juletxara/mgsm", "dataset_name": "ja", "training_split": "train", "validation_split": None,
        "test_split": "test", "fewshot_split": "train", "num_fewshot": 5, "description": DESCRIPTION,
        "doc_to_text": "### 指示：\n与えられた問題に対して、ステップごとに答えを導き出してください。\n\n### 入力：\n"
                       "{{ question | replace('問題：', '') }}\n\n### 応答：",
        "doc_to_target": "{{ answer | replace('ステップごとの答え：', '') }}", "target_delimiter": "\n",
        "output_type": "generate_until", "process_results": Fn("utils.mgsm_process_results"), "metric_list": ACC,
        "generation_kwargs": UNTIL, "metadata": V1}),
    "xlsum": ("xlsum", {
        "dataset_path": "mkshing/xlsum_ja", "dataset_name": None, **_split(1, test=True), "validation_split": "validation",
        "description": DESCRIPTION,
        "doc_to_text": "### 指示：\n与えられたニュース記事を要約してください。\n\n### 入力：\nニュース記事：{{ text }}\n\n### 応答：",
        "doc_to_target": "{{ summary }}", "target_delimiter": "\n", "output_type": "generate_until",
        "metric_list": [{"metric": Fn("utils.rouge2"), "aggregation": Fn("utils.rouge2_agg"), "higher_is_better": True}],
        "filter_list": WHITESPACES, "generation_kwargs": UNTIL, "metadata": V1}),
    "xwinograd": ("base", {
        "dataset_path": "polm-stability/xwinograd-ja", "dataset_name": None, "training_split": None,
        "validation_split": None, "test_split": "test", "num_fewshot": None,
        "process_docs": Fn("utils.xwinograd_docs"), "doc_to_target": "label", "doc_to_choice": "choices",
        "doc_to_text": "", "target_delimiter": "", "output_type": "multiple_choice", "metric_list": ACC,
        "metadata": V1}),
}


def japanese_leaderboard(tree: Tree) -> None:
    for name, (folder, config) in TASKS.items():
        tree.write(f"japanese_leaderboard/{folder}/ja_leaderboard_{name}.yaml", {"task": f"ja_leaderboard_{name}", **config})
    tree.write("japanese_leaderboard/_ja_leaderboard.yaml", {
        "group": "japanese_leaderboard", "task": [f"ja_leaderboard_{n}" for n in TASKS], "metadata": V1})
    names = ["jcommonsenseqa_docs", "xwinograd_docs", "mgsm_process_results"]
    tree.write_python("japanese_leaderboard/base/utils.py", "\n".join([
        '"""Japanese leaderboard: JCommonsenseQA and XWinograd documents, MGSM\'s integer answer."""', "",
        "from lmeval_tasks_multilingual import japanese_leaderboard", "",
        *[f"{n} = japanese_leaderboard.{n}" for n in names], ""]))
    tree.write_python("japanese_leaderboard/xlsum/utils.py", "\n".join([
        '"""XL-Sum-ja: ROUGE-2 over MeCab tokens (the [japanese] extra, checked on import)."""', "",
        "from lmeval_tasks_multilingual import japanese_leaderboard", "",
        "rouge2 = japanese_leaderboard.rouge2", "rouge2_agg = japanese_leaderboard.rouge2_agg", "",
        "japanese_leaderboard.check_installed()", ""]))


FAMILIES = [japanese_leaderboard]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
