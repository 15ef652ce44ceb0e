"""BIG-bench multiple-choice variants keep only the rows that have choices (some subtasks mix
multiple-choice and free-form rows in one split), as lm-eval 0.4.13 does."""


def filter_multiple_choice(dataset):
    return dataset.filter(lambda doc: len(doc["multiple_choice_targets"]) > 0)
