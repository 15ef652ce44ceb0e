"""Write jfinqa's part of the offline mirror: ``ajtgjmdjp/jfinqa`` configs ``numerical_reasoning``,
``consistency_checking``, ``temporal_reasoning`` (split ``test``), invented securities-report rows
in the Hub columns (pre/post text, a table, the question, the answer).
``python packages/lmeval-tasks-classic/tests/tools/jfinqa_fixtures.py``
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "ajtgjmdjp" / "jfinqa"
ANSWERS = ["12.5%", "1,234百万円", "△500", "増加", "3億円", "0", "1234", "7.0"]


def rows(config: str, n: int = 5) -> list[dict]:
    out = []
    for i in range(n):
        out.append({
            "id": f"{config}-{i}", "subtask": config, "company": f"株式会社サンプル{i}", "edinet_code": f"E0{i}123",
            "filing_year": str(2020 + i),
            "pre_text": [f"当社グループの{2020 + i}年度の業績は以下のとおりです。", "（単位：百万円）"] if i != 2 else [],
            "table_headers": ["項目", f"{2019 + i}年度", f"{2020 + i}年度"] if i != 3 else [],
            "table_rows": [["売上高", f"{1000 + i * 10:,}", f"{1100 + i * 7:,}"], ["営業利益", "△50", f"{80 + i}"]],
            "post_text": ["前年同期比で増収となりました。"] if i % 2 else [],
            "question": f"{config} の質問 {i}: 売上高の増加率は何%ですか？",
            "answer": ANSWERS[(i + len(config)) % len(ANSWERS)],
            "program": f"divide(subtract({1100 + i * 7}, {1000 + i * 10}), {1000 + i * 10})",
            "gold_evidence": ["table_0"],
        })
    return out


def main() -> None:
    for config in ("numerical_reasoning", "consistency_checking", "temporal_reasoning"):
        path = ROOT / config / "test.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows(config)), encoding="utf-8")


if __name__ == "__main__":
    main()
