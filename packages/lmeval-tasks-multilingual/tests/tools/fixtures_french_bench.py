"""Fixtures of the FrenchBench sets, in their Hub schemas (``python tests/tools/fixtures_french_bench.py``;
XNLI-fr is the XNLI fixture). FQuAD rows include an impossible question (target "['Impossible']");
the grammar/vocabulary/reading questions have a ``<...>`` blank or none (reading: the answer appended);
the WikiText paragraphs carry the tokens the detokenizer rewrites."""

from __future__ import annotations

from fixture_rows import N, dump, sentence


def french_bench() -> None:
    for split in ("train", "validation", "test"):
        dump("manu/french_bench_arc_challenge", None, split, [{
            "id": f"{split}-{i}", "question": f"Quelle planète est rouge {split} {i} ?",
            "choices": [f"Mars {i}", f"Vénus {i}", f"Terre {i}", f"Lune {i}"], "answerKey": "ABCD"[i % 4]}
            for i in range(N)])
    for split in ("valid", "test"):
        dump("manu/french_boolq", None, split, [{"passage": f"Le ciel est bleu {split} {i}.",
                                                 "question": f"Le ciel est-il bleu {i} ?", "label": i % 2}
                                                for i in range(N)])
        dump("manu/topic_based_nli_test", None, split, [{
            "text": f"Le service était lent mais la nourriture bonne {split} {i}.", "topic": "nourriture",
            "polarity": ["positif", "negatif", "neutre"][i % 3]} for i in range(N)])
    for split in ("valid", "test", "valid_hasAns", "test_hasAns"):
        dump("manu/fquad2_test", None, split, [{
            "title": "Paris", "context": f"Paris est la capitale de la France {split} {i}.",
            "question": f"Quelle est la capitale {i} ?",
            "answers": {"text": [] if (i == 1 and "hasAns" not in split) else [f"Paris {i}"], "answer_start": [0]},
            "is_impossible": i == 1 and "hasAns" not in split} for i in range(N)])
    for split in ("valid", "test"):
        dump("manu/multifquad_test", None, split, [{
            "context": f"Les chats et les chiens vivent ici {split} {i}.", "question": f"Qui vit ici {i} ?",
            "answers": {"text": [f"les chats {i}", "les chiens"], "answer_start": [4, 18]}} for i in range(N)])
    rows = {"Grammar": [f"Il <...> au marché {i}." for i in range(N)],
            "Vocabulary": [f"Le <...> aboie {i}." for i in range(N)],
            "Reading": [f"Selon le texte, le héros {i} <...>." if i % 2 else f"Selon le texte, le héros {i} est"
                        for i in range(N)]}
    for split, questions in rows.items():
        dump("manu/french-bench-grammar-vocab-reading", None, split, [{
            "question": q, "answerA": "va", "answerB": "vont", "answerC": "allons", "answerD": "allez",
            "answer": "ABCD"[i % 4], "context": f"Un texte sur un héros {i}." if split == "Reading" else ""}
            for i, q in enumerate(questions)])
    dump("manu/french_bench_hellaswag", None, "validation", [{
        "ctx_a": f"Une femme coupe des légumes {i}.", "ctx_b": "elle", "activity_label": "Cuisine",
        "endings": [f"[title] les met dans une casserole {i}.", f"danse  {i}.", f"chante {i}.", f"dort {i}."],
        "label": str(i % 4)} for i in range(N)])
    for split in ("test", "validation"):
        dump("manu/opus100-en-fr", None, split, [{"text": sentence(f"opus{split}", i, 7)} for i in range(N)])
    for config in ("abstract", "title"):
        for split in ("validation", "test"):
            dump("orange_sum", config, split, [{"text": sentence(f"article{config}{split}", i, 25),
                                                "summary": sentence(f"article{config}{split}", i, 6)}
                                               for i in range(N)])
    dump("manu/french-trivia", None, "train", [{"Question": f"Qui a écrit Les Misérables {i} ?",
                                                "Answer": "Victor Hugo"} for i in range(N)])
    for split in ("train", "validation", "test"):
        dump("asi/wikitext_fr", "wikitext-35", split, [{
            "paragraph": f" = = Histoire {i} = = \n Le pont @-@ levis ( construit en 1 @,@ 200 ) est beau . "
                         f"C' est \" vrai \" , dit @.@ il {split} . \n"} for i in range(N)])


FAMILIES = [french_bench]

if __name__ == "__main__":
    french_bench()
