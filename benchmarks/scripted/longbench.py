"""LongBench (``longbench_*``): answers that exercise its scorers on the pack's fixtures: exact and
partial answers and noise for token F1 (English, and jieba's words for Chinese), summaries close
and far for ROUGE-L (and the empty answer ROUGE refuses, scored 0), several class names for the
classification score (the answer alone, with a class name inside it, with another class),
numbers right, wrong and mixed for counting and paragraph retrieval, and code lines behind
comments, backticks and blank lines for the code similarity."""

from __future__ import annotations

QA_EN = (" Lyon", " to Lyon, France", " The town 2", "town 2 and town 3", " Africa\nmore", " unanswerable",
         " item 1", " I do not know.", "")
QA_ZH = ("北京", "他住在北京。", "上海", "长城是中国古代的军事防御工程", "")
SUMMARY_EN = (" The agency reviewed 4 programs and found rising costs in two.", " Costs rose.",
              " Tom and Eve will have lunch.", "", " .", "Ann and Bob greet each other.\nMore text")
SUMMARY_ZH = ("会议决定明年增加研发投入。", "预算讨论。", "", "长城是中国古代的军事防御工程。")
CLASSES = (" Distance", " Distance or Numeric value", " Location", " City", " Other location",
           "教育", "教育、体育", "财经", "农业、农村", " Date\nDistance")
NUMBERS = (" 2", " 3", " There are 2 or 3.", " Paragraph 1", " Paragraph 2 and Paragraph 3",
           " 段落1", "段落4", " none", "")
CODE = ("        result += v\n", "\n\n        result = result + v", "# add it\n        result += v",
        "```python\nvalue = helper_1(3)\n```", "value = helper_2(3)", "// nothing", "")

_MARKERS = (
    (("Answer the question based on the given passage", "You are given a story",
      "You are given a scientific article", "Read the following text and answer briefly"), QA_EN),
    (("阅读以下文字并用中文简短回答", "请基于给定的文章回答下述问题"), QA_ZH),
    (("Write a one-page summary", "You are given a meeting transcript", "Summarize the dialogue"), SUMMARY_EN),
    (("下面有一段会议记录",), SUMMARY_ZH),
    (("Please determine the type of the question below", "请判断给定新闻的类别"), CLASSES),
    (("determine how many unique paragraphs", "Please determine which paragraph the abstract",
      "请确定给定的摘要出自哪一段"), NUMBERS),
    (("Please complete the code given below",), CODE),
)


def generations(text: str) -> tuple[str, ...] | None:
    for markers, answers in _MARKERS:
        if any(marker in text for marker in markers):
            return answers
    return None
