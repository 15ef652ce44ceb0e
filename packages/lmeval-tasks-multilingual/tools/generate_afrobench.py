"""AfroBench (Ojo et al. 2025, arXiv:2311.07978) families of lmeval-tasks-multilingual (called by
tools/generate_tasks.py). So far: NaijaRC and OpenAI MMMLU's African and Arabic subsets. lm-eval
also tags them ``RC_tasks`` and ``afrobench_mmlu_tasks``, tags whose other members (AfroBench's
Belebele, AfriMMLU) are not in this pack, so those two tags are left out."""

from __future__ import annotations

from generate_tasks import group, write

# NaijaRC (Aremu et al. 2023, arXiv:2308.09768), Davlan/NaijaRC: Hausa, Igbo and Yoruba reading
# comprehension, five prompt templates; only prompt 1 names the few-shot split.
NAIJARC_LANGS = ["hau", "ibo", "yor"]
NAIJARC_PROMPTS = {
    1: "P: {{story}}\nQ: {{question.strip()}}\nA: {{options_A}}\nB: {{options_B}}\nC: {{options_C}}\nD: {{options_D}}\n"
       "Please choose the correct answer from the options above:",
    2: "Passage: {{story}}\nQuestion: {{question.strip()}}\n1: {{options_A}}\n2: {{options_B}}\n3: {{options_C}}\n"
       "4: {{options_D}}\nPlease select the correct answer from the given choices:",
    3: "Context: {{story}}\nQuery: {{question.strip()}}\nOption A: {{options_A}}\nOption B: {{options_B}}\n"
       "Option C: {{options_C}}\nOption D: {{options_D}}\nPlease indicate the correct option from the list above:",
    4: "{{story}}\nBased on the above passage, answer the following question:\n{{question.strip()}}\nChoices:\n"
       "A) {{options_A}}\nB) {{options_B}}\nC) {{options_C}}\nD) {{options_D}}\nPlease provide the correct answer "
       "from the choices given:",
    5: "Read the passage: {{story}}\nThen answer the question: {{question.strip()}}\nOptions:\nA. {{options_A}}\n"
       "B. {{options_B}}\nC. {{options_C}}\nD. {{options_D}}\nPlease choose the correct option from the above list:",
}


def naijarc() -> None:
    for prompt, text in NAIJARC_PROMPTS.items():
        folder = f"afrobench/naijarc/prompt_{prompt}"
        write(f"{folder}/naijarc", {
            "tag": ["naijarc_tasks", f"naijarc_prompt_{prompt}"], "dataset_path": "Davlan/NaijaRC",
            "dataset_name": None, "output_type": "multiple_choice", "test_split": "test",
            **({"fewshot_split": "test"} if prompt == 1 else {}), "fewshot_config": {"sampler": "first_n"},
            "doc_to_target": "{{['A', 'B', 'C', 'D'].index(Answer.strip())}}", "should_decontaminate": True,
            "doc_to_decontamination_query": "{{question}}", "doc_to_choice": ["A", "B", "C", "D"],
            "metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": True} for m in ("acc", "acc_norm")],
            "metadata": {"version": 1.0}})
        for lang in NAIJARC_LANGS:
            write(f"{folder}/naijarc_{lang}.yaml", {"dataset_name": lang, "doc_to_text": text, "include": "naijarc",
                                                    "task": f"naijarc_{lang}_prompt_{prompt}"})
    write("afrobench/naijarc/naijarc.yaml", group("naijarc", [f"naijarc_prompt_{p}" for p in NAIJARC_PROMPTS],
                                                  metrics=["acc"], version=1))


# OpenAI's MMMLU (openai/MMMLU): the Arabic, Swahili and Yoruba translations of MMLU's test set.
OPENAI_MMLU_LANGS = {"ara": "AR_XY", "swa": "SW_KE", "yor": "YO_NG"}
OPENAI_MMLU_PROMPTS = {
    1: "Q: {{Question.strip()}}\nA: {{A}}\nB: {{B}}\nC: {{C}}\nD: {{D}}\n"
       "Please choose the correct answer from the options above:",
    2: "Question: {{Question.strip()}}\n1: {{A}}\n2: {{B}}\n3: {{C}}\n4: {{D}}\n"
       "Please select the correct answer from the given choices:",
    3: "Input Question: {{Question.strip()}}\nOption A: {{A}}\nOption B: {{B}}\nOption C: {{C}}\nOption D: {{D}}\n"
       "Please indicate the correct option from the list above:",
    4: "Critically analyze the question and select the most probable answer from the list:\n{{Question.strip()}}\n"
       "Choices:\nA) {{A}}\nB) {{B}}\nC) {{C}}\nD) {{D}}",
    5: "Answer the question and pick the correct answer from the options: {{Question.strip()}}\nOptions:\n"
       "A. {{A}}\nB. {{B}}\nC. {{C}}\nD. {{D}}\nPlease choose the correct option from the above list:",
}


def openai_mmlu() -> None:
    for prompt, text in OPENAI_MMLU_PROMPTS.items():
        folder = f"afrobench/openai_mmlu/prompt_{prompt}"
        write(f"{folder}/openai_mmlu", {
            "tag": ["openai_mmlu_tasks", f"openai_mmlu_prompt_{prompt}"], "dataset_path": "openai/MMMLU",
            "output_type": "multiple_choice", "test_split": "test", "fewshot_config": {"sampler": "first_n"},
            "doc_to_target": "{{['A', 'B', 'C', 'D'].index(Answer.strip())}}", "should_decontaminate": True,
            "doc_to_decontamination_query": "{{Question}}", "doc_to_choice": ["A", "B", "C", "D"],
            "metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": True} for m in ("acc", "acc_norm")],
            "metadata": {"version": 1.0}})
        for lang, config in OPENAI_MMLU_LANGS.items():
            write(f"{folder}/openai_mmlu_{lang}.yaml", {"dataset_name": config, "doc_to_text": text,
                                                        "include": "openai_mmlu",
                                                        "task": f"openai_mmlu_{lang}_prompt_{prompt}"})
    write("afrobench/openai_mmlu/openai_mmlu.yaml", group(
        "openai_mmlu", [f"openai_mmlu_prompt_{p}" for p in OPENAI_MMLU_PROMPTS], metrics=["acc"], version=1))


FAMILIES = [naijarc, openai_mmlu]
