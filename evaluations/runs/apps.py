from django.apps import AppConfig


class RunsConfig(AppConfig):
    name = "evaluations.runs"
    label = "runs"
