"""Typing help for views: what the middleware and the auth decorators guarantee, which the stubs cannot know."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django.contrib.auth import models as auth_models
from django.http import HttpRequest

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django_htmx.middleware import HtmxDetails

AnyUser = auth_models.User | auth_models.AnonymousUser  # what request.user can be


class HtmxHttpRequest(HttpRequest):
    """A request that went through ``HtmxMiddleware`` (every request does): it has ``request.htmx``."""

    htmx: HtmxDetails


def authenticated_user(request: HttpRequest) -> User:
    """The signed-in user of a request behind ``@login_required`` (or the admin site).

    The stubs type ``request.user`` as ``User | AnonymousUser``; the decorator has already turned anonymous
    visitors away, so this only tells the type checker. It checks nothing at run time.
    """
    return cast("User", request.user)
