from django.apps import AppConfig


class SuitesConfig(AppConfig):
    name = "suites"
