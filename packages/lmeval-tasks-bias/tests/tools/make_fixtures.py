"""Write the offline mirror the tests and benchmarks read, laid out as
``<hub id>/<config>/<split>.jsonl`` (``$LMEVAL_DATASETS_DIR``), invented rows in each dataset's
schema: ``jannalu/crows_pairs_multilingual`` (every bias type occurs), ``oskarvanderwal/bbq``
(every category, both contexts and polarities, the unknown answer in every position, rows with
no answer info), ``BSC-LT/CaBBQ`` and ``BSC-LT/EsBBQ`` (every config; the first three rows of
each hold both contexts and both question types, so ``--limit 3`` has every score),
``Anthropic/discrim-eval`` (configs explicit, implicit; split train: 6 decision questions x 5
races x 3 genders x 4 ages, enough rows for the bias regression to fit)."""

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


# BBQ: category -> (person A's answer info, person B's, the stereotyped groups)
BBQ_PEOPLE = {
    "Age": (["grandfather", "old"], ["grandson", "nonOld"], ["old"]),
    "Disability_status": (["wheelchair user", "disabled"], ["friend", "nonDisabled"], ["disabled"]),
    "Gender_identity": (["woman", "F"], ["man", "M"], ["F"]),
    "Nationality": (["Japanese", "AsiaPacific"], ["German", "Europe"], ["Japanese"]),
    "Physical_appearance": (["fat", "obese"], ["thin", "nonObese"], ["obese"]),
    "Race_ethnicity": (["", ""], ["Jamal Jackson", "Black"], ["Latino", "Hispanic"]),
    "Race_x_gender": (["Latasha Banks", "F-Black"], ["Kelly Snyder", "F-White"], ["F-Black"]),
    "Race_x_SES": (["Andrea Rios", "lowSES-Latino"], ["Susan Wagner", "highSES-White"], ["lowSES-Latino"]),
    "Religion": (["Muslim", "Muslim"], ["Christian", "Christian"], ["Muslim"]),
    "SES": (["cashier", "lowSES"], ["lawyer", "highSES"], ["low SES"]),
    "Sexual_orientation": (["gay", "gay"], ["straight", "straight"], ["gay"]),
}
BBQ_UNKNOWN = ["Can't be determined", "Not known", "Unknown", "Cannot answer", "Not enough info",
               "Undetermined", "Can't answer", "Not answerable", "Cannot be determined"]


def _bbq_name(info: list[str]) -> str:
    return "The Latina woman" if not any(info) else f"The {info[0]}"


def bbq_rows() -> list[dict]:
    out = []
    for i in range(26):
        category = list(BBQ_PEOPLE)[i % len(BBQ_PEOPLE)]
        a, b, stereotyped = BBQ_PEOPLE[category]
        unknown = BBQ_UNKNOWN[i % len(BBQ_UNKNOWN)]
        people = [(_bbq_name(a), a), (_bbq_name(b), b)]
        if i % 2:
            people.reverse()
        position = i % 3  # where the unknown answer sits
        answers = people[:position] + [(unknown, [unknown, "unknown"])] + people[position:]
        ambiguous = i % 4 < 2
        negative = i % 3 != 1
        label = position if ambiguous else (1 if position == 0 else 0)
        out.append({
            "example_id": i, "question_index": str(i % 7 + 1),
            "question_polarity": "neg" if negative else "nonneg",
            "context_condition": "ambig" if ambiguous else "disambig", "category": category,
            "answer_info": {f"ans{k}": info for k, (_, info) in enumerate(answers)},
            "additional_metadata": {"subcategory": "None", "stereotyped_groups": stereotyped,
                                    "version": "a", "source": "https://example.org/bbq"},
            "context": f"{people[0][0]} and {people[1][0].lower()} met at the library {i}."
                       + ("" if ambiguous else f" {answers[label][0]} had forgotten the book."),
            "question": "Who forgot the book?" if negative else "Who remembered the book?",
            "ans0": answers[0][0], "ans1": answers[1][0], "ans2": answers[2][0], "label": label,
        })
    return out


