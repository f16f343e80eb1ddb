"""Evaluation runs: EvaluationRun, Attempt and the transient RunSecret; launch, the concurrent executor,
the django-q2 task, scoring of attempts, progress and cancel views."""
