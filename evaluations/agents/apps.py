from django.apps import AppConfig


class AgentsConfig(AppConfig):
    name = "evaluations.agents"
    label = "agents"
