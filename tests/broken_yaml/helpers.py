def explode(dataset):
    raise ValueError("process_docs failed on purpose")
