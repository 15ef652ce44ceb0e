"""AfriQA helper: the mean SQuAD token F1 of the (gold, prediction) pairs."""

from lmeval_tasks_multilingual.afriqa import f1

__all__ = ["f1"]
