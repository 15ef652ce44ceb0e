"""Fixtures of the NorEval sets, in their Hub schemas (``python tests/tools/fixtures_noreval.py``).

Rows exercise the scorers: NorIdiom mixes both written standards and punctuation; NorOpenBookQA has
a question without its fact (dropped); NRK-Quiz-QA has a two-option question ("A eller B");
NorQuAD's context holds its title on the first line; NorTruthfulQA's answers lack final periods."""

from __future__ import annotations

from fixture_rows import N, dump, sentence

LANGS = ("nb", "nn")


def _choices(n: int, tag: str, i: int) -> dict:
    return {"label": list("ABCDE")[:n], "text": [f"{tag} svar {k} {i}" for k in range(n)]}


def noreval() -> None:
    for split in ("train", "validation", "test"):
        dump("ltg/ask-gec", None, split, [{"id": f"{split}-{i}", "source": f"Dette er ein setning {split} {i} som har feil",
                                            "correction": f"Dette er en setning {split} {i} som har feil."}
                                           for i in range(N)])
    dump("hcfa/ncb", None, "train", [{"correct": f"Han gikk til butikken {i}.", "wrong": f"Han gikk til butikk {i}."}
                                     for i in range(N)])
    for lang in LANGS:
        dump("ltg/norcommonsenseqa", lang, "train", [{
            "id": f"{lang}-{i}", "question": f"Kva gjer ein {lang} {i}?", "choices": _choices(5, lang, i),
            "answer": "ABCDE"[i % 5], "curated": True} for i in range(N)])
        for split in ("train", "test"):
            rows = [{"id": f"{split}-{i}", "question_stem": f"Spørsmål {lang} {split} {i}?",
                     "choices": _choices(4, lang, i), "answer": "ABCD"[(i + 1) % 4],
                     "fact": "" if i == 1 else f"Fakta {lang} {split} {i}.", "curated": True} for i in range(N + 1)]
            dump("ltg/noropenbookqa", lang, split, rows)
        dump("ltg/nrk_quiz_qa", lang, "test", [{
            "id": f"{lang}-{i}", "question": f"NRK-spørsmål {lang} {i}?",
            "choices": _choices(2 if i == 1 else 4, lang, i), "answer": "AB"[i % 2]} for i in range(N)])
        dump("SamiaT/NorSumm", lang, "test", [{
            "id": f"{lang}-{i}", "article": sentence(f"artikkel{lang}", i, 20),
            "summaries": [sentence(f"artikkel{lang}", i, 5), f"Kort . samandrag {lang} {i} . Slutt."]}
            for i in range(N)])
        dump("ltg/nortruthfulqa_gen", lang, "validation", [{
            "id": f"{lang}-{i}", "question": f"  Kva skjer om du et {lang} {i}?  ", "category": "Misconceptions",
            "correct_answers": [f"Ingenting skjer {i}", "", f"Du blir mett {i}."],
            "incorrect_answers": [f"Du døyr {i}", f"Du veks {i}."]} for i in range(N)])
        dump("ltg/nortruthfulqa_mc", lang, "validation", [{
            "id": f"{lang}-{i}", "question": f"Kva er sant {lang} {i}?",
            "mc1_targets": {"choices": [f"Sant {i}", f"Usant {i}", f"Tull {i}"], "labels": [1, 0, 0]}}
            for i in range(N)])
    for level in ("document", "sentence"):
        for split in ("train", "test"):
            dump(f"ltg/norec_{level}", "binary", split, [{
                "id": f"{split}-{i}", "review": f"Anmeldelse {level} {split} {i}: filmen var {'god' if i % 2 else 'dårlig'}.",
                "sentiment": [0, 1, 1, 0][i % 4]} for i in range(N + 1)])
    dump("Sprakbanken/Norwegian_idioms", None, "test", [{
        "idiom_start": f"Det er ikkje gull alt {i}", "completion": "som glimrar",
        "accepted_completions": ["som glimrar", "som glitrar!"], "language": ["nob", "nno", "nob", "nno"][i]}
        for i in range(N + 1)])
    for split in ("train", "validation", "test"):
        dump("ltg/norquad", None, split, [{
            "id": f"{split}-{i}", "context": f"  Tittel {split} {i}\nFørste avsnitt {i}.\nAndre avsnitt med svaret {i}. ",
            "question": f" Hva  står i\tavsnittet {i}? ",
            "answers": {"text": [f"svaret {i}"], "answer_start": [30]}} for i in range(N)])
    for name in ("norrewrite", "norsummarize"):
        dump(f"ltg/{name}-instruct", None, "test", [{
            "prompt": f"Skriv om teksten {i}:", "context": sentence(name, i, 8), "response": sentence(name, i, 6)}
            for i in range(N)])
    for config in ("eng-nob", "eng-nno"):
        for split in ("validation", "test"):
            dump("Helsinki-NLP/tatoeba_mt", config, split, [{
                "sourceLang": "eng", "targetlang": config[4:], "sourceString": f"The cat sleeps {split} {i}.",
                "targetString": f"Katten søv {split} {i}."} for i in range(N)])


FAMILIES = [noreval]

if __name__ == "__main__":
    noreval()
