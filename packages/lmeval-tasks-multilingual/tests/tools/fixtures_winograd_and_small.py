"""Fixtures of XWinograd, Icelandic WinoGrande, LAMBADA-StableLM, AlGhafa's COPA/PIQA and
IndicXNLI-gu (called by make_fixtures.py), in their Hub schemas."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

from fixture_rows import N, dump  # noqa: E402
from single_prompt_sets import LAMBADA_STABLELM  # noqa: E402
from xwinograd import XWINOGRAD  # noqa: E402


def _winograd(tag: str, i: int) -> dict[str, str]:
    end = "." if i == 2 else f" did not fit in {tag} box {i}."  # a lone period target, as in the data
    return {"sentence": f"The trophy {i} of {tag} and the suitcase: _{end}", "option1": f"trophy {i}",
            "option2": f"suitcase {i}", "answer": str(1 + i % 2)}


def winograd() -> None:
    for lang in XWINOGRAD:
        dump("Muennighoff/xwinograd", lang, "test", [_winograd(lang, i) for i in range(N)])
    dump("mideind/icelandic-winogrande", None, "train",
         [{"qID": f"is-{i}", **_winograd("is", i)} for i in range(N)])


def lambada() -> None:
    for lang in ["en", *LAMBADA_STABLELM]:
        dump("EleutherAI/lambada_multilingual_stablelm", lang, "test",
             [{"text": f"In {lang} story {i} the girl went home and met her friend Anna{i}"} for i in range(N)])


def alghafa() -> None:
    dump("Hennara/copa_ar", None, "test", [{"query": f"سقط الكوب {i} لذلك", "sol1": f"انكسر {i}",
                                            "sol2": f"طار {i}", "label": i % 2} for i in range(N)])
    dump("Hennara/pica_ar", None, "test", [{"goal": f"لتنظيف الطاولة {i}", "sol1": f"استخدم قطعة قماش {i}",
                                            "sol2": f"استخدم الرمل {i}", "label": (i + 1) % 2} for i in range(N)])


def indicxnli() -> None:
    for split in ("train", "validation", "test"):
        dump("Divyanshu/indicxnli", None, split, [{"premise": f"આધાર {split} {i} અહીં છે",
                                                    "hypothesis": f"પૂર્વધારણા {i} સાચી છે", "label": i % 3}
                                                   for i in range(N)])


FAMILIES = [winograd, lambada, alghafa, indicxnli]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
