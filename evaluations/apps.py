from django.apps import AppConfig


class EvaluationsConfig(AppConfig):
    name = "evaluations"

    def ready(self) -> None:
        from evaluations.core.lease import worker_shutdown_install

        worker_shutdown_install()  # a worker asked to stop leaves its job to be resumed (docs/runs.md)
