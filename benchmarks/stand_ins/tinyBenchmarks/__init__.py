"""Stand-in for the tinyBenchmarks package (git-only, and its IRT parameters are a download) in
task_parity runs, on both tools' path: ``evaluate`` returns a fixed function of the documents'
scores (order-sensitive, so a reordering shows) in the package's result layout. The IRT model
itself is not compared; what reaches it is."""


def evaluate(y, bench):
    values = [float(v) for v in y]
    mean = sum(values) / len(values)
    weighted = sum((i + 1) * v for i, v in enumerate(values)) / (len(values) * (len(values) + 1) / 2)
    return {bench: {"irt": mean, "pirt": 0.5 * (mean + weighted), "gpirt": 0.25 * mean + 0.75 * weighted}}
