from django.apps import AppConfig


class ReviewConfig(AppConfig):
    name = "evaluations.review"
    label = "review"
