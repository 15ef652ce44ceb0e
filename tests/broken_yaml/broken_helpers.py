def fn(dataset)  # a syntax error on purpose
    return dataset
