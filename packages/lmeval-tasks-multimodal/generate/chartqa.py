"""ChartQA (Masry et al., 2022, arXiv:2203.10244), as lm-eval 0.4.13's ``chartqa`` folder: the task
``chartqa`` and its two Llama 3.2 prompt variants (no group or tag; ``utils.py`` by hand).
"""

from __future__ import annotations

from pathlib import Path

from _common import reset_dir, write_text

SCRIPT = "chartqa.py"
FOLDER = "chartqa"

CHARTQA = """\
# ChartQA (Masry et al., 2022, arXiv:2203.10244), test split: questions about a chart image,
# answered by generation. exact_match reads the text after "Final Answer:"; relaxed_accuracy
# accepts numbers within 5% of the gold; anywhere_accuracy also finds the gold elsewhere in the
# answer (generous). The prompt asks for "Final Answer: <answer>".
dataset_path: HuggingFaceM4/ChartQA
test_split: test
output_type: generate_until
task: chartqa
doc_to_image:
  - image
doc_to_text: |
  <image>{{query}}
  Analyze the image and question carefully, using step-by-step reasoning.
  First, describe any image provided in detail. Then, present your reasoning. And finally your final answer in this format:
  Final Answer: <answer>
  where <answer> follows the following instructions:
  - <answer> should should be a single phrase or number.
  - <answer> should not paraphrase or reformat the text in the image.
  - If <answer> is a ratio, it should be a decimal value like 0.25 instead of 1:4.
  - If the question is a Yes/No question, <answer> should be Yes/No.
  - If <answer> is a number, it should not contain any units.
  - If <answer> is a percentage, it should include a % sign.
  - If <answer> is an entity, it should include the full label from the graph.
  IMPORTANT: Remember, to end your answer with Final Answer: <answer>.
doc_to_target: "{{ label[0] }}"
generation_kwargs:
  until: []
  temperature: 0.0
  do_sample: false
  max_gen_toks: 512
metric_list:
  - metric: !function utils.exact_match
    aggregation: mean
    higher_is_better: true
  - metric: !function utils.relaxed_accuracy
    aggregation: mean
    higher_is_better: true
  - metric: !function utils.anywhere_accuracy
    aggregation: mean
    higher_is_better: true
metadata:
  version: 0.0
"""

CHARTQA_LLAMA = """\
# ChartQA with the prompt of Llama 3.2's model card (answer after "FINAL ANSWER:").
include: chartqa.yaml
doc_to_text: "<image>You are provided a chart image and will be asked a question. You have to think through your answer and provide a step-by-step solution. Once you have the solution, write the final answer in at most a few words at the end with the phrase \\"FINAL ANSWER:\\". The question is: {{query}}\\nLet's think step by step."
task: chartqa_llama
"""

CHARTQA_LLAMA_90 = """\
# ChartQA with the step-by-step prompt of Llama 3.2 90B's evaluation.
include: chartqa_llama.yaml
task: chartqa_llama_90
doc_to_text: |
  <image>You are provided a chart image and will be asked a question. Follow these steps carefully:
  Step 1: Analyze the question to understand what specific data or information is being asked for. Focus on whether the question is asking for a specific number or category from the chart image.
  Step 2: Identify any numbers, categories, or groups mentioned in the question and take note of them. Focus on detecting and matching them directly to the image.
  Step 3: Study the image carefully and find the relevant data corresponding to the categories or numbers mentioned. Avoid unnecessary assumptions or calculations; simply read the correct data from the image.
  Step 4: Develop a clear plan to solve the question by locating the right data. Focus only on the specific category or group that matches the question.
  Step 5: Use step-by-step reasoning to ensure you are referencing the correct numbers or data points from the image, avoiding unnecessary extra steps or interpretations.
  Step 6: Provide the final answer, starting with "FINAL ANSWER:" and using as few words as possible, simply stating the number or data point requested.

  The question is: {{query}} Let's think step by step.
"""


#: file stem (the task's name) -> its config's text
CONFIGS = {"chartqa": CHARTQA, "chartqa_llama": CHARTQA_LLAMA, "chartqa_llama_90": CHARTQA_LLAMA_90}


def tasks() -> list[str]:
    return list(CONFIGS)


def readme_item() -> str:
    return f"* **chartqa** ({len(CONFIGS)} tasks, no group or tag): " + ", ".join(f"`{t}`" for t in CONFIGS)


def main(root: Path) -> None:
    folder = reset_dir(root / FOLDER)
    for name, text in CONFIGS.items():
        write_text(folder / f"{name}.yaml", text, SCRIPT)
