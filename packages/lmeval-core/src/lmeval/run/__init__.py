"""The run machinery: from requests to model calls (:mod:`~lmeval.run.scheduler`), the response
cache (:mod:`~lmeval.run.cache`) and its model key (:mod:`~lmeval.run.identity`,
:mod:`~lmeval.run.fingerprints`), interrupts and progress, the checks that run before a model
loads (:mod:`~lmeval.run.preflight`, :mod:`~lmeval.run.modelargs`, :mod:`~lmeval.run.options`),
time limits on task code and executors. Backends and task packs rarely need it; the import-surface
test (``tests/test_import_surface.py``) lists what other distributions may import."""
