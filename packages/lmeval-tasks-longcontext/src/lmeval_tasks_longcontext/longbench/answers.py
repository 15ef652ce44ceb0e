"""LongBench's per-answer scores, as lm-eval 0.4.13 computes them (from THUDM/LongBench's
``metrics.py``): token F1 after SQuAD-style normalisation, ROUGE-L F, class matching, paragraph
retrieval, counting and fuzzy code similarity. Pure functions of one prediction and one answer.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Sequence

from lmeval_tasks_longcontext.longbench.libraries import fuzz, jieba, rouge

_ZH_PUNCTUATION = ("！？｡。＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』"
                   "【】〔〕〖〗〘〙〚〛〜〝〞〟〰〾〿–—‘’‛“”„‟…‧﹏.")
_EN_PUNCTUATION = frozenset(string.punctuation)
_ALL_PUNCTUATION = frozenset(string.punctuation + _ZH_PUNCTUATION)
_ROUGE: list = []


def normalize_answer(text: str) -> str:
    """Lower case, punctuation and the articles a/an/the removed, white space collapsed."""
    text = "".join(ch for ch in text.lower() if ch not in _EN_PUNCTUATION)
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", text).split())


def normalize_zh_answer(text: str) -> str:
    """Lower case, English and Chinese punctuation and all white space removed."""
    return "".join("".join(ch for ch in text.lower() if ch not in _ALL_PUNCTUATION).split())


def f1_score(prediction: Sequence, ground_truth: Sequence) -> float:
    """Bag-of-tokens F1; the integer 0 when nothing is shared (as the reference returns it)."""
    same = sum((Counter(prediction) & Counter(ground_truth)).values())
    if same == 0:
        return 0
    precision, recall = same / len(prediction), same / len(ground_truth)
    return (2 * precision * recall) / (precision + recall)


def qa_f1_score(prediction: str, ground_truth: str) -> float:
    return f1_score(normalize_answer(prediction).split(), normalize_answer(ground_truth).split())


def _zh_tokens(text: str) -> list[str]:
    tokens = (normalize_zh_answer(t) for t in jieba.cut(text, cut_all=False))
    return [t for t in tokens if t]


def qa_f1_zh_score(prediction: str, ground_truth: str) -> float:
    return f1_score(_zh_tokens(prediction), _zh_tokens(ground_truth))


def rouge_score(prediction: str, ground_truth: str) -> float:
    """ROUGE-L F of the ``rouge`` package; 0.0 when it raises (an empty text, for one)."""
    if not _ROUGE:
        _ROUGE.append(rouge.Rouge())
    try:
        scores = _ROUGE[0].get_scores([prediction], [ground_truth], avg=True)
    except Exception:  # the reference's bare except: any failure scores 0
        return 0.0
    return scores["rouge-l"]["f"]


def rouge_zh_score(prediction: str, ground_truth: str) -> float:
    """ROUGE-L F over jieba's words joined by spaces."""
    return rouge_score(" ".join(jieba.cut(prediction, cut_all=False)),
                       " ".join(jieba.cut(ground_truth, cut_all=False)))


def _share_of_numbers(prediction: str, wanted: str) -> float:
    numbers = re.findall(r"\d+", prediction)
    if not numbers:
        return 0.0
    return float(sum(1 for n in numbers if n == str(wanted)) / len(numbers))


def count_score(prediction: str, ground_truth: str) -> float:
    """The share of the numbers in the prediction that equal the answer."""
    return _share_of_numbers(prediction, str(ground_truth))


def retrieval_score(prediction: str, ground_truth: str, pattern: str = r"Paragraph (\d+)") -> float:
    """The share of the numbers in the prediction that equal the answer's paragraph number."""
    return _share_of_numbers(prediction, re.findall(pattern, ground_truth)[0])


def retrieval_zh_score(prediction: str, ground_truth: str) -> float:
    return retrieval_score(prediction, ground_truth, pattern=r"段落(\d+)")


def code_sim_score(prediction: str, ground_truth: str) -> float:
    """fuzzywuzzy's ratio / 100 between the answer and the prediction's first line of code (not
    blank, no backtick, ``#`` or ``//``; empty when there is none)."""
    line = next((x for x in prediction.split("\n")
                 if x.strip() and "`" not in x and "#" not in x and "//" not in x), "")
    return fuzz.ratio(line, ground_truth) / 100


def classification_score(prediction: str, ground_truth: str, all_classes: Sequence[str]) -> float:
    """1/k when the answer is among the k class names found in the prediction, else 0.

    Class names found that are part of the answer (but not it) are dropped while the list is
    walked, as the reference does: removing during the walk skips the name after each one
    removed, and the scores depend on it.
    """
    matches = [name for name in all_classes if name in prediction]
    for term in matches:  # noqa: B007 - the reference's walk-while-removing, kept for parity
        if term in ground_truth and term != ground_truth:
            matches.remove(term)
    return 1.0 / len(matches) if ground_truth in matches else 0.0
