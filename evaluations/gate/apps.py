from django.apps import AppConfig


class GateConfig(AppConfig):
    name = "evaluations.gate"
    label = "gate"
