"""Agent screens: list, detail, create, edit, delete and the free Test request."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from billing.roles import Role
from billing.selectors import account_default_for_user, account_for_new_object, membership_get
from evalsite.http import authenticated_user
from evalsite.listing import list_page
from evaluations.agents import selectors as agent_selectors
from evaluations.agents import services as agent_services
from evaluations.agents.filters import AgentFilter
from evaluations.agents.forms import AgentForm, TestRequestForm
from evaluations.agents.models import Agent
from evaluations.connectors.base import AgentError
from evaluations.connectors.capability import carries_tool_calls
from evaluations.connectors.proposals import propose_from_preview
from evaluations.core.storable import parse_id
from evaluations.outbound.masking import redact
from evaluations.reports.selectors import agent_runs_for_user


@require_GET
@login_required
def agent_list(request: HttpRequest) -> HttpResponse:
    agents = agent_selectors.agent_list_for_user(user=request.user, include_archived=True)
    return render(request, "evaluations/agent_list.html", list_page(request, AgentFilter, agents))


@require_GET
@login_required
def agent_detail(request: HttpRequest, agent_id: int) -> HttpResponse:
    agent = agent_selectors.agent_get_for_user(user=request.user, agent_id=agent_id)
    membership = membership_get(user=request.user, account_id=agent.account_id)
    context = {
        "agent": agent,
        **agent_runs_for_user(user=request.user, agent_id=agent.pk),
        "can_write": membership.allows(Role.WRITE),
        "can_admin": membership.allows(Role.ADMIN),
    }
    return render(request, "evaluations/agent_detail.html", context)


@sensitive_post_parameters("api_key")
@require_http_methods(["GET", "POST"])
@login_required
def agent_create(request: HttpRequest) -> HttpResponse:
    account = account_for_new_object(user=request.user)
    form = AgentForm(request.POST or None, account_id=account.pk)
    if request.method == "POST" and form.is_valid():
        agent = agent_services.agent_create(
            account=account, data=form.service_data(), api_key=form.cleaned_data["api_key"]
        )
        messages.success(request, f"Agent “{agent.name}” saved. Its API key was not stored.")
        if request.POST.get("next") == "run-new":  # connected from the New evaluation form: go back to it
            return redirect(f"{reverse('evaluations:run-new')}?agent={agent.pk}")
        return redirect("evaluations:agent-detail", agent.pk)
    context = {
        "form": form,
        "test_form": TestRequestForm(),
        "next": request.GET.get("next", request.POST.get("next", "")),
    }
    return render(request, "evaluations/agent_form.html", context)


@sensitive_post_parameters("api_key")
@require_http_methods(["GET", "POST"])
@login_required
def agent_edit(request: HttpRequest, agent_id: int) -> HttpResponse:
    agent = agent_selectors.agent_get_for_member(user=request.user, agent_id=agent_id, role=Role.WRITE)
    form = AgentForm(request.POST or None, instance=agent, account_id=agent.account_id)
    if request.method == "POST" and form.is_valid():
        agent_services.agent_update(agent=agent, data=form.service_data(), api_key=form.cleaned_data["api_key"])
        messages.success(request, f"Agent “{agent.name}” saved.")
        return redirect("evaluations:agent-detail", agent.pk)
    context = {"form": form, "agent": agent, "test_form": TestRequestForm()}
    return render(request, "evaluations/agent_form.html", context)


@require_POST
@login_required
def agent_delete(request: HttpRequest, agent_id: int) -> HttpResponse:
    agent = agent_selectors.agent_get_for_member(user=request.user, agent_id=agent_id, role=Role.ADMIN)
    agent_services.agent_delete(agent=agent, user=request.user)
    messages.success(request, f"Agent “{agent.name}” deleted. Its past runs and reports are kept.")
    return redirect("evaluations:agent-list")


@require_POST
@login_required
def agent_archive(request: HttpRequest, agent_id: int) -> HttpResponse:
    """Archive (or, with ``restore``, bring back) an agent: hidden from lists and the launch form, runs kept."""
    agent = agent_selectors.agent_get_for_member(user=request.user, agent_id=agent_id, role=Role.WRITE)
    if request.POST.get("restore"):
        agent_services.agent_restore(agent=agent)
        messages.success(request, f"Agent “{agent.name}” restored.")
    else:
        agent_services.agent_archive(agent=agent)
        messages.success(request, f"Agent “{agent.name}” archived. Its runs are kept; restore it to evaluate it again.")
    return redirect("evaluations:agent-detail", agent.pk)


@sensitive_post_parameters("api_key")
@require_POST
@login_required
def agent_test_request(request: HttpRequest) -> HttpResponse:
    """Send one message with the settings currently in the form (saved or not). Free; saves nothing."""
    user = authenticated_user(request)
    target = _test_request_target(user, request.POST.get("agent_id", ""))
    if target is None:
        return _test_result(request, error="You are not a member of any workspace yet.")
    try:  # before the form is validated, so a flood of requests costs one cache lookup each
        agent_services.test_request_rate_check(user_id=user.pk)
    except agent_services.RateLimited as exc:
        return _test_result(request, error=str(exc))
    form = AgentForm(request.POST, instance=target, account_id=target.account_id, strict_placeholders=True)
    test_form = TestRequestForm(request.POST)
    if not form.is_valid() or not test_form.is_valid():
        return _test_result(request, error="Fix the highlighted fields first.", form=form, test_form=test_form)
    api_key, agent = form.cleaned_data["api_key"], form.unsaved_agent()
    try:
        reply = agent_services.agent_test_request(
            agent=agent, message=test_form.cleaned_data["test_message"], api_key=api_key, user_id=user.pk
        )
    except agent_services.TestRequestBusy as exc:
        return _test_result(request, error=str(exc))
    except AgentError as exc:
        raw = redact(exc.raw_preview, api_key)
        return _test_result(request, error=redact(exc.message, api_key), raw=raw, proposals=_proposals(agent, raw))
    reads_tool_calls = carries_tool_calls(agent.to_config())
    card, card_problem = agent_services.agent_card_get(agent=agent, api_key=api_key)
    # A blank name is filled with the card's (docs/agents.md, A2A): an out-of-band swap of the name field
    filled_name = str(card["name"])[:120] if card and card.get("name") and not form.cleaned_data["name"] else ""
    return _test_result(
        request, reply=reply, raw=redact(reply.raw_preview, api_key), reads_tool_calls=reads_tool_calls, card=card,
        card_problem=card_problem, proposals=_proposals(agent, redact(reply.raw_preview, api_key)),
        filled_name=filled_name,
    )  # fmt: skip


def _proposals(agent: Agent, raw: str) -> list[tuple[str, str, list[str]]]:
    """(field id, label, paths) for each path field of a path-configured agent that the raw reply suggests."""
    if not agent.uses_request_format:
        return []
    labels = {
        "reply_path": "Reply path",
        "tool_calls_path": "Tool-call path",
        "conversation_id_path": "Conversation-id path",
    }
    found = propose_from_preview(raw)
    return [(f"id_{name}", label, found[name]) for name, label in labels.items() if found.get(name)]


def _test_request_target(user: User, agent_id: str) -> Agent | None:
    """The agent whose form is tested: the saved one, or a new one in the user's workspace; the Write role
    either way. None when the user is in no workspace."""
    if agent_id.isdigit():  # bounded: an id beyond any row is not found
        return agent_selectors.agent_get_for_member(user=user, agent_id=parse_id(agent_id) or 0, role=Role.WRITE)
    account = account_default_for_user(user=user)
    if account is None:
        return None
    membership_get(user=user, account_id=account.pk, role=Role.WRITE)
    return Agent(account=account)


def _test_result(request: HttpRequest, **context: object) -> HttpResponse:
    return render(request, "evaluations/partials/test_request_result.html", context)
