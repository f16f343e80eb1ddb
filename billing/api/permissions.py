"""API key scopes (docs/accounts.md#api-key-scopes): a DRF permission that answers 403 with a sentence naming the
scope a call needs when the request's key lacks it. The key's user's role is checked by the view, as on the web."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from billing.api.authentication import request_api_key
from billing.models import ApiKey
from billing.roles import ApiScope


class HasKeyScope(BasePermission):
    """The view's ``required_scopes`` maps an HTTP method to the ``ApiScope`` it needs (``read`` when unlisted).
    Runs after ``IsAuthenticated``, so the request has a key."""

    def has_permission(self, request: Request, view: Any) -> bool:
        needed = dict(getattr(view, "required_scopes", {})).get(request.method or "", ApiScope.READ)
        key = request_api_key(request)
        if not key.has_scope(needed):
            raise PermissionDenied(scope_refusal(key, needed))
        return True


def scope_refusal(key: ApiKey, needed: str) -> str:
    has = ", ".join(key.scope_list) or "none"
    return (
        f"This API key ({key.prefix}…) has the scopes {has}; this call needs the “{needed}” scope. Create a key with "
        f"the {needed} scope on the API keys page of your profile."
    )
