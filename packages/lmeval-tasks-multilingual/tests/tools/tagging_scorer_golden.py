"""Write what lm-eval 0.4.13 makes of many MasakhaNER and MasakhaPOS answers, for the tests.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-multilingual/tests/tools/tagging_scorer_golden.py

Runs lm-eval's own code: the ``format_span`` and ``regex_pos`` filters, MasakhaNER's span F1
aggregation (``afrobench/masakhaner/prompt_1/utils.py``) on each (gold, answer) pair and on seeded
random sets of pairs, and MasakhaPOS's ``acc_score`` aggregation on (gold tags, filtered answer)
pairs as its YAML means them (lm-eval itself never reaches it with pairs: pack README). Output:
``tests/golden/tagging_scores.json``, compared by tests/test_ml_afrobench_tagging.py.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]
OUT = HERE / "tests" / "golden" / "tagging_scores.json"

NER_GOLDS = ["PER: Amina Yusuf $$ LOC: Kano $$ DATE: 12 ga Mayu", "ORG: Dangote Group $$ LOC: Lagos $$ LOC: Nigeria",
             "", "PER: U.S. Grant $$ ORG: The A-Team", "LOC: New   York $$ PER: Jean-Luc\tPicard"]
NER_ANSWERS = [
    "", " ", "none", "PER: none", "PER: Amina Yusuf $$ LOC: Kano $$ DATE: 12 ga Mayu",
    "per: amina yusuf $ loc: kano $ date: 12 ga mayu", "PERSON: Amina Yusuf\nLOCATION: Kano\nDATE: 12 ga Mayu",
    "person: Amina Yusuf, location: Kano", "LOC: Kano, Nigeria, Lagos", "ORG: Dangote Group $ LOC: Lagos $ LOC: Nigeria",
    "ORG: Dangote Group $$ ORG: Dangote Group $$ LOC: Lagos", "LOC: Lagos $$ LOC: Lagos $$ LOC: Nigeria $$ LOC: Nigeria",
    "PER: Amina Yusuf. LOC: Kano.", "PER:Amina Yusuf $$ LOC :Kano", "PER : Amina", "**PER**: Amina Yusuf",
    '{"PER": ["Amina Yusuf"], "LOC": ["Kano"]}', "PER: a: b $$ LOC: Kano", "$$$$", "$ $ $", "PER: $$ LOC:",
    "The entities are PER: Amina Yusuf and LOC: Kano.", "people: Amina $$ places: Kano $$ time: Monday",
    "company: Dangote Group $$ country: Nigeria $$ continent: Africa $$ counties: Kano",
    "persons: Amina, Musa $$ organization: UN", "PERSONAL: Amina $$ perform: x", "personal: Amina",
    "PER: U.S. Grant $$ ORG: The A-Team", "PER: u.s. grant $$ ORG: the a-team", "PER: Grant $$ ORG: A Team",
    "LOC: New   York $$ PER: Jean-Luc Picard", "LOC: New York $$ PER: Jean-Luc\tPicard", "LOC: newyork",
    "PER: Amina\x00Yusuf", "PER: Amina Yusuf\u202e", "PER: (Amina) [Yusuf] {x}", "PER: \\d+ $$ LOC: .*",
    "PER: Amina • Yusuf", "PER: Amina # Yusuf", "PER: Amina Yusuf" * 50, "LOC: " + "Kano " * 200,
    "per: amina yusuf $$ per: amina yusuf $$ per: amina yusuf", "DATE: 12 ga Mayu $$ DATE: none",
    "Text: Amina Yusuf ta isa Kano\nPER: Amina Yusuf\nReturn only the output", "PER: Amina Yusuf\n\nLOC: Kano\n",
    "per: amina yusuf $$$ loc: kano", "per: a $$ org: b $$ loc: c $$ date: d $$ per: e",
    "Named entities: [PER: Amina Yusuf], [LOC: Kano]", "PER: Ámíná Yúsùf", "PER: an apple the tree a",
]

POS_GOLDS = [["PRON", "VERB", "ADP", "PROPN", "PUNCT"], ["DET", "NOUN", "NUM", "AUX", "VERB", "PUNCT"], ["NOUN"]]
POS_ANSWERS = [
    "", "invalid", "[('Ó', 'PRON'), ('wá', 'VERB'), ('sí', 'ADP'), ('Èkó', 'PROPN'), ('.', 'PUNCT')]",
    "[('Ó', 'PRON'), ('wá', 'VERB')]", "[('Àwọn', 'DET'), ('ọmọ', 'NOUN'), ('méjì', 'NUM'), ('ti', 'AUX'), "
    "('lọ', 'VERB'), ('.', 'PUNCT'), ('extra', 'X'), ('more', 'X')]", '[("Ó", "PRON"), ("wá", "VERB")]',
    "[('Ó','PRON'), ('wá' , 'VERB')]", "[('Ó', 'pron'), ('wá', 'verb')]", "('Ó', 'PRON')\n('wá', 'VERB')",
    "[('', ''), ('', 'NOUN')]", "[('it's', 'PRON')]", "[('Ó', 'PRON', 'x'), ('wá', 'VERB')]",
    "Ó/PRON wá/VERB sí/ADP", "[['Ó', 'PRON']]", "[('NOUN', 'NOUN')]" * 100, "[('a', 'B')] [('c', 'D')]",
    "[('Ó', 'NOUN'), ('wá', 'NOUN'), ('sí', 'NOUN'), ('Èkó', 'NOUN'), ('.', 'NOUN'), ('x', 'NOUN')]",
]


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(f"ref_{path.parent.parent.name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    import lm_eval
    from lm_eval.filters.extraction import POSFilter
    from lm_eval.filters.transformation import SPANFilter

    afro = Path(lm_eval.__file__).parent / "tasks" / "afrobench"
    ner = _load(afro / "masakhaner" / "prompt_1" / "utils.py")
    pos = _load(afro / "masakhapos" / "prompt_1" / "utils.py")
    span_filter, pos_filter = SPANFilter(), POSFilter()

    ner_rows = []
    for answer in NER_ANSWERS:
        (filtered,) = span_filter.apply([[answer]], [{}])
        for gold in NER_GOLDS:
            ner_rows.append({"answer": answer, "gold": gold, "filtered": filtered,
                             "f1": ner.span_f1_agg([(gold, filtered)])})
    rng = random.Random(1234)
    ner_sets = []
    for _ in range(60):
        picks = [rng.randrange(len(ner_rows)) for _ in range(rng.randint(1, 8))]
        ner_sets.append({"rows": picks, "f1": ner.span_f1_agg(
            [(ner_rows[i]["gold"], ner_rows[i]["filtered"]) for i in picks])})

    pos_rows = []
    for answer in POS_ANSWERS:
        (filtered,) = list(pos_filter.apply([[answer]], [{}]))
        for gold in POS_GOLDS:
            pos_rows.append({"answer": answer, "gold": gold, "filtered": filtered,
                             "acc": pos.acc_score([(gold, filtered)])})
    pos_sets = []
    for _ in range(30):
        picks = [rng.randrange(len(pos_rows)) for _ in range(rng.randint(1, 6))]
        pos_sets.append({"rows": picks, "acc": pos.acc_score(
            [(pos_rows[i]["gold"], pos_rows[i]["filtered"]) for i in picks])})

    OUT.write_text(json.dumps({"source": "lm-eval 0.4.13's format_span, regex_pos, span_f1_agg and acc_score "
                                         "(tests/tools/tagging_scorer_golden.py)",
                               "ner": ner_rows, "ner_sets": ner_sets, "pos": pos_rows, "pos_sets": pos_sets},
                              ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(ner_rows)} NER pairs, {len(ner_sets)} sets, {len(pos_rows)} POS pairs -> {OUT}")


if __name__ == "__main__":
    main()
