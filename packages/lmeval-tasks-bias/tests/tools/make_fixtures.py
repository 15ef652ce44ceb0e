"""Write the offline mirror the tests and benchmarks read: invented pairs in the schema of
``jannalu/crows_pairs_multilingual`` (configs english, french; split test), laid out as
``<hub id>/<config>/<split>.jsonl`` (``$LMEVAL_DATASETS_DIR``). Every bias type occurs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "fixtures" / "datasets"
BIAS = ["race-color", "socioeconomic", "gender", "age", "religion", "disability",
        "sexual-orientation", "nationality", "physical-appearance", "autre"]
WORDS = {"english": ("The {who} {i} was too {what} to finish the work.", "old person", "young person", "slow"),
         "french": ("La {who} {i} était trop {what} pour finir le travail.", "personne âgée", "personne jeune", "lente")}


def rows(language: str) -> list[dict]:
    template, more, less, what = WORDS[language]
    out = []
    for i in range(13):
        out.append({"id": i, "sent_more": template.format(who=more, i=i, what=what),
                    "sent_less": template.format(who=less, i=i, what=what),
                    "stereo_antistereo": "stereo" if i % 3 else "antistereo",
                    "bias_type": BIAS[i % len(BIAS)], "annotations": [[BIAS[i % len(BIAS)]]] * 2,
                    "anon_writer": f"a{i}", "anon_annotators": [f"a{i}", f"a{i + 1}"]})
    return out


def main() -> None:
    if ROOT.exists():
        shutil.rmtree(ROOT)
    for language in WORDS:
        path = ROOT / "jannalu" / "crows_pairs_multilingual" / language / "test.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows(language)),
                        encoding="utf-8")


if __name__ == "__main__":
    main()
