def build_prompt(doc):
    return f"{doc['passage']}\nQ: {doc['question']}?\nA:"


def process_docs(dataset):
    def _add_index(doc):
        return {"question": doc["question"].strip()}

    return dataset.map(_add_index)
