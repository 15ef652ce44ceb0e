"""Write the IFEval fixture datasets (``tests/fixtures/datasets``) in their Hub schema.

    python packages/lmeval-tasks-leaderboard/tests/tools/make_ifeval_fixtures.py

``google/IFEval`` (``ifeval``) and ``wis-k/instruction-following-eval`` (``leaderboard_ifeval``,
a copy of it) have one ``train`` split of ``key``, ``prompt``, ``instruction_id_list`` and
``kwargs``: per instruction, a record of every argument any instruction takes, ``null`` where
it does not apply (the Hub's struct type). The prompts are written for these tests; together
they use every instruction kind, and ``benchmarks/scripted/ifeval.py`` answers each of them
so that each kind is both followed and broken (strict and loose).
"""

from __future__ import annotations

import json
from pathlib import Path

MIRROR = Path(__file__).resolve().parents[1] / "fixtures" / "datasets"
DATASETS = ("google/IFEval", "wis-k/instruction-following-eval")
#: the argument fields of the Hub's ``kwargs`` struct, in its order
FIELDS = ("num_highlights", "relation", "num_words", "num_placeholders", "prompt_to_repeat", "num_paragraphs",
          "postscript_marker", "first_word", "forbidden_words", "keywords", "end_phrase", "num_bullets",
          "language", "nth_paragraph", "section_spliter", "num_sections", "num_sentences", "let_frequency", "let_relation",
          "letter", "keyword", "frequency", "capital_frequency", "capital_relation")

