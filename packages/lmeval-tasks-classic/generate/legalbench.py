"""LegalBench (Guha et al., 2023, arXiv:2308.11462) as lm-eval 0.4.13 has it (its ``legalbench``
folder): 19 of the benchmark's tasks on ``nguha/legalbench``, generated answers (the first line, at
most 15 tokens) scored by exact match ignoring case and punctuation, few-shot examples from train;
groups ``legalbench`` (five tasks) and ``legalbench_contract_nli`` (fourteen), unweighted means.
"""

from __future__ import annotations

from pathlib import Path

from _common import reset_dir, write_yaml

SCRIPT = "legalbench.py"
FOLDER = "legalbench"
MAIN = {  # task: (shots, description, prompt)
    "abercrombie": (5, "A mark is generic if it is the common name for the product. A mark is descriptive if it "
                       "describes a purpose, nature, or attribute of the product. A mark is suggestive if it suggests "
                       "or implies a quality or characteristic of the product. A mark is arbitrary if it is a real "
                       "English word that has no relation to the product. A mark is fanciful if it is an invented "
                       "word. Label the type of mark for the following products.",
                    "Description: {{text}}\nType:"),
    "corporate_lobbying": (1, "You are a lobbyist analyzing Congressional bills for their impacts on companies. "
                              "Given the title and summary of the bill, plus information on the company from its 10K "
                              "SEC filing, it is your job to determine if a bill is at least somewhat relevant to a "
                              "company in terms of whether it could impact the company's bottom-line if it was "
                              "enacted (by saying Yes or No).",
                           "Official title of bill: {{bill_title}}\nOfficial summary of bill: {{bill_summary}}\n"
                           "Company name: {{company_name}}\nCompany business description: {{company_description}}\n"
                           "Label:"),
    "function_of_decision_section": (
        7, "Classify the following text using the following definitions.\n\n"
           "- Facts: The paragraph describes the factual background that led up to the present lawsuit.\n"
           "- Procedural History: The paragraph describes the course of litigation that led to the current "
           "proceeding before the court.\n"
           "- Issue: The paragraph describes the legal or factual issue that must be resolved by the court.\n"
           "- Rule: The paragraph describes a rule of law relevant to resolving the issue.\n"
           "- Analysis: The paragraph analyzes the legal issue by applying the relevant legal principles to the "
           "facts of the present dispute.\n"
           "- Conclusion: The paragraph presents a conclusion of the court.\n"
           "- Decree: The paragraph constitutes a decree resolving the dispute.",
        "Text: {{Paragraph}}\nFunction:"),
    "international_citizenship_questions": (4, "Answer the following questions considering the state of "
                                               "international law on January 1st, 2020. Answer Yes or No.",
                                            "Question: {{question}}\nAnswer:"),
    "proa": (5, "A private right of action is when a regular person, a private citizen, is legally entitled to "
                "enforce their rights under a given statute. Does the clause specify a private right of action? "
                "Answer Yes or No.", "Statute: {{text}}\nAnswer:"),
}
# ContractNLI: "Identify if the clause provides that <what>." (lm-eval's wording, "ome" included)
CONTRACT_NLI = {
    "confidentiality_of_agreement": "the Receiving Party shall not disclose the fact that Agreement was agreed or "
                                    "negotiated",
    "explicit_identification": "all Confidential Information shall be expressly identified by the Disclosing Party",
    "inclusion_of_verbally_conveyed_information": "Confidential Information may include verbally conveyed "
                                                  "information",
    "limited_use": "the Receiving Party shall not use any Confidential Information for any purpose other than the "
                   "purposes stated in Agreement",
    "no_licensing": "the Agreement shall not grant Receiving Party any right to Confidential Information",
    "notice_on_compelled_disclosure": "the Receiving Party shall notify Disclosing Party in case Receiving Party is "
                                      "required by law, regulation or judicial process to disclose any Confidential "
                                      "Information",
    "permissible_acquirement_of_similar_information": "the Receiving Party may acquire information similar to "
                                                      "Confidential Information from a third party",
    "permissible_copy": "the Receiving Party may create a copy of some Confidential Information in some "
                        "circumstances",
    "permissible_development_of_similar_information": "the Receiving Party may independently develop information "
                                                      "similar to Confidential Information",
    "permissible_post-agreement_possession": "the Receiving Party may retain some Confidential Information even "
                                             "after the return or destruction of Confidential Information",
    "return_of_confidential_information": "the Receiving Party shall destroy or return some Confidential "
                                          "Information upon the termination of Agreement",
    "sharing_with_employees": "the Receiving Party may share some Confidential Information with some of "
                              "Receiving Party's employees",
    "sharing_with_third-parties": "the Receiving Party may share some Confidential Information with some "
                                  "third-parties (including consultants, agents and professional advisors)",
    "survival_of_obligations": "ome obligations of Agreement may survive termination of Agreement",
}


def template() -> dict:
    return {"dataset_path": "nguha/legalbench", "output_type": "generate_until", "test_split": "test",
            "fewshot_split": "train", "target_delimiter": " ", "doc_to_target": "{{answer}}",
            "generation_kwargs": {"until": ["\n"], "do_sample": False, "temperature": 0.0, "max_gen_toks": 15},
            "filter_list": [{"name": "get-answer", "filter": [{"function": "remove_whitespace"},
                                                              {"function": "take_first"}]}],
            "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                             "ignore_case": True, "ignore_punctuation": True}],
            "metadata": {"version": 1.0}}


def group(name: str, tasks: list[str]) -> dict:
    return {"group": name, "task": tasks,
            "aggregate_metric_list": [{"metric": "exact_match", "aggregation": "mean", "weight_by_size": False}],
            "metadata": {"version": 1.0}}


def tasks() -> dict[str, tuple[int, str, str]]:
    out = dict(MAIN)
    for name, what in CONTRACT_NLI.items():
        out[f"contract_nli_{name}"] = (8, f"Identify if the clause provides that {what}.", "Clause: {{text}}\nLabel:")
    return out


def main(root: Path) -> None:
    out = reset_dir(root / FOLDER)
    write_yaml(out / "_legalbench_template_yaml", template(), SCRIPT,
               "# LegalBench (Guha et al., 2023, arXiv:2308.11462): nguha/legalbench, one config per task.\n")
    for name, (shots, description, prompt) in tasks().items():
        write_yaml(out / f"{name}.yaml", {"include": "_legalbench_template_yaml", "task": f"legalbench_{name}",
                                          "dataset_name": name, "num_fewshot": shots,
                                          "description": description + "\n\n", "doc_to_text": prompt}, SCRIPT)
    write_yaml(out / "_legalbench.yaml", group("legalbench", [f"legalbench_{t}" for t in MAIN]), SCRIPT)
    write_yaml(out / "_contract_nli.yaml",
               group("legalbench_contract_nli", [f"legalbench_contract_nli_{t}" for t in CONTRACT_NLI]), SCRIPT)
