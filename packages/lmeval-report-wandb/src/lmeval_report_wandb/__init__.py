"""Log lmeval runs to Weights & Biases (``--wandb_args``, ``--wandb_config_args``).

The reporter lives in :mod:`lmeval_report_wandb.reporter`; importing this package imports nothing.
"""
