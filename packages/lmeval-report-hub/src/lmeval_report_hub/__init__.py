"""Push lmeval results and samples to the Hugging Face Hub (``--hf_hub_log_args``).

The reporter lives in :mod:`lmeval_report_hub.reporter`; importing this package imports nothing.
"""
