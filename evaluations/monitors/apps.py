from django.apps import AppConfig


class MonitorsConfig(AppConfig):
    name = "evaluations.monitors"
    label = "monitors"
