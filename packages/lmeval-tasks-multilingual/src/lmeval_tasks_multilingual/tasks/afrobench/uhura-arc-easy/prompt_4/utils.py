"""AfroBench helper: weighted F1 (scikit-learn's average="weighted")."""

from lmeval_tasks_multilingual.scoring import weighted_f1_score

__all__ = ["weighted_f1_score"]
