"""``Authorization: Bearer <personal API key>`` for the REST API (DRF).

On success ``request.user`` is the key's user and ``request.auth`` the ``ApiKey``: views scope everything to
``request.auth.account_id`` (a key acts in the one account it was created for, with its user's role there).
"""

from __future__ import annotations

from typing import Any, cast

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from billing.models import ApiKey
from billing.selectors import api_key_find, membership_exists
from billing.services import api_key_touch

MAX_TOKEN_LENGTH = 200


class ApiKeyAuthentication(authentication.BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request: Request) -> tuple[Any, ApiKey] | None:
        header = str(request.META.get("HTTP_AUTHORIZATION", "")).split()
        if not header or header[0].lower() != self.keyword.lower():
            return None  # no credentials: DRF answers 401 with the WWW-Authenticate below
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
