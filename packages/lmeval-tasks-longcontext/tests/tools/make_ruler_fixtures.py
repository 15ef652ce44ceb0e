"""Write the offline mirror of RULER's haystack and question sources (``tests/fixtures/datasets``):

* ``baber/paul_graham_essays/default/train.jsonl``: 30 invented "essays" (``text``), ~6,000 words
  of plain sentences, line breaks and double spaces (the haystack squeezes white space);
* ``rajpurkar/SQuAD-explorer/dev-v2.0.json``: SQuAD 2.0's dev-set JSON layout, 30 articles x 4
  paragraphs x 6 questions, one unanswerable per paragraph (600 answerable: RULER reads 500);
* ``namlh2004/hotpotqa/hotpot_dev_distractor_v1.json``: HotpotQA's dev (distractor) layout, 520
  questions with four ``[title, sentences]`` paragraphs each, from a pool of 260.

Invented text from a seeded generator. Run from the pack: ``python tests/tools/make_ruler_fixtures.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

MIRROR = Path(__file__).resolve().parents[1] / "fixtures" / "datasets"
SUBJECTS = ("the founder", "a startup", "the investor", "the hacker", "a painter", "the city", "the school",
            "a programmer", "the company", "the essay")
VERBS = ("builds", "finds", "questions", "changes", "explains", "funds", "remembers", "ignores", "writes", "sells")
OBJECTS = ("a new language", "the market", "an old idea", "the best users", "a small product", "the wrong problem",
           "ten customers", "a good question", "the hard part", "a bigger plan")
ENDINGS = ("quickly", "in the end", "for years", "without knowing why", "almost by accident", "every morning",
           "at Y Combinator", "in Cambridge", "on purpose", "again")


def sentence(rng: random.Random) -> str:
    words = f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} {rng.choice(ENDINGS)}"
    return words[0].upper() + words[1:] + rng.choice((".", ".", ".", "?", "!"))


def write_json(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")


def essays(rng: random.Random) -> list[dict]:
    rows = []
    for i in range(30):
        paragraphs = [" ".join(sentence(rng) for _ in range(rng.randint(4, 8))) for _ in range(5)]
        rows.append({"text": f"Essay {i + 1}\n\n" + "\n\n".join(paragraphs).replace(". ", ".  ", 3)})
    return rows


def squad(rng: random.Random) -> dict:
    data = []
    for a in range(30):
        paragraphs = []
        for p in range(4):
            answer = f"{rng.choice(OBJECTS)} {a}-{p}"
            context = " ".join(sentence(rng) for _ in range(3)) + f" The answer to it all is {answer}."
            qas = [{"question": f"What is the answer of article {a} paragraph {p} (form {q})?",
                    "id": f"q{a}-{p}-{q}", "is_impossible": False,
                    "answers": [{"text": answer, "answer_start": context.index(answer)}] * (1 + q % 2)}
                   for q in range(5)]
            qas.append({"question": f"What is never said in article {a}?", "id": f"q{a}-{p}-x",
                        "is_impossible": True, "answers": [], "plausible_answers": []})
            paragraphs.append({"context": context, "qas": qas})
        data.append({"title": f"Article_{a}", "paragraphs": paragraphs})
    return {"version": "v2.0", "data": data}


def hotpotqa(rng: random.Random) -> list[dict]:
    pool = [[f"Title {k}", [sentence(rng) + " ", f"Fact {k} is {rng.choice(OBJECTS)}."]] for k in range(260)]
    items = []
    for i in range(520):
        context = rng.sample(pool, 4)
        items.append({"_id": f"h{i:04d}", "question": f"Which fact links {context[0][0]} and {context[1][0]}?",
                      "answer": context[0][1][1].split(" is ")[1].rstrip("."), "type": "bridge",
                      "level": "hard", "supporting_facts": [[context[0][0], 1], [context[1][0], 0]],
                      "context": context})
    return items


def main() -> None:
    rng = random.Random(7)
    rows = essays(rng)
    path = MIRROR / "baber" / "paul_graham_essays" / "default" / "train.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    write_json(MIRROR / "rajpurkar" / "SQuAD-explorer" / "dev-v2.0.json", squad(rng))
    write_json(MIRROR / "namlh2004" / "hotpotqa" / "hotpot_dev_distractor_v1.json", hotpotqa(rng))
    print(f"wrote RULER's sources under {MIRROR}")


if __name__ == "__main__":
    main()
