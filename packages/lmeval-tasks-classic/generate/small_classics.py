"""Twelve small English classics as lm-eval 0.4.13 registers them, one task folder each: qa4mre
(2011-2013, tag ``qa4mre``), storycloze (2016, 2018, tag ``storycloze``), lambada_cloze (the
``____. ->`` cloze form of LAMBADA, tag ``lambada_cloze``), webqs (tag ``freebase``), mutual and
mutual_plus, logiqa2 and logieval, wsc273, swag, prost, mc_taco, moral_stories and groundcocoa.
Helpers that lm-eval writes in Python sit beside the configs (hand-written).
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "small_classics.py"


def _metrics(*names: str, mean: bool = True) -> list[dict]:
    if not mean:
        return [{"metric": n} for n in names]
    return [{"metric": n, "aggregation": "mean", "higher_is_better": True} for n in names]


def qa4mre() -> dict[str, dict]:
    def cfg(year: int) -> dict:
        return {"tag": ["qa4mre"], "task": f"qa4mre_{year}", "dataset_path": "community-datasets/qa4mre",
                "dataset_name": f"{year}.main.EN", "output_type": "multiple_choice", "test_split": "train",
                "doc_to_text": "{{document_str.strip()}}\nQuestion: {{question_str}}\nAnswer:",
                "doc_to_target": "{{correct_answer_id|int - 1}}",
                "doc_to_choice": "{{answer_options.answer_str}}", "should_decontaminate": True,
                "doc_to_decontamination_query": "{{document_str.strip()}} + ' ' + {{question_str}}",
                "metric_list": _metrics("acc", "acc_norm"), "metadata": {"version": 1.0}}
    return {f"qa4mre_{year}": cfg(year) for year in (2011, 2012, 2013)}


def storycloze() -> dict[str, dict]:
    story = "{{[input_sentence_1, input_sentence_2, input_sentence_3, input_sentence_4]|join(' ')}}"

    def cfg(year: str) -> dict:
        out = {"tag": "storycloze", "task": f"storycloze_{year}", "dataset_path": "LSDSem/story_cloze",
               "dataset_name": year, "output_type": "multiple_choice", "validation_split": "validation",
               "test_split": "test", "doc_to_text": story, "doc_to_target": "{{answer_right_ending-1}}",
               "doc_to_choice": "{{[sentence_quiz1, sentence_quiz2]}}", "should_decontaminate": True,
               "doc_to_decontamination_query": story, "metric_list": _metrics("acc")}
        if year == "2016":  # lm-eval's 2018 config has no metadata
            out["metadata"] = {"version": 1.0}
        return out
    return {f"storycloze_{year}": cfg(year) for year in ("2016", "2018")}


def lambada_cloze() -> dict[str, dict]:
    def cfg(task: str, path: str, name: str | None, splits: dict) -> dict:
        out = {"tag": ["lambada_cloze"], "task": task, "dataset_path": path}
        if name:
            out["dataset_name"] = name
        return {**out, "output_type": "loglikelihood", **splits,
                "doc_to_text": "{{text.split(' ')[:-1]|join(' ')}} ____. ->",
                "doc_to_target": "{{' '+text.split(' ')[-1]}}", "should_decontaminate": True,
                "doc_to_decontamination_query": "{{text}}",
                "metric_list": [{"metric": "perplexity", "aggregation": "perplexity", "higher_is_better": False},
                                {"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
                "metadata": {"version": 1.0}}
    return {"lambada_openai_cloze": cfg("lambada_openai_cloze_yaml", "EleutherAI/lambada_openai", "default",
                                        {"test_split": "test"}),
            "lambada_standard_cloze": cfg("lambada_standard_cloze_yaml", "cimec/lambada", None,
                                          {"validation_split": "validation", "test_split": "test"})}


def webqs() -> dict[str, dict]:
    return {"webqs": {"tag": ["freebase"], "task": "webqs", "dataset_path": "stanfordnlp/web_questions",
                      "output_type": "multiple_choice", "training_split": "train", "test_split": "test",
                      "doc_to_text": "Question: {{question}}\nAnswer:",
                      "doc_to_target": Function("webqs_answers.doc_to_target"),
                      "doc_to_choice": Function("webqs_answers.doc_to_choice"), "should_decontaminate": True,
                      "doc_to_decontamination_query": "question", "metric_list": _metrics("exact_match"),
                      "metadata": {"version": 2.0}}}


def mutual() -> dict[str, dict]:
    def cfg(name: str) -> dict:
        return {"task": name, "dataset_path": "EleutherAI/mutual", "dataset_name": name,
                "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
                "doc_to_text": "{{article}}", "doc_to_target": "{{['A', 'B', 'C', 'D'].index(answers)}}",
                "doc_to_choice": "{{options}}", "process_docs": Function("mutual_scoring.process_docs"),
                "process_results": Function("mutual_scoring.process_results"), "should_decontaminate": True,
                "doc_to_decontamination_query": "{{article}}", "metric_list": _metrics("r@1", "r@2", "mrr"),
                "metadata": {"version": 2.0}}
    return {"mutual": cfg("mutual"), "mutual_plus": cfg("mutual_plus")}


LOGIEVAL = ("Instructions: You will be presented with a passage and a question about that passage. There are "
            "four options to be chosen from, you need to choose the only correct option to answer that question. "
            "If the first option is right, you generate the answer 'A', if the second option is right, you "
            "generate the answer 'B', if the third option is right, you generate the answer 'C', if the fourth "
            "option is right, you generate the answer 'D'. Read the question and options thoroughly and select "
            "the correct answer from the four answer labels. Read the passage thoroughly to ensure you know what "
            "the passage entails.\n{{content}}")


def logiqa2() -> dict[str, dict]:
    return {
        "logiqa2": {"task": "logiqa2", "dataset_path": "baber/logiqa2", "dataset_name": "logiqa2",
                    "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
                    "test_split": "test", "doc_to_choice": "{{options}}",
                    "doc_to_text": Function("logiqa2_prompt.doc_to_text"), "doc_to_target": "{{answer}}",
                    "doc_to_decontamination_query": "{{context}}", "should_decontaminate": False,
                    "metric_list": _metrics("acc", "acc_norm"), "metadata": {"version": 0.0}},
        "logieval": {"task": "logieval", "dataset_path": "baber/logiqa2", "dataset_name": "logieval",
                     "output_type": "generate_until", "training_split": "train", "test_split": "test",
                     "doc_to_text": LOGIEVAL, "doc_to_target": "{{ideal}}", "metric_list": _metrics("exact_match"),
                     "generation_kwargs": {"do_sample": False}, "num_fewshot": 1,
                     "filter_list": [{"name": "get-answer",
                                      "filter": [{"function": "regex", "regex_pattern": "^\\s*([A-D])"},
                                                 {"function": "take_first"}]}],
                     "metadata": {"version": 0.0}},
    }


def wsc273() -> dict[str, dict]:
    return {"wsc273": {"task": "wsc273", "dataset_path": "lighteval/winograd_wsc", "dataset_name": "wsc273",
                       "output_type": "multiple_choice", "test_split": "test", "doc_to_text": "label",
                       "process_docs": Function("wsc273_options.process_doc"),
                       "doc_to_target": "{% set index = pronoun_loc + pronoun | length %}{{text[index:]}}",
                       "doc_to_choice": "{% set template = text[:pronoun_loc] %}"
                                        "{{[template+options[0], template+options[1]]}}",
                       "should_decontaminate": True, "doc_to_decontamination_query": "text",
                       "metric_list": _metrics("acc"), "metadata": {"version": 1.0}}}


def single_tasks() -> dict[str, dict]:
    """swag, prost, mc_taco, moral_stories, groundcocoa: one config each."""
    prost_prompt = "{{context}}\nQuestion: {{ex_question}}\nAnswer:"
    return {
        "swag": {"task": "swag", "dataset_path": "allenai/swag", "dataset_name": "regular",
                 "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
                 "doc_to_text": "startphrase", "doc_to_target": "label",
                 "doc_to_choice": "{{[ending0, ending1, ending2, ending3]}}",
                 "metric_list": _metrics("acc", "acc_norm"), "metadata": {"version": 1.0}},
        "prost": {"task": "prost", "dataset_path": "json",
                  "dataset_kwargs": {"data_files": {"test": "hf://datasets/corypaik/prost/data/default.jsonl"}},
                  "output_type": "multiple_choice", "test_split": "test", "doc_to_text": prost_prompt,
                  "doc_to_target": "label", "doc_to_choice": "{{[A, B, C, D]}}", "should_decontaminate": True,
                  "doc_to_decontamination_query": prost_prompt, "metric_list": _metrics("acc", "acc_norm"),
                  "metadata": {"version": 1.0}},
        "mc_taco": {"task": "mc_taco", "dataset_path": "CogComp/mc_taco", "output_type": "multiple_choice",
                    "validation_split": "validation", "test_split": "test",
                    "doc_to_text": "{{sentence}}\nQuestion: {{question}}\nAnswer: {{answer}}\nPlausible:",
                    "doc_to_target": "label", "doc_to_choice": ["no", "yes"], "should_decontaminate": True,
                    "doc_to_decontamination_query": "{{question}} {{sentence}}",
                    "metric_list": _metrics("acc", "f1", mean=False), "metadata": {"version": 1.0}},
        "moral_stories": {"task": "moral_stories", "dataset_path": "LabHC/moral_stories",
                          "output_type": "multiple_choice", "test_split": "train",
                          "process_docs": Function("moral_stories_docs.process_docs"), "doc_to_text": "{{query}}",
                          "doc_to_target": "{{label}}", "doc_to_choice": "choices",
                          "metric_list": _metrics("acc", "acc_norm"), "metadata": {"version": 1.0}},
        "groundcocoa": {"task": "groundcocoa", "dataset_path": "harsh147/GroundCocoa",
                        "output_type": "multiple_choice", "validation_split": "validation", "test_split": "test",
                        "process_docs": Function("groundcocoa_docs.process_docs"), "doc_to_text": "{{criteria}}",
                        "doc_to_target": "gold", "doc_to_choice": "choices", "target_delimiter": "",
                        "metric_list": _metrics("acc"), "dataset_kwargs": {"streaming": True}},
    }


FOLDERS = {"qa4mre": qa4mre, "storycloze": storycloze, "lambada_cloze": lambada_cloze, "webqs": webqs,
           "mutual": mutual, "logiqa2": logiqa2, "wsc273": wsc273}


def main(root: Path) -> None:
    for folder, configs in FOLDERS.items():
        out = reset_dir(root / folder)
        for name, cfg in configs().items():
            write_yaml(out / f"{name}.yaml", cfg, SCRIPT)
    for name, cfg in single_tasks().items():
        write_yaml(reset_dir(root / name) / f"{name}.yaml", cfg, SCRIPT)
