"""What a finished run writes: the results file and table (:mod:`~lmeval.outputs.results`), the
per-sample JSONL layout (:mod:`~lmeval.outputs.samplefile`), the one redaction rule for
credentials (:mod:`~lmeval.outputs.redact`), the run's environment facts
(:mod:`~lmeval.outputs.runinfo`) and the reporters chosen for ``lmeval run``
(:mod:`~lmeval.outputs.reporters`)."""