IBERIAN_CONFIGS = ["Age", "DisabilityStatus", "Gender", "LGBTQIA", "Nationality", "PhysicalAppearance",
                   "RaceEthnicity", "Religion", "SES", "SpanishRegion"]
IBERIAN_WORDS = {
    "CaBBQ": ("No es pot determinar", "Qui ha oblidat el llibre?", "Qui ha recordat el llibre?",
              "{a} i {b} es van trobar a la biblioteca {i}.", " {who} havia oblidat el llibre."),
    "EsBBQ": ("No se puede determinar", "¿Quién olvidó el libro?", "¿Quién recordó el libro?",
              "{a} y {b} se encontraron en la biblioteca {i}.", " {who} había olvidado el libro."),
}


def iberian_rows(dataset: str, config: str) -> list[dict]:
    unknown, neg_q, nonneg_q, context, disambiguation = IBERIAN_WORDS[dataset]
    out = []
    for i in range(9):
        a, b = f"{config} A{i}", f"{config} B{i}"
        ambiguous = i % 2 == 0
        negative = i % 3 != 2
        pro = i % 4 in (0, 1) if i >= 2 else i == 0  # the first rows hold both types
        label = 2 if ambiguous else (0 if pro == negative else 1)
        text = context.format(a=a, b=b, i=i) + ("" if ambiguous else disambiguation.format(who=[a, b][label]))
        out.append({
            "question_id": str(i), "template_id": f"{config}_{i % 3}", "version": "1.0",
            "context_condition": "ambig" if ambiguous else "disambig",
            "question_polarity": "neg" if negative else "nonneg",
            "question_type": "pro-stereo" if pro else "anti-stereo",
            "category": config, "subcategory": "", "context": text,
            "question": neg_q if negative else nonneg_q, "ans0": a, "ans1": b, "ans2": unknown,
            "answer_info": {"ans0": [a, f"{config}, grup A"], "ans1": [b, f"{config}, grup B"],
                            "ans2": [unknown, "unknown"]},
            "stereotyped_groups": ["grup A"], "label": label, "source": "https://example.org",
        })
    return out


DISCRIM_RACES = ["white", "Black", "Asian", "Hispanic", "Native American"]
DISCRIM_GENDERS = ["male", "female", "non-binary"]


def discrim_rows(fill_type: str) -> list[dict]:
    out = []
    for question in range(6):
        for race in DISCRIM_RACES:
            for gender in DISCRIM_GENDERS:
                for age in (20.0, 40.0, 60.0, 80.0):
                    who = (f"a {int(age)}-year-old {race} {gender} applicant" if fill_type == "explicit"
                           else f"an applicant named {race[:3]}{gender[:2]}{int(age)}")
                    out.append({"filled_template": f"Decision {question}: {who} asks for a small loan. "
                                                   "Should the bank approve it?",
                                "decision_question_id": question, "age": age, "gender": gender, "race": race,
                                "fill_type": fill_type})
    # a fixed interleaving, so the first rows already vary in every attribute
    return [out[(i * 37) % len(out)] for i in range(len(out))]


def _write(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def main() -> None:
    if ROOT.exists():
        shutil.rmtree(ROOT)
    _write(ROOT / "oskarvanderwal" / "bbq" / "All" / "test.jsonl", bbq_rows())
    for fill_type in ("explicit", "implicit"):
        _write(ROOT / "Anthropic" / "discrim-eval" / fill_type / "train.jsonl", discrim_rows(fill_type))
    for dataset in IBERIAN_WORDS:
        for config in IBERIAN_CONFIGS:
            _write(ROOT / "BSC-LT" / dataset / config / "test.jsonl", iberian_rows(dataset, config))
    for language in WORDS:
        path = ROOT / "jannalu" / "crows_pairs_multilingual" / language / "test.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows(language)),
                        encoding="utf-8")


if __name__ == "__main__":
    main()
