"""The query is the activity label and the context; the choices the four endings."""


def process_docs(dataset):
    return dataset.map(lambda doc: {"query": doc["activity_label"] + ": " + doc["ctx"],
                                    "choices": doc["endings"], "gold": int(doc["label"])})
