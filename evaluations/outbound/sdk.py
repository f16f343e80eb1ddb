"""The one factory for SDK clients: the Anthropic SDK and boto3 speak HTTP through their own stacks, so this is
where both are built, from settings only (``evalsite/settings.py`` reads the environment; the SDKs are handed
the values explicitly rather than left to look for them).

Their endpoints are the providers' own or the operator's (settings), never user input, so they do not pass
through the endpoint guard; ``AWS_EC2_METADATA_DISABLED`` (set in settings) keeps boto3 off the metadata address.
The SDKs are imported lazily: importing anthropic and boto3 costs seconds at Django start.
"""

from __future__ import annotations

import ssl
import threading
from typing import Any

from django.conf import settings

ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com"

_ssl_lock = threading.Lock()
_ssl_contexts: list[ssl.SSLContext] = []
_bedrock_lock = threading.Lock()
_bedrock_clients: dict[tuple[Any, ...], Any] = {}  # by (settings they were built from, timeouts, retries, pool)


def anthropic_settings() -> tuple[str, str, str]:
    """The settings an Anthropic client is built from (a cached client is kept only while they hold)."""
    return settings.ANTHROPIC_API_KEY, settings.ANTHROPIC_AUTH_TOKEN, settings.ANTHROPIC_BASE_URL


def ssl_context() -> ssl.SSLContext:
    """One TLS context for every HTTP client of the process (the Anthropic SDK's, the agents' pool of each run):
    loading the CA bundle takes a fifth of a second on a busy machine, and each run's event loop builds its own
    clients."""
    with _ssl_lock:
        if not _ssl_contexts:
            import certifi

            _ssl_contexts.append(ssl.create_default_context(cafile=certifi.where()))
        return _ssl_contexts[0]


def anthropic_client(*, timeout: float, max_retries: int) -> Any:
    """A new ``anthropic.AsyncAnthropic``. It belongs to the event loop that first uses it."""
    import anthropic

    api_key, auth_token, base_url = anthropic_settings()
    credential: dict[str, Any]
    if api_key:
        credential = {"api_key": api_key}
    elif auth_token:
        credential = {"auth_token": auth_token}
    else:
        # A gateway at ANTHROPIC_BASE_URL that adds its own credentials: send no Authorization header rather than
        # let the SDK refuse to build the request (an explicit empty key also stops it looking elsewhere).
        credential = {"api_key": "", "default_headers": {"Authorization": anthropic.Omit()}}
    return anthropic.AsyncAnthropic(
        base_url=base_url or ANTHROPIC_DEFAULT_BASE_URL,
        timeout=timeout,
        max_retries=max_retries,
        # The SDK's default client schedules its own close on whatever loop is running when it is garbage-collected,
        # which fails noisily once its loop is gone; this one has no such hook.
        http_client=anthropic.DefaultAsyncHttpxClient(verify=ssl_context()),
        **credential,
    )


def _aws_settings() -> tuple[str, ...]:
    return (
        settings.AWS_ENDPOINT_URL_BEDROCK_RUNTIME,
        settings.AWS_DEFAULT_REGION,
        settings.AWS_ACCESS_KEY_ID,
        settings.AWS_SECRET_ACCESS_KEY,
        settings.AWS_SESSION_TOKEN,
        settings.AWS_PROFILE,
    )


def bedrock_client(*, read_timeout: float, max_attempts: int, pool: int = 50) -> Any:
    """The shared ``bedrock-runtime`` client for these limits, built on first use (boto3 clients are thread-safe,
    and building one takes hundreds of milliseconds). Agents and the judge both use it; a change of the AWS
    settings builds new ones."""
    aws = _aws_settings()
    key = (aws, read_timeout, max_attempts, pool)
    with _bedrock_lock:
        client = _bedrock_clients.get(key)
        if client is None:
            if _bedrock_clients and next(iter(_bedrock_clients))[0] != aws:
                _bedrock_clients.clear()  # clients built from older settings are no longer wanted
            client = _bedrock_clients[key] = _build_bedrock(aws, read_timeout, max_attempts, pool)
        return client


def _build_bedrock(aws: tuple[str, ...], read_timeout: float, max_attempts: int, pool: int) -> Any:
    import boto3
    from botocore.config import Config

    endpoint_url, region, access_key_id, secret_access_key, session_token, profile = aws
    credentials: dict[str, str] = {}
    if access_key_id and secret_access_key:
        credentials = {"aws_access_key_id": access_key_id, "aws_secret_access_key": secret_access_key}
        if session_token:
            credentials["aws_session_token"] = session_token
    # Without keys in settings, boto3's own chain (profile, shared files, container role) finds them.
    session = boto3.session.Session(profile_name=profile or None, **credentials)
    return session.client(
        "bedrock-runtime",
        region_name=region or None,
        endpoint_url=endpoint_url or None,
        config=Config(
            retries={"total_max_attempts": max_attempts, "mode": "standard"},
            connect_timeout=min(10.0, read_timeout),
            read_timeout=read_timeout,
            max_pool_connections=pool,
        ),
    )


def reset_clients() -> None:
    """Forget the cached Bedrock clients (tests that change the AWS settings call this)."""
    with _bedrock_lock:
        _bedrock_clients.clear()
