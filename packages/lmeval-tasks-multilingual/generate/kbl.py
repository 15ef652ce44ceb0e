"""KBL, the Korean Benchmark for Legal language understanding (Kim et al. 2024, arXiv:2410.08731):
the Korean bar exam by subject and year, legal knowledge and legal reasoning questions, answered
with a letter (exact match of the first letter the model writes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Tree

#: a literal backslash-n (lm-eval's single-quoted YAML) ends the system description, as lm-eval's single-quoted YAML has it
DESCRIPTION = "당신은 사용자의 질문에 친절하고 논리적으로 답변해 주는 법률 전문가 챗봇 입니다.\\n"
ANSWER_LIKE = "''답변: A'' 와 같이 단답식으로 답해 주세요."
BAR_YEARS = {"civil": range(2012, 2026), "criminal": range(2012, 2025), "public": range(2012, 2025),
             "responsibility": range(2010, 2024)}


def _get_answer(letters: str) -> list[dict[str, Any]]:
    return [{"name": "get-answer", "filter": [{"function": "regex", "regex_pattern": f"([{letters}]).*"},
                                               {"function": "take_first"}]}]


def _exact(ignore_punctuation: bool) -> list[dict[str, Any]]:
    return [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True, "ignore_case": True,
             "ignore_punctuation": ignore_punctuation}]


def _base(tags: list[str]) -> dict[str, Any]:
    return {"tag": tags, "description": DESCRIPTION, "dataset_path": "lbox/kbl", "test_split": "test",
            "output_type": "generate_until"}


def bar_exam(tree: Tree) -> None:
    for subject, years in BAR_YEARS.items():
        letters = "ABCD" if subject == "responsibility" else "ABCDE"
        text = (f"### 질문: {{{{question}}}}\n다음 각 선택지를 읽고 {', '.join(letters)} 중 하나를 선택하여 "
                f"'답변: A' 와 같이 단답식으로 답해 주세요.{_lines(letters)}\n### 답변:")
        for year in years:
            name = f"kbl_bar_exam_em_{subject}_{year}"
            tree.write(f"kbl/bar_exam/{subject}/{name}.yaml", {
                **_base(["kbl", "kbl_bar_exam_em", f"kbl_bar_exam_em_{subject}"]), "task": name,
                "dataset_name": f"bar_exam_{subject}_{year}", "doc_to_text": text, "doc_to_target": "gt",
                "metric_list": _exact(True), "filter_list": _get_answer(f"A-{letters[-1]}")})


def _lines(letters: str) -> str:
    return "".join(f"\n{x}. {{{{{x}}}}}" for x in letters)


def _quoted(letters: str) -> str:
    return ", ".join(f"'{x}'" for x in letters)


KNOWLEDGE = {  # task → (dataset config, prompt)
    "kbl_common_legal_mistake_qa_em": ("kbl_knowledge_common_legal_mistake_qa",
                                       f"### 질문: {{{{question}}}}{_lines('ABC')}\n{_quoted('ABC')} 중 하나를 선택하여 {ANSWER_LIKE}"),
    "kbl_common_legal_mistake_qa_reasoning_em": (
        "kbl_knowledge_common_legal_mistake_qa_reasoning",
        f"### 질문: {{{{question}}}}{_lines('ABC')}\n{_quoted('ABC')} 중 하나를 선택하여 {ANSWER_LIKE}"),
    "kbl_legal_concept_qa_em": ("kbl_knowledge_legal_concept_qa",
                                f"### 질문: {{{{question}}}}{_lines('ABCDE')}\n{_quoted('ABCDE')} 중 하나를 선택하여 {ANSWER_LIKE}"),
    "kbl_offense_component_qa_em": (
        "kbl_knowledge_offense_component_qa",
        f"### 질문: {{{{question}}}}\n다음 각 선택지를 읽고 선택지 중 하나를 골라 {ANSWER_LIKE} ### 선택지: A. {{{{A}}}}\nB. "
        "{{B}}."),
    "kbl_query_and_statute_matching_qa_em": (
        "kbl_knowledge_query_and_statute_matching_qa",
        f"### 질문: {{{{question}}}}{_lines('ABCDE')}\nA, B, C, D, E 중 하나를 선택하여 {ANSWER_LIKE}"),
    "kbl_statute_hallucination_qa_em": (
        "kbl_knowledge_statute_hallucination_qa",
        f"### 질문: {{{{question}}}}{_lines('ABCD')}\n{_quoted('ABCD')} 중 하나를 선택하여 {ANSWER_LIKE}"),
    "kbl_statute_number_and_content_matching_qa_em": (
        "kbl_knowledge_statute_number_and_content_matching_qa",
        f"### 질문: {{{{question}}}}{_lines('ABCDE')}\n A, B, C, D, E 중 하나를 선택하여 {ANSWER_LIKE}"),
}
_CHOOSE = "A: {{A}}, B: {{B}}\n중 하나를 선택하여 '답변: A'과 같이 단답식으로 답해주세요."
_CASE = "[{n} 판결문 상고인]\n{{{{{p}_appellant}}}}\n[{n} 판결문 사실관계]\n{{{{{p}_fact}}}}\n[{n} 판결문 당사자들의 주장]\n" \
        "{{{{{p}_claim}}}}\n[{n} 판결문 판사의 의견]\n{{{{{p}_judicial_opinion}}}}"
REASONING = {  # task → (dataset config, prompt, target)
    "kbl_case_relevance_qa_p_em": (
        "kbl_reasoning_case_relevance_qa_p",
        "### 질문: {{question}}\n\n" + _CASE.format(n="첫번째", p="query_case") + "\n\n"
        + _CASE.format(n="두번째", p="retrieved_case") + "\n\n" + _CHOOSE, "{{label}}"),
    "kbl_case_relevance_qa_q_em": (
        "kbl_reasoning_case_relevance_qa_q",
        "### 질문: {{question}}\n[의뢰인의 주장]\n{{query}}\n\n[판결문]\n- 상고인\n{{retrieved_case_appellant}}\n- 사실관계\n"
        "{{retrieved_case_fact}}\n- 당사자들의 주장\n{{retrieved_case_claim}}\n- 판사의 의견\n"
        "{{retrieved_case_judicial_opinion}}\n\n" + _CHOOSE, "{{label}}"),
    "kbl_causal_reasoning_qa_em": (
        "kbl_reasoning_causal_reasoning_qa",
        "### 질문: {{question}}\n검사의 공소사실: {{facts_charged}}\n피고인의 주장: {{defendant_claim}}\n증거: {{facts_accepted}}\n"
        "X, Y를 각각\nX: {{cause}})\nY: {{effect}}\n라고 할 때 X와 Y 사이의 관계를\n" + _CHOOSE, "label"),
    "kbl_statement_consistency_qa_em": (
        "kbl_reasoning_statement_consistency_qa",
        "### 질문: {{question}}\n진술1: {{statement1}}\n진술2: {{statement2}}\n" + _CHOOSE, "label"),
}


def knowledge_and_reasoning(tree: Tree) -> None:
    for name, (config, text) in KNOWLEDGE.items():
        tree.write(f"kbl/knowledge/{name}.yaml", {
            **_base(["kbl", "kbl_knowledge_em"]), "task": name, "dataset_name": config, "doc_to_text": text,
            "doc_to_target": "{{label}}", "metric_list": _exact(True), "filter_list": _get_answer("A-E")})
    for name, (config, text, target) in REASONING.items():
        tree.write(f"kbl/reasoning/{name}.yaml", {
            **_base(["kbl", "kbl_reasoning_em"]), "task": name, "dataset_name": config, "doc_to_text": text,
            "doc_to_target": target, "metric_list": _exact(False), "filter_list": _get_answer("A-E")})


FAMILIES = [bar_exam, knowledge_and_reasoning]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
