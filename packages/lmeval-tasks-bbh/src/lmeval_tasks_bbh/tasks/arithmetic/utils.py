"""Arithmetic documents as the dataset's old loading script yielded them (lm-eval 0.4.13 keeps
those four steps now that the files are read as plain JSON lines)."""


def _clean(doc):
    context = doc["context"].strip().replace("\n\n", "\n").replace("Q:", "Question:").replace("A:", "Answer:")
    return {"context": context, "completion": doc["completion"]}


def process_docs(dataset):
    return dataset.map(_clean)
