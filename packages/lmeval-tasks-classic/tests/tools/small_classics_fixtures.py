"""Fixture rows, in their Hub columns, of the families of issue 32: GLUE, translation (WMT14/16,
IWSLT2017), inverse scaling, ETHICS, unscramble, QA4MRE, FLD, StoryCloze, WebQuestions, MuTual,
LogiQA 2.0, WSC273, SWAG, PROST, MC-TACO, Moral Stories, GroundCocoa and the Based recall sets
(lambada_cloze reads the LAMBADA rows ``make_fixtures.py`` writes). Invented text, shaped to reach
each helper's branches (possessive and sentence-initial WSC pronouns, WebQuestions answers that
extend one another, MuTual's detokenization, whitespace around the Based values).

``write_all(write, root)`` is called by ``make_fixtures.py``; run alone, it rewrites only these::

    .venv/bin/python packages/lmeval-tasks-classic/tests/tools/small_classics_fixtures.py
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

Write = Callable[[str, "str | None", str, list[dict]], None]
SPLITS = (("train", 5), ("validation", 4), ("test", 4))


def glue(config: str, split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        label = (i + len(split)) % (3 if config == "mnli" else 2)
        row = {"cola": {"sentence": f"The cat number {i} sat on the {split} mat."},
               "sst2": {"sentence": f"a {'wonderful' if label else 'dull'} film about day {i} "},
               "mnli": {"premise": f"The museum {i} opens at nine in the {split}.",
                        "hypothesis": f"The museum {i} opens early" + ("." if i % 2 else "  ")},
               "mrpc": {"sentence1": f"Shares of firm {i} rose 5 percent.", "sentence2": f"Firm {i} stock gained 5%."},
               "qnli": {"question": f"When was bridge {i} built?", "sentence": f"Bridge {i} was built in 19{i}0."},
               "qqp": {"question1": f"How do I learn skill {i}?", "question2": f"What is the best way to learn skill {i}?"},
               "rte": {"sentence1": f"Ann moved to city {i} in 2001.", "sentence2": f"Ann lives in city {i}."},
               "wnli": {"sentence1": f"The trophy {i} did not fit because it was too big.",
                        "sentence2": f"The trophy {i} was too big."}}[config]
        rows.append({**row, "label": label, "idx": i})
    return rows


TRANSLATION = {"en": "the house number {i} is red", "fr": "la maison numéro {i} est rouge",
               "de": "das Haus Nummer {i} ist rot", "ro": "casa numărul {i} este roșie",
               "ar": "المنزل رقم {i} أحمر"}


def translation(pair: tuple[str, str], split: str, n: int) -> list[dict]:
    return [{"translation": {lang: TRANSLATION[lang].format(i=f"{i} ({split})") for lang in pair}}
            for i in range(n)]


def inverse_scaling(split: str, n: int) -> list[dict]:
    return [{"prompt": f"Q: Is {i} + {i} equal to {2 * i}?\nA:", "classes": [" Yes", " No"][:: 1 if i % 2 else -1],
             "answer_index": i % 2} for i in range(n)]


def winobias(n: int) -> list[dict]:
    return [{"text": f"The nurse {i} called the doctor because she", "classes": [" was late.", " needed help."],
             "target": i % 2} for i in range(n)]


def ethics(config: str, split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        label = (i + len(split)) % 2
        rows.append({"commonsense": {"label": label, "input": f"I took the cookie {i} from my sister.",
                                     "is_short": True, "edited": False},
                     "deontology": {"label": label, "scenario": f"Can you open window {i}?",
                                    "excuse": "No, because it is raining.  " if i % 2 else "No, I am busy."},
                     "justice": {"label": label, "scenario": f"I deserve cake {i} because I baked it."},
                     "utilitarianism": {"activity": f"I ate dinner {i} with friends.",
                                        "baseline": f"I ate dinner {i} alone.", "rating": ""},
                     "virtue": {"label": label, "scenario": f"Tom gave coin {i} away.",
                                "trait": "generous" if i % 2 else "greedy"}}[config])
    return rows


def unscramble(config: str, n: int) -> list[dict]:
    words = ["garden", "planet", "silver", "window", "rocket"]
    return [{"context": f"Please unscramble the letters into a word, and write that word:\n{w[::-1]} =",
             "completion": w} for w in words[:n]]


def qa4mre(year: int, n: int) -> list[dict]:
    return [{"topic_id": "1", "topic_name": "Aids", "test_id": "1", "document_id": "1",
             "document_str": f"  Document {year}: the clinic {i} opened in 1990 and treats 300 patients.\n",
             "question_id": str(i), "question_str": f"When did clinic {i} open?",
             "answer_options": {"answer_id": ["1", "2", "3", "4", "5"],
                                "answer_str": ["1990", "1980", "300 patients", f"clinic {i}", "never"]},
             "correct_answer_id": str(1 + i % 5), "correct_answer_str": "1990"} for i in range(n)]


def fld(config: str, split: str, n: int) -> list[dict]:
    labels = ["PROVED", "DISPROVED", "UNKNOWN"]
    return [{"version": "0.2", "hypothesis": f"the fact {i} holds", "context": f"fact1: fact {i} holds",
             "hypothesis_formula": "{A}{a}", "context_formula": f"fact1: {{A}}{{a}} & {{B}}{{b{i}}}",
             "proofs": ["fact1 -> hypothesis"], "proof_label": labels[i % 3], "world_assump_label": labels[i % 3],
             "negative_hypothesis": None, "prompt_serial": f"$hypothesis$ = the fact {i} holds ; $context$ = "
             f"fact1: the fact {i} holds ({config}, {split}) ; $proof$ = ",
             "proof_serial": "fact1 -> hypothesis;", "depth": i % 3, "num_formula_distractors": 0}
            for i in range(n)]


def storycloze(year: str, split: str, n: int) -> list[dict]:
    return [{"story_id": f"{year}-{split}-{i}", "input_sentence_1": f"Kim baked cake {i}.",
             "input_sentence_2": "She took it to work.", "input_sentence_3": "Her coworkers saw it.",
             "input_sentence_4": "They asked for a slice.", "sentence_quiz1": "Kim shared the cake.",
             "sentence_quiz2": "Kim threw the cake away.", "answer_right_ending": 1 + i % 2} for i in range(n)]


def webqs(split: str, n: int) -> list[dict]:
    answers = [["Paris"], ["Jamaican English", "Jamaican Creole English Language", "Jamaican"],
               ["Barack Obama", "Obama"], ["New York City", "New York", "York"], ["1961"]]
    return [{"url": f"http://www.freebase.com/view/en/q{i}", "question": f"where is place number {i}?",
             "answers": list(answers[i % len(answers)])} for i in range(n)]


def mutual(config: str, split: str, n: int) -> list[dict]:
    return [{"answers": "ABCD"[(i + len(config)) % 4],
             "options": [f"m : i do n't know , option {j} ." for j in range(4)],
             "article": f"f : where is the `` book '' number {i} ? \n m : it 's on the table ; look !",
             "id": f"{split}_{i}"} for i in range(n)]


def logiqa2(split: str, n: int) -> list[dict]:
    return [{"id": i, "answer": i % 4, "text": f"All cats in house {i} are black.", "type": {"Categorical": True},
             "question": "Which is true?", "options": [f"option {j} for {i}" for j in range(4)]} for i in range(n)]


def logieval(split: str, n: int) -> list[dict]:
    return [{"content": f"Passage: All birds {i} fly.\nQuestion: Which is true?\nA. a\nB. b\nC. c\nD. d",
             "ideal": "ABCD"[i % 4]} for i in range(n)]


def wsc273(n: int) -> list[dict]:
    rows = [("The city councilmen refused the demonstrators a permit because they feared violence.", "they", 0,
             ["The city councilmen", "The demonstrators"], 0),
            ("John couldn't see the stage with Billy in front of him because he is so short.", "he", 0,
             ["John", "Billy"], 0),
            ("Joan made sure to thank Susan for all the help she had given. Her  gift was nice.", "Her", 0,
             ["Joan", "Susan"], 1),
            ("The man lifted the boy onto his  shoulders.", "his", 0, ["The man", "The boy"], 0),
            ("Sam tried to paint a picture of shepherds with sheep, but they ended up looking more like golfers.",
             "they", 0, ["The shepherds", "The sheep"], 0)]
    located = [(text, pronoun, text.index(f" {pronoun} ") + 1, options, label)
               for text, pronoun, _, options, label in rows]
    return [{"text": text, "pronoun": pronoun, "pronoun_loc": loc, "quote": text[loc:], "quote_loc": loc,
             "options": options, "label": label, "source": "(Winograd 1972)"}
            for text, pronoun, loc, options, label in located[:n]]


def swag(split: str, n: int) -> list[dict]:
    return [{"video-id": f"anetv_{i}", "fold-ind": str(i), "startphrase": f"Someone {i} opens the door. He",
             "sent1": f"Someone {i} opens the door.", "sent2": "He", "gold-source": "gold",
             **{f"ending{j}": f"walks {j} steps inside." for j in range(4)}, "label": (i + len(split)) % 4}
            for i in range(n)]


def prost(n: int) -> list[dict]:
    return [{"A": "the glass", "B": "the pillow", "C": "the egg", "D": "the plate",
             "context": f"A person drops {i} objects onto the floor.", "question": "Which breaks the easiest?",
             "ex_question": "Which object is the easiest to break?", "group": "breaking", "label": i % 4,
             "name": f"breaking_{i}"} for i in range(n)]


def mc_taco(split: str, n: int) -> list[dict]:
    return [{"sentence": f"He ate breakfast number {i}.", "question": "How long did it take?",
             "answer": f"{10 + i} minutes", "label": (i + len(split)) % 2, "category": "Event Duration"}
            for i in range(n)]


def moral_stories(n: int) -> list[dict]:
    return [{"ID": f"id{i}", "norm": f"it's good to help friend {i}.", "situation": "tom's friend is MOVING.",
             "intention": "tom wants to spend the day well.", "moral_action": "Tom helps his friend move.",
             "moral_consequence": "His friend is grateful.", "immoral_action": "Tom plays video games.",
             "immoral_consequence": "His friend is upset.", "label": 1} for i in range(n)]


def groundcocoa(split: str, n: int) -> list[dict]:
    return [{"id": i, "query": f"I want a flight {i} with at most one stop under $500.",
             **{f"Option {x}": f"Airline {x}, {j} stops, ${300 + 50 * j}" for j, x in enumerate("ABCDE")},
             "Answer": "ABCDE"[i % 5]} for i in range(n)]


def based(kind: str, n: int) -> list[dict]:
    return [{"doc_id": i, "key": "release date", "text": f"  {kind} page {i}: The movie opened in 19{i}9.\n"
             "release date:", "value": f" 19{i}9 \n"} for i in range(n)]


def write_all(write: Write, root: Path) -> None:
    for config in ("cola", "mrpc", "qnli", "qqp", "rte", "sst2", "wnli"):
        for split, n in SPLITS[:2]:
            write("nyu-mll/glue", config, split, glue(config, split, n))
    for split, n in (("train", 5), ("validation_matched", 4), ("validation_mismatched", 3)):
        write("nyu-mll/glue", "mnli", split, glue("mnli", split, n))
    for path, config, pair in (("wmt/wmt14", "fr-en", ("fr", "en")), ("wmt/wmt16", "de-en", ("de", "en")),
                               ("wmt/wmt16", "ro-en", ("ro", "en")), ("IWSLT/iwslt2017", "iwslt2017-en-ar", ("en", "ar"))):
        for split, n in SPLITS:
            write(path, config, split, translation(pair, split, n))
    for path in ("inverse-scaling/hindsight-neglect-10shot", "Albertmade/into-the-unknown", "Albertmade/memo-trap",
                 "Albertmade/modus-tollens", "inverse-scaling/NeQA", "Albertmade/pattern-matching-suppression",
                 "inverse-scaling/quote-repetition", "inverse-scaling/redefine-math", "Albertmade/repetitive-algebra",
                 "Albertmade/sig-figs"):
        write(path, None, "train", inverse_scaling("train", 4))
    write("mathemakitten/winobias_antistereotype_test_v5", None, "test", winobias(4))
    for config in ("commonsense", "deontology", "justice", "utilitarianism", "virtue"):
        for split, n in (("train", 5), ("test", 4)):
            write("EleutherAI/hendrycks_ethics", config, split, ethics(config, split, n))
    for config in ("mid_word_1_anagrams", "mid_word_2_anagrams", "cycle_letters_in_word", "random_insertion_in_word",
                   "reversed_words"):
        write("EleutherAI/unscramble", config, "validation", unscramble(config, 4))
    for year in (2011, 2012, 2013):
        write("community-datasets/qa4mre", f"{year}.main.EN", "train", qa4mre(year, 4))
    for config in ("default", "star"):
        for split, n in SPLITS:
            write("hitachi-nlp/FLD.v2", config, split, fld(config, split, n))
    for year in ("2016", "2018"):
        for split, n in (("validation", 4), ("test", 4)):
            write("LSDSem/story_cloze", year, split, storycloze(year, split, n))
    for split, n in (("train", 5), ("test", 4)):
        write("stanfordnlp/web_questions", None, split, webqs(split, n))
    for config in ("mutual", "mutual_plus"):
        for split, n in SPLITS[:2]:
            write("EleutherAI/mutual", config, split, mutual(config, split, n))
    for split, n in SPLITS:
        write("baber/logiqa2", "logiqa2", split, logiqa2(split, n))
    for split, n in (("train", 4), ("test", 4)):
        write("baber/logiqa2", "logieval", split, logieval(split, n))
    write("lighteval/winograd_wsc", "wsc273", "test", wsc273(5))
    for split, n in SPLITS[:2]:
        write("allenai/swag", "regular", split, swag(split, n))
    prost_file = root / "corypaik" / "prost" / "data" / "default.jsonl"
    prost_file.parent.mkdir(parents=True, exist_ok=True)
    prost_file.write_text("".join(json.dumps(r) + "\n" for r in prost(4)), encoding="utf-8")
    for split, n in (("validation", 4), ("test", 4)):
        write("CogComp/mc_taco", None, split, mc_taco(split, n))
    write("LabHC/moral_stories", None, "train", moral_stories(4))
    for split, n in (("validation", 4), ("test", 4)):
        write("harsh147/GroundCocoa", None, split, groundcocoa(split, n))
    for path, kind in (("hazyresearch/based-squad", "squad"), ("hazyresearch/based-swde-v2", "swde"),
                       ("hazyresearch/based-fda", "fda")):
        write(path, "default", "validation", based(kind, 4))


if __name__ == "__main__":
    import make_fixtures

    write_all(make_fixtures.write, make_fixtures.ROOT)
