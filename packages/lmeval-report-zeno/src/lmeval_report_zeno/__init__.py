"""Export lmeval runs in Zeno's format: per task, a dataset and one system per model.

See :mod:`lmeval_report_zeno.export`; importing this package imports nothing.
"""
