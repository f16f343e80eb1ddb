"""``Authorization: Bearer <personal API key>`` for the REST API (DRF).

On success ``request.user`` is the key's user and ``request.auth`` the ``ApiKey``: views scope everything to
``request.auth.account_id`` (a key acts in the one account it was created for, with its user's role there).

Failed keys are counted per client address; past ``TRUSTGATE_API_KEY_FAILURES_PER_MINUTE`` the address gets 429
before any key is looked up, so keys cannot be guessed (docs/configuration.md).
"""

from __future__ import annotations

from typing import Any, cast

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from billing.models import ApiKey
from billing.selectors import api_key_find, membership_exists
from billing.services import api_key_touch
from evalsite import ratelimit

MAX_TOKEN_LENGTH = 200
THROTTLED = "Too many requests with an invalid API key from your address."


class ApiKeyAuthentication(authentication.BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request: Request) -> tuple[Any, ApiKey] | None:
        header = str(request.META.get("HTTP_AUTHORIZATION", "")).split()
        if not header or header[0].lower() != self.keyword.lower():
            return None  # no credentials: DRF answers 401 with the WWW-Authenticate below
        # Checked before the key is looked up, valid or not: a guess that hit would otherwise still be answered.
        name, limit = _failures(request)
        if wait := ratelimit.slot_wait(name=name, limit=limit):
            raise exceptions.Throttled(wait=wait, detail=THROTTLED)
        try:
            return self._authenticate(header)
        except exceptions.AuthenticationFailed:
            try:
                ratelimit.slot_claim(name=name, limit=limit)
            except ratelimit.RateLimited as exc:  # another process took the last slot meanwhile
                raise exceptions.Throttled(wait=exc.retry_in, detail=THROTTLED) from None
            raise

    def _authenticate(self, header: list[str]) -> tuple[Any, ApiKey]:
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Malformed Authorization header: use “Bearer <API key>”.")
        token = header[1]
        if not token.isascii() or not token.isprintable() or len(token) > MAX_TOKEN_LENGTH:
            raise exceptions.AuthenticationFailed("Invalid API key.")
        key = api_key_find(token=token)
        if key is None:
            raise exceptions.AuthenticationFailed("Invalid API key.")
        if key.is_revoked:
            raise exceptions.AuthenticationFailed("This API key was revoked. Create a new one in your profile.")
        if not key.user.is_active:
            raise exceptions.AuthenticationFailed("The user of this API key is deactivated.")
        if not membership_exists(user_id=key.user_id, account_id=key.account_id):
            raise exceptions.AuthenticationFailed(
                f"The user of this API key is no longer a member of {key.account.name}."
            )
        api_key_touch(api_key=key)
        return key.user, key

    def authenticate_header(self, request: Request) -> str:
        return f'{self.keyword} realm="api"'


def _failures(request: Request) -> tuple[str, int]:
    """The rate-limit name of the client address's failed keys, and how many a minute it may send. The address
    is REMOTE_ADDR, as for the login lockout: no proxy header is trusted for it (docs/configuration.md)."""
    address = str(request.META.get("REMOTE_ADDR") or "unknown")[:64]
    return f"api-key-failure:{address}", settings.TRUSTGATE_API_KEY_FAILURES_PER_MINUTE


def request_api_key(request: Request) -> ApiKey:
    """The ``ApiKey`` of a request that passed ``ApiKeyAuthentication`` and ``IsAuthenticated``.

    The stubs type ``request.auth`` as DRF's ``Token``; this only tells the type checker what it is here.
    """
    return cast(ApiKey, request.auth)


class ApiKeyScheme(OpenApiAuthenticationExtension):
    """Tells the OpenAPI schema how ApiKeyAuthentication works."""

    target_class = "billing.api.authentication.ApiKeyAuthentication"
    name = "ApiKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A personal API key from your profile (Profile → API keys), sent as “Bearer <key>”.",
        }
