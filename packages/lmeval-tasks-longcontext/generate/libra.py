"""LIBRA (Churin et al., 2024, arXiv:2408.02439), Russian long-context tasks, as lm-eval 0.4.13
has them (folder ``libra``): ``ai-forever/LIBRA``'s ``test`` split per config, read by
``custom_dataset`` (``--metadata '{"valid_pages": ["8p", "32p"]}'`` keeps those lengths), one
greedy generation per document, scored by ``libra_score``, a dictionary of scores by length
(:mod:`lmeval_tasks_longcontext.libra.scoring`; pymorphy3, the ``libra`` extra).

Every task is tagged ``libra``; four groups name lm-eval's categories and, as in lm-eval, have no
``aggregate_metric_list`` (a dictionary per task has no average).
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, dump, reset_dir, write, write_yaml

SCRIPT = "libra.py"
FOLDER = "libra"
_FIND = ("Тебе предоставляется длинный текст, в котором нужно найти ответ на вопрос.\n{{context}}\n"
         "Найди ответ в тексте на следующий вопрос.\nВопрос:{{input}}\nОтвет:")
_PASSKEY = ("Тебе предоставляется длинный текст, в котором содержится ключ доступа. Запомни только ключ "
            "доступа.\n{{context}}\nВ ответе нужно указать только ключ доступа.\nВопрос:{{input}}\nОтвет:")
_FACTS = ("Я даю тебе контекст с фактами о местоположении и действиях разных людей. Тебе нужно ответить на "
          "вопрос, основываясь только на фактической информации.")
_CARRY = (" Если человек взял предмет в одном месте и отправился в другое место, этот предмет также находится "
          "во втором месте. Если человек оставил предмет в первом {place} и перешел во второе место, предмет "
          "остается в первом месте.")
_SHORT = "\n{{context}}\nОтветь на вопрос как можно более кратко.\nВопрос: {{input}}\nОтвет:"
#: task -> (alias, prompt, max_gen_toks, aggregation); lm-eval's texts, typos ("метсе", "п\ufffd\ufffdимеры") kept
TASKS: dict[str, tuple[str, str, int, str]] = {
    "librusec_history": ("LibrusecHistory", _FIND, 32, "em"),
    "librusec_mhqa": ("LibrusecMHQA", _FIND, 32, "em"),
    "long_context_multiq": ("LongContextMultiQ", _FIND, 32, "em"),
    "matreshka_names": ("MatreshkaNames", "Тебе предоставляются несколько диалогов. Запомни имена людей и темы, на "
                        "которые они говорили.\n{{context}}\nВ ответе укажи только имя собеседника, который говорил "
                        "на тему из следующего вопроса.\nВопрос:{{input}}\nОтвет:", 16, "em"),
    "matreshka_yes_no": ("MatreshkaYesNo", "Тебе предоставляются несколько диалогов. Запомни названия тем, на которые "
                         "говорили собеседники.\n{{context}}\nВ ответе тебе нужно указать только 'Да', если такая тема "
                         "была, и 'Нет', если такой темы не было в диалогах.\nВопрос:{{input}}\nОтвет:", 4, "em"),
    "passkey": ("Passkey", _PASSKEY, 16, "em"),
    "passkey_with_librusec": ("PasskeyWithLibrusec", _PASSKEY, 16, "em"),
    "ru_2wikimultihopqa": ("ru2WikiMultihopQA", "Ответь на вопрос, основываясь на приведенных отрывках.\n{{context}}\n"
                           "Ответь коротко на вопрос, основываясь на приведенных отрывках.\nВопрос:{{input}}\nОтвет:",
                           32, "em"),
    "ru_babilong_qa1": ("ruBABILongQA1", "Я даю тебе контекст с фактами о местоположении разных людей. Тебе нужно "
                        "ответить на вопрос, основываясь только на информации, полученной из фактов. Если человек "
                        "находился в разных местах, используй последнее местоположение для ответа на вопрос." + _SHORT,
                        16, "em"),
    "ru_babilong_qa2": ("ruBABILongQA2", _FACTS + _CARRY.format(place="месте") + "\n{{context}}\nОтветь на вопрос "
                        "одним словом.\nВопрос: {{input}}\nОтвет:", 16, "em"),
    "ru_babilong_qa3": ("ruBABILongQA3", _FACTS + _CARRY.format(place="метсе") + _SHORT, 16, "em"),
    "ru_babilong_qa4": ("ruBABILongQA4", _FACTS + _SHORT, 16, "em"),
    "ru_babilong_qa5": ("ruBABILongQA5", _FACTS + _SHORT, 16, "em"),
    "ru_gsm100": ("ruGSM100", "Ниже приведены п\ufffd\ufffdимеры математических задач. Размышляй шаг за шагом и дай "
                  "ответ на вопрос.\n{{context}}\nРазмышляй шаг за шагом и дай ответ вопрос.\nВопрос:{{input}}\n"
                  "Ответ:", 32, "em"),
    "ru_qasper": ("ruQasper", "Тебе предоставляется научная статья и вопрос.\n{{context}}\nОтветь на вопрос как можно "
                  "более кратко, по возможности используя одну фразу или предложение. Не приводи никаких "
                  "объяснений.\nВопрос:{{input}}\nОтвет:", 256, "f1"),
    "ru_quality": ("ruQuALITY", "Тебе предоставляется длинный текст, в котором нужно найти ответ на вопрос.\n"
                   "{{context}}\nТебе будут даны несколько вариантов ответов на вопрос по тексту, выбери только один "
                   "правильный.\nВопрос:{{input}}\nОтвет:", 128, "em"),
    "ru_sci_abstract_retrieval": ("ruSciAbstractRetrieval", "Ниже приведены несколько параграфов. Определи какому "
                                  "параграфу соответствует краткое описание.\n{{context}}\nОпредели какому параграфу "
                                  "соответствует краткое описание. Ответ должен содержать номер параграфа.\n"
                                  "Вопрос:{{input}}\nОтвет:", 32, "em"),
    "ru_sci_passage_count": ("ruSciPassageCount", "Ниже приведены несколько параграфов. Прочти их и определи "
                             "количество уникальных параграфов.\n{{context}}\nОпредели количество уникальных "
                             "параграфов. Ответ должен содержать только одно число.\nВопрос:{{input}}\nОтвет:",
                             8, "count_score"),
}
#: group -> (alias, members), lm-eval's order
GROUPS = {
    "libra_complex_reasoning_and_mathematical_problems": (
        "Complex Reasoning and Mathematical Problems", ["ru_sci_passage_count", "ru_qasper", "ru_gsm100"]),
    "libra_multi_hop_question_answering": (
        "Multi-hop Question Answering", ["ru_babilong_qa1", "ru_babilong_qa2", "ru_babilong_qa3", "ru_babilong_qa4",
                                         "ru_babilong_qa5", "long_context_multiq", "librusec_mhqa",
                                         "ru_2wikimultihopqa"]),
    "libra_question_answering_and_multiple_choice": (
        "Question Answering and Multiple Choice", ["matreshka_yes_no", "matreshka_names", "librusec_history",
                                                   "ru_sci_abstract_retrieval", "ru_quality"]),
    "libra_simple_information_retrieval": ("Simple Information Retrieval", ["passkey", "passkey_with_librusec"]),
}


def template() -> dict:
    return {"dataset_path": "ai-forever/LIBRA",
            "custom_dataset": Function("libra_helpers.filter_dataset_by_page_lengths"),
            "test_split": "test", "output_type": "generate_until", "doc_to_target": "positive_outputs",
            "process_results": Function("libra_helpers.process_results")}


def task(name: str, alias: str, prompt: str, max_gen_toks: int, scorer: str) -> dict:
    return {"tag": ["libra"], "task": name, "task_alias": alias, "dataset_name": name,
            "dataset_kwargs": {"dataset_name": name}, "include": "_libra_template_yaml", "doc_to_text": prompt,
            "generation_kwargs": {"do_sample": False, "temperature": 0.0, "max_gen_toks": max_gen_toks},
            "metric_list": [{"metric": "libra_score", "aggregation": Function(f"libra_helpers.aggregate_results_{scorer}"),
                             "higher_is_better": True, "weight_by_size": True}],
            "metadata": {"version": 0.0}}


def main(root: Path) -> None:
    out = reset_dir(root / FOLDER)
    comment = "# LIBRA (Churin et al., 2024, arXiv:2408.02439): Russian long-context tasks.\n"
    header = f"# Generated by packages/lmeval-tasks-longcontext/generate/{SCRIPT}; edit the generator, not this file.\n"
    write(out / "_libra_template_yaml", header + comment + dump(template()))
    for name, spec in TASKS.items():
        write_yaml(out / f"{name}.yaml", task(name, *spec), SCRIPT, comment)
    for name, (alias, members) in GROUPS.items():
        write_yaml(out / f"_{name}.yaml", {"group": name, "group_alias": alias, "task": members}, SCRIPT, comment)
