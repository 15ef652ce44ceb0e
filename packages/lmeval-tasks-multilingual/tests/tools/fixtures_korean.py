"""Fixtures of KoBEST, HAE-RAE Bench and CSAT-QA, in their Hub schemas
(``python tests/tools/fixtures_korean.py``)."""

from __future__ import annotations

from fixture_rows import N, dump


def korean() -> None:
    for split in ("train", "validation", "test"):
        dump("skt/kobest_v1", "boolq", split, [{"paragraph": f"하늘은 파랗다 {split} {i}.", "question": f"하늘은 파란가 {i}?",
                                                "label": i % 2} for i in range(N)])
        dump("skt/kobest_v1", "copa", split, [{"premise": f"그는 우산을 폈다 {i}.", "question": ["원인", "결과 "][i % 2],
                                               "alternative_1": f"비가 왔다 {i}.", "alternative_2": f"해가 떴다 {i}.",
                                               "label": i % 2} for i in range(N)])
        dump("skt/kobest_v1", "hellaswag", split, [{"context": f"그녀는 요리를 시작했다 {i}.",
                                                    **{f"ending_{k}": f"결말 {k} {i}" for k in range(1, 5)},
                                                    "label": i % 4} for i in range(N)])
        dump("skt/kobest_v1", "sentineg", split, [{"sentence": f"이 영화는 별로다 {split} {i}.", "label": i % 2}
                                                  for i in range(N)])
        dump("skt/kobest_v1", "wic", split, [{"word": "배", "context_1": f"배가 아프다 {i}.", "context_2": f"배를 탔다 {i}.",
                                              "label": i % 2} for i in range(N)])
    for config in ("general_knowledge", "history", "loan_words", "rare_words", "standard_nomenclature"):
        dump("HAERAE-HUB/HAE_RAE_BENCH", config, "test", [{
            "query": f"### 질문: {config} {i}\n### 선택지:\n(A) 가\n(B) 나\n(C) 다\n(D) 라\n(E) 마\n### 정답:",
            "answer": "(" + "ABCDE"[i % 5] + ")", "options": "['가', '나', '다', '라', '마']"} for i in range(N)])
    for config in ("GR", "LI", "RCH", "RCS", "RCSS", "WR"):
        dump("HAERAE-HUB/csatqa", config, "test", [{
            "context": f"지문 {config} {i}", "question": f"질문 {i}?", **{f"option#{k}": f"보기 {k}" for k in range(1, 6)},
            "gold": i % 5 + 1} for i in range(N)])


FAMILIES = [korean]

if __name__ == "__main__":
    korean()