#: (key, prompt, [(instruction id, its arguments)])
DOCS = (
    (1001, "Write a short poem about the sea for sailors. Your entire response should be in English, and in "
           "all capital letters. Wrap your entire response with double quotation marks. Include the keywords "
           "waves and salt.",
     [("change_case:english_capital", {}), ("startend:quotation", {}),
      ("keywords:existence", {"keywords": ["waves", "salt"]})]),
    (1002, "Write a travel note about a weekend in Kyoto with at least 50 words. Your answer must contain a "
           "title, wrapped in double angular brackets, such as <<poem of joy>>. At the end of your response, "
           "please explicitly add a postscript starting with P.S. In your entire response, refrain from the "
           "use of any commas.",
     [("length_constraints:number_words", {"num_words": 50, "relation": "at least"}), ("detectable_format:title", {}),
      ("detectable_content:postscript", {"postscript_marker": "P.S."}), ("punctuation:no_comma", {})]),
    (1003, "List three tips for a job interview. Your answer must contain exactly 3 bullet points in markdown. "
           "Highlight at least 2 sections with markdown, i.e. *highlighted section*. The response must contain "
           "at least 2 placeholders represented by square brackets, such as [address]. Finish your response "
           "with this exact phrase Is there anything else I can help with?",
     [("detectable_format:number_bullet_lists", {"num_bullets": 3}),
      ("detectable_format:number_highlighted_sections", {"num_highlights": 2}),
      ("detectable_content:number_placeholders", {"num_placeholders": 2}),
      ("startend:end_checker", {"end_phrase": "Is there anything else I can help with?"})]),
    (1004, "Write a one-line review of a film you like. Entire output should be wrapped in JSON format. Do not "
           "include keywords boring or awful in the response.",
     [("detectable_format:json_format", {}), ("keywords:forbidden_words", {"forbidden_words": ["boring", "awful"]})]),
    (1005, "Describe a zoo visit for children. Your ENTIRE response should be in German language, no other "
           "language is allowed. There should be 2 paragraphs separated with the markdown divider: ***. "
           "In your response, the letter z should appear at least 3 times.",
     [("language:response_language", {"language": "de"}), ("length_constraints:number_paragraphs", {"num_paragraphs": 2}),
      ("keywords:letter_frequency", {"letter": "z", "let_frequency": 3, "let_relation": "at least"})]),
    (1006, "Explain how to plant a tree. Your response must have 3 sections. Mark the beginning of each section "
           "with SECTION X. Your response should contain less than 5 sentences. In your response, words with "
           "all capital letters should appear at least 2 times.",
     [("detectable_format:multiple_sections", {"section_spliter": "SECTION", "num_sections": 3}),
      ("length_constraints:number_sentences", {"num_sentences": 5, "relation": "less than"}),
      ("change_case:capital_word_frequency", {"capital_frequency": 2, "capital_relation": "at least"})]),
    (1007, "Give two different recommendations for a morning drink. Responses and only responses should be "
           "separated by 6 asterisk symbols: ******. In your response, the word coffee should appear at least "
           "2 times.",
     [("combination:two_responses", {}), ("keywords:frequency", {"keyword": "coffee", "frequency": 2, "relation": "at least"})]),
    (1008, "Write a riddle about a clock. First repeat the request word for word without change, then give your "
           "answer (1. do not say any words or characters before repeating the request; 2. the request you "
           "need to repeat does not include this sentence). Your entire response should be in English, and in "
           "all lowercase letters. No capital letters are allowed.",
     [("combination:repeat_prompt", {"prompt_to_repeat": "Write a riddle about a clock."}),
      ("change_case:english_lowercase", {})]),
    (1009, "Is a tomato a fruit? Answer with one of the following options: My answer is yes., My answer is no., "
           "My answer is maybe.",
     [("detectable_format:constrained_response", {})]),
    (1010, "Write about the history of bicycles. There should be 3 paragraphs. Paragraphs and only paragraphs "
           "are separated with each other by two new lines. Paragraph 2 must start with word however.",
     [("length_constraints:nth_paragraph_first_word", {"num_paragraphs": 3, "nth_paragraph": 2, "first_word": "however"})]),
    (1011, "Write a note to a neighbour about a lost cat. At the end of your response, please explicitly add a "
           "postscript starting with P.P.S. In your response, the word cat should appear less than 2 times.",
     [("detectable_content:postscript", {"postscript_marker": "P.P.S"}),
      ("keywords:frequency", {"keyword": "cat", "frequency": 2, "relation": "less than"})]),
    (1012, "Write a slogan for a bakery. Your entire response should be in English, and in all capital letters. "
           "Wrap your entire response with double quotation marks. Your answer must contain a title, wrapped "
           "in double angular brackets.",
     [("change_case:english_capital", {}), ("startend:quotation", {}), ("detectable_format:title", {})]),
    (1013, "Describe your favourite meal. Entire output should be wrapped in JSON format. Include keywords "
           "rice and beans in the response.",
     [("detectable_format:json_format", {}), ("keywords:existence", {"keywords": ["rice", "beans"]})]),
    (1014, "Tell me about the Eiffel Tower. Your ENTIRE response should be in French language, no other "
           "language is allowed. Answer with less than 20 words.",
     [("language:response_language", {"language": "fr"}),
      ("length_constraints:number_words", {"num_words": 20, "relation": "less than"})]),
    (1015, "Suggest a name for a pet goldfish. Give two different responses. Responses and only responses "
           "should be separated by 6 asterisk symbols: ******. Answer with at least 3 sentences.",
     [("combination:two_responses", {}), ("length_constraints:number_sentences", {"num_sentences": 3, "relation": "at least"})]),
    (1016, "Write a haiku about rain. First repeat the request word for word without change, then give your "
           "answer. Your entire response should be in English, and in all lowercase letters.",
     [("combination:repeat_prompt", {"prompt_to_repeat": "Write a haiku about rain."}), ("change_case:english_lowercase", {})]),
    (1017, "Should I learn to swim? Answer with one of the following options: My answer is yes., My answer is "
           "no., My answer is maybe. In your response, the letter q should appear less than 2 times.",
     [("detectable_format:constrained_response", {}),
      ("keywords:letter_frequency", {"letter": "q", "let_frequency": 2, "let_relation": "less than"})]),
    (1018, "Write a story about a lighthouse keeper. There should be 4 paragraphs separated with the markdown "
           "divider: ***. Your response must have 2 sections. Mark the beginning of each section with Section X.",
     [("length_constraints:number_paragraphs", {"num_paragraphs": 4}),
      ("detectable_format:multiple_sections", {"section_spliter": "Section", "num_sections": 2})]),
    (1019, "Give advice to a new gardener. Finish your response with this exact phrase Any other questions?. "
           "No other words should follow this phrase. Your answer must contain exactly 2 bullet points.",
     [("startend:end_checker", {"end_phrase": "Any other questions?"}), ("detectable_format:number_bullet_lists", {"num_bullets": 2})]),
    (1020, "Write an essay on the ocean. There should be 2 paragraphs separated by two new lines. Paragraph 1 "
           "must start with word oceans. In your response, words with all capital letters should appear less "
           "than 3 times.",
     [("length_constraints:nth_paragraph_first_word", {"num_paragraphs": 2, "nth_paragraph": 1, "first_word": "oceans"}),
      ("change_case:capital_word_frequency", {"capital_frequency": 3, "capital_relation": "less than"})]),
    (1021, "Write a product description for a lamp. Highlight at least 3 sections with markdown. The response "
           "must contain at least 1 placeholders represented by square brackets. Do not include keywords cheap "
           "in the response.",
     [("detectable_format:number_highlighted_sections", {"num_highlights": 3}),
      ("detectable_content:number_placeholders", {"num_placeholders": 1}),
      ("keywords:forbidden_words", {"forbidden_words": ["cheap"]})]),
    (1022, "Write a limerick about a programmer. In your entire response, refrain from the use of any commas. "
           "Your ENTIRE response should be in English language, no other language is allowed.",
     [("punctuation:no_comma", {}), ("language:response_language", {"language": "en"})]),
    (1023, "Say nothing at all about the weather. Wrap your entire response with double quotation marks.",
     [("startend:quotation", {}), ("punctuation:no_comma", {})]),
)


def row(key: int, prompt: str, instructions: list[tuple[str, dict]]) -> dict:
    return {"key": key, "prompt": prompt, "instruction_id_list": [i for i, _ in instructions],
            "kwargs": [{field: args.get(field) for field in FIELDS} for _, args in instructions]}


def main() -> None:
    text = "".join(json.dumps(row(*doc), ensure_ascii=False) + "\n" for doc in DOCS)
    for dataset in DATASETS:
        out = MIRROR / dataset / "default" / "train.jsonl"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out} ({len(DOCS)} rows)")


if __name__ == "__main__":
    main()
