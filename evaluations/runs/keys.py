"""The agent key in flight: Fernet-encrypted in a transient row, never in task arguments or logs."""

from __future__ import annotations

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings

from evaluations.runs.models import EvaluationRun, RunSecret


class KeyUnavailable(Exception):
    """The run's key is gone (the run ended, or was resumed after its key was deleted)."""


def _fernet() -> Fernet:
    return Fernet(settings.TRUSTGATE_FERNET_KEY.encode())


def run_secret_store(*, run: EvaluationRun, api_key: str) -> None:
    if api_key:
        RunSecret.objects.create(run=run, ciphertext=_fernet().encrypt(api_key.encode()).decode())


def run_secret_read(*, run: EvaluationRun) -> str:
    """The clear key, or "" when the run was launched without one. Raises KeyUnavailable when it is gone."""
    secret = RunSecret.objects.filter(run_id=run.pk).first()
    if secret is None:
        if run.api_key_masked:
            raise KeyUnavailable(
                "The agent key of this run is gone (it is deleted when a run stops); re-enter the key and launch again."
            )
        return ""
    try:
        return _fernet().decrypt(secret.ciphertext.encode()).decode()
    except InvalidToken:
        raise KeyUnavailable(
            "The run's key could not be decrypted (TRUSTGATE_FERNET_KEY changed); re-enter the key."
        ) from None


def run_secret_delete(*, run_id: int) -> None:
    RunSecret.objects.filter(run_id=run_id).delete()
