"""Fixtures of the Evalita-LLM sets, in their Hub schemas (``python tests/tools/fixtures_evalita.py``).

Rows exercise the scorers: every sentiment class (opos/oneg), NER items with and without entities,
relation extraction with none, one and two relations, lexical substitution with and without gold
words."""

from __future__ import annotations

from fixture_rows import N, dump, sentence


def evalita() -> None:
    for split in ("test", "dev"):
        dump("evalitahf/textual_entailment", None, split, [{
            "id": i, "text1": f"Il gatto dorme {split} {i}.", "text2": f"Un animale riposa {i}.",
            "entailment": ["SI", "NO"][i % 2]} for i in range(N)])
        dump("evalitahf/word_in_context", "default", split, [{
            "id": i, "sentence1": f"La banca {i} è chiusa.", "sentence2": f"Siedo sulla banca {i}.",
            "start1": 3, "end1": 8, "start2": 12, "end2": 17, "label": i % 2} for i in range(N)])
        dump("evalitahf/relation_extraction", None, split, [{
            "id": i, "text": f"Referto {split} {i}: emoglobina 12 g/dl, glicemia 90 mg/dl.",
            "relations": [[], [["12 g/dl", "emoglobina"]], [["12 g/dl", "emoglobina"], ["90 mg/dl", "glicemia"]]][i % 3]}
            for i in range(N)])
        dump("evalitahf/lexical_substitution", None, split, [{
            "id": i, "context": f"Il ragazzo è <head>felice</head> oggi {i}.",
            "answers": [] if i == 1 else [{"word": "contento", "count": 3}, {"word": "lieto", "count": 1}]}
            for i in range(N)])
    for split in ("test", "train"):
        dump("evalitahf/sentiment_analysis", None, split, [{
            "id": i, "text": f"Che bella giornata {split} {i}!", "opos": ["1", "0", "0", "1"][i % 4],
            "oneg": ["0", "1", "0", "1"][i % 4]} for i in range(N + 1)])
    for split in ("test_all", "dev"):
        dump("evalitahf/hatespeech_detection", None, split, [{
            "id": i, "full_text": f"Tweet {split} numero {i}", "hs": i % 2} for i in range(N)])
    for split in ("test", "dev"):
        dump("evalitahf/admission_test", None, split, [{
            "id": i, "Question": f"Quale organo pompa il sangue {split} {i}?", "A": f"Cuore {i}", "B": f"Fegato {i}",
            "C": f"Rene {i}", "D": f"Polmone {i}", "E": f"Milza {i}", "Correct": "ABCDE"[i % 5]} for i in range(N)])
    for split in ("test_1", "dev_1"):
        dump("evalitahf/faq", None, split, [{
            "id": i, "question": f"Come pago la tassa {split} {i}?", "A": f"Online {i}", "B": f"In banca {i}",
            "C": f"Alla posta {i}", "D": f"Non si paga {i}", "correct_answer": "ABCD"[i % 4]} for i in range(N)])
    entities = [[], [{"entity_text": "Mario Rossi", "type": "PER"}, {"entity_text": "Roma", "type": "LOC"}],
                [{"entity_text": "FIAT", "type": "ORG"}]]
    for corpus in ("adg", "fic", "wn"):
        for split in ("reduced_test", "dev", "trial"):
            dump("evalitahf/entity_recognition", corpus, split, [{
                "id": i, "text": f"Testo {corpus} {split} {i}: Mario Rossi vive a Roma e lavora per FIAT.",
                "entities": entities[i % 3]} for i in range(N)])
    for path, splits in (("ARTeLab/fanpage", ("test",)), ("evalitahf/summarization-fp", ("test_100", "dev"))):
        for split in splits:
            dump(path, None, split, [{"source": sentence(f"articolo{split}", i, 30),
                                      "target": sentence(f"articolo{split}", i, 8)} for i in range(N)])


FAMILIES = [evalita]

if __name__ == "__main__":
    evalita()
