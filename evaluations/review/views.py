"""Review: a person agrees with or overrules a run's verdicts; calibration: how often the judge agrees with them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from billing.roles import Role
from billing.selectors import account_default_for_user, membership_get
from evalsite.http import HtmxHttpRequest, authenticated_user
from evalsite.listing import list_page
from evaluations.review import selectors as review_selectors
from evaluations.review import services as review_services
from evaluations.review.filters import CalibrationExampleFilter
from evaluations.review.forms import RejudgeForm
from evaluations.review.transfer import MAX_BYTES, MAX_ERRORS_SHOWN, export_lines
from evaluations.runs import selectors as run_selectors


@require_GET
@login_required
def run_review(request: HttpRequest, run_id: int) -> HttpResponse:
    """The run's scored conversations to review, one card each; Read may look, Publish may review."""
    run = run_selectors.run_get_for_member(user=request.user, run_id=run_id, role=Role.READ)
    show = request.GET.get("show", "unreviewed")
    if show not in review_selectors.SHOW_CHOICES:
        show = "unreviewed"
    context = review_selectors.review_queue(run=run, show=show)
    can_review = membership_get(user=request.user, account_id=run.account_id).allows(Role.PUBLISH)
    changed = request.GET.get("changed", "")  # the conversation the reviewer just changed (no-JavaScript path)
    context["changed_id"] = int(changed) if changed.isdigit() else None
    return render(request, "review/run_review.html", {"run": run, "show": show, "can_review": can_review, **context})


@require_POST
@login_required
def attempt_review(request: HtmxHttpRequest, run_id: int, attempt_id: int) -> HttpResponse:
    run = run_selectors.run_get_for_member(user=request.user, run_id=run_id, role=Role.PUBLISH)
    attempt = run_selectors.attempt_get_for_run(run=run, attempt_id=attempt_id)
    review_request = review_services.ReviewRequest(
        action=request.POST.get("action", ""),
        reason=request.POST.get("reason", ""),
        rule_dispute_confirmed=request.POST.get("rule_dispute") == "on",
    )
    error = ""
    try:
        review_services.attempt_review(user=request.user, run=run, attempt=attempt, request=review_request)
    except review_services.ReviewError as exc:
        error = str(exc)
    card = review_selectors.review_queue(run=run, show="all", only=attempt.pk)["cards"][0]
    if not request.htmx:  # every outcome, a refusal too, is a message on the page the reviewer lands on
        messages.add_message(request, messages.ERROR if error else messages.SUCCESS, error or card.outcome)
        changed = "" if error else f"&changed={attempt.pk}"
        return redirect(reverse("review:run-review", args=[run.pk]) + f"?show=all{changed}#attempt-{attempt.pk}")
    context = {
        "run": run,
        "card": card,
        "error": error,
        "can_review": True,
        "changed_id": None if error else attempt.pk,
    }
    return render(request, "review/partials/card.html", context, status=400 if error else 200)


EXAMPLES_PER_PAGE = 50


@require_GET
@login_required
def calibration(request: HttpRequest, account_id: int | None = None) -> HttpResponse:
    """Agreement of each judge configuration with this workspace's reviewers."""
    if account_id is None:
        account = account_default_for_user(user=authenticated_user(request))
        if account is None:
            raise Http404("You are not a member of any workspace.")
        account_id = account.pk
    membership = membership_get(user=request.user, account_id=account_id, role=Role.READ)
    form = RejudgeForm(request.GET if "judge_model" in request.GET else None)  # a page of the list is no estimate
    listed = review_selectors.calibration_examples_listed(account_id=account_id)
    context: dict[str, object] = {
        "account": membership.account,
        "rows": review_selectors.calibration_for_account(account_id=account_id),
        "examples": review_selectors.calibration_example_count(account_id=account_id),
        "jobs": review_selectors.rejudge_jobs_for_account(account_id=account_id),
        "form": form,
        "can_rejudge": membership.allows(Role.WRITE),
        "can_delete": membership.allows(Role.PUBLISH),
        **list_page(request, CalibrationExampleFilter, listed, per_page=EXAMPLES_PER_PAGE),
    }
    if form.is_valid():  # the estimate comes first; launching is a separate POST
        try:
            context["estimate"] = review_services.rejudge_estimate(account_id=account_id, **form.cleaned_data)
        except review_services.ReviewError as exc:
            form.add_error(None, str(exc))
    return render(request, "review/calibration.html", context)


@require_GET
@login_required
def calibration_export(request: HttpRequest, account_id: int) -> HttpResponse:
    membership_get(user=request.user, account_id=account_id, role=Role.READ)
    examples = review_selectors.calibration_examples(account_id=account_id)
    response = HttpResponse(export_lines(examples), content_type="application/x-ndjson; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="trustgate-calibration-{account_id}.jsonl"'
    return response


@require_POST
@login_required
def calibration_import(request: HttpRequest, account_id: int) -> HttpResponse:
    """Publish role: labels decide how far a judge is trusted. All lines or none."""
    membership_get(user=request.user, account_id=account_id, role=Role.PUBLISH)
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, "Choose a JSON-lines file to import.")
    else:
        try:
            added = review_services.calibration_import(account_id=account_id, raw=upload.read(MAX_BYTES + 1))
        except review_services.ImportProblems as exc:
            messages.error(request, "Nothing was imported. " + "; ".join(exc.problems[:MAX_ERRORS_SHOWN]))
        else:
            messages.success(request, f"{added:,} labelled example{'s' if added != 1 else ''} imported.")
    return redirect("review:calibration-account", account_id=account_id)


@require_POST
@login_required
def calibration_example_delete(request: HttpRequest, example_id: int) -> HttpResponse:
    """Publish role, like importing: labels decide how far a judge is trusted."""
    example = review_selectors.calibration_example_get_for_member(
        user=request.user, example_id=example_id, role=Role.PUBLISH
    )
    review_services.calibration_example_delete(user=request.user, example=example)
    messages.success(request, f"Calibration example #{example.pk} “{example.name}” deleted, with its judge verdicts.")
    return redirect("review:calibration-account", account_id=example.account_id)


@require_POST
@login_required
def rejudge_launch(request: HttpRequest, account_id: int) -> HttpResponse:
    """Write role (it spends credits, like launching a run)."""
    membership_get(user=request.user, account_id=account_id, role=Role.WRITE)
    form = RejudgeForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a judge model and a strictness.")
        return redirect("review:calibration-account", account_id=account_id)
    try:
        job = review_services.rejudge_launch(account_id=account_id, user=request.user, **form.cleaned_data)
    except (review_services.ReviewError, review_services.InsufficientCredits) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Re-judging {job.total:,} examples with {job.config} in the background.")
    return redirect("review:calibration-account", account_id=account_id)
