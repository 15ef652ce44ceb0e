"""eq_bench's answer parser against hostile answers: the same ``Emotion: score`` pairs as
lm-eval 0.4.13's ``re.findall(r"(\\w+):\\s+(\\d+)", answer)`` on every answer, in linear time
(findall's retries made one 100,000-character word cost a minute)."""

from __future__ import annotations

import random
import re
import time

from lmeval_tasks_classic.tasks.eq_bench import scoring

LM_EVAL_PAIR = re.compile(r"(\w+):\s+(\d+)")
ALPHABET = ["a", "Z", "_", "1", "9", "\u0665", "\uff11", "\u00e9", ":", " ", "\n", "\t", ": ", "::",
            ":  ", ":\t7", "x: 5", "Anger: 3", "-", ".", "\x00", "\u202e", "Joy:", " 10", "NaN", "inf"]
DOC = {"reference_answer_fullscale": repr({
    "emotion1": "Anger", "emotion2": "Joy", "emotion3": "Fear", "emotion4": "Surprise",
    "emotion1_score": 0, "emotion2_score": 3, "emotion3_score": 6, "emotion4_score": 9})}


def test_pairs_equal_lm_evals_findall_on_random_answers():
    rng = random.Random(5)
    for _ in range(30_000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30)))
        assert scoring._pairs(text) == LM_EVAL_PAIR.findall(text), repr(text)


def test_long_hostile_answers_score_in_linear_time():
    answers = ["x" * 1_000_000, ("x" * 1000 + ":") * 1000, "a:" + " " * 200_000,
               "Anger: 0\nJoy: 3\nFear: 6\nSurprise: 9\n" + "Joy" * 300_000,
               ("Anger: 0 " * 100_000) + "Joy: 3 Fear: 6 Surprise: 9"]
    for answer in answers:
        start = time.perf_counter()
        out = scoring.calculate_score_fullscale(DOC, [answer])
        assert time.perf_counter() - start < 2.0, answer[:40]
        assert set(out) == {"eqbench", "percent_parseable"}
    assert scoring.calculate_score_fullscale(DOC, [answers[-1]]) == {"eqbench": 100.0, "percent_parseable": 100}
