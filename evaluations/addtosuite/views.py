"""Add to suite on a report's conversation, a review card and a monitor sample: GET shows the proposal (an htmx
fragment in place, or a page without JavaScript), POST adds the edited case to the chosen suite (docs/suites.md)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from evalsite.http import HtmxHttpRequest
from evaluations.addtosuite import selectors, services
from evaluations.addtosuite.forms import AddToSuiteForm

PARTIAL, PAGE = "addtosuite/partials/proposal.html", "addtosuite/proposal.html"


@require_http_methods(["GET", "POST"])
@login_required
def add_from_attempt(request: HtmxHttpRequest, run_id: int, attempt_id: int) -> HttpResponse:
    """A report's conversation (``?from=review``: a review card's); ``?turn=N``: from the N-th turn, else the last
    user message."""
    run, attempt = selectors.attempt_source_get(user=request.user, run_id=run_id, attempt_id=attempt_id)
    shown_on = services.REVIEW if request.GET.get("from") == "review" else services.RUN
    turn = request.GET.get("turn", "")
    at = int(turn) - 1 if turn.isdigit() and 0 < int(turn) <= 10_000 else None
    box = f"add-to-suite-{attempt.pk}"
    try:
        proposal = services.proposal_from_attempt(run=run, attempt=attempt, shown_on=shown_on, turn=at)
    except services.AddRefused as exc:
        return _refused(request, box, str(exc))
    return _proposal(request, box, proposal)


@require_http_methods(["GET", "POST"])
@login_required
def add_from_sample(request: HtmxHttpRequest, sample_id: int) -> HttpResponse:
    sample = selectors.sample_source_get(user=request.user, sample_id=sample_id)
    box = f"add-to-suite-sample-{sample.pk}"
    try:
        proposal = services.proposal_from_sample(sample=sample)
    except services.AddRefused as exc:
        return _refused(request, box, str(exc))
    return _proposal(request, box, proposal)


def _refused(request: HtmxHttpRequest, box: str, sentence: str) -> HttpResponse:
    context = {"box_id": box, "refusal": sentence}
    return render(request, PARTIAL if request.htmx else PAGE, context, status=400)


def _proposal(request: HtmxHttpRequest, box: str, proposal: services.Proposal) -> HttpResponse:
    can_write, suites = selectors.suites_for_adding(user=request.user, account_id=proposal.account_id)
    initial = {"name": proposal.name, "message": proposal.message, "expected_outcome": proposal.expected_outcome}
    data = request.POST if request.method == "POST" else None
    form = AddToSuiteForm(data, suites=suites, initial=initial, auto_id=f"{box}-%s")
    if form.is_valid():
        try:
            suite, case = services.case_add(
                user=request.user, proposal=proposal, suite_id=form.cleaned_data["suite"], name=form.cleaned_data["name"],
                message=form.cleaned_data["message"], expected_outcome=form.cleaned_data["expected_outcome"],
            )  # fmt: skip
        except services.AddRefused as exc:
            form.add_error(None, str(exc))
        else:
            added = {"box_id": box, "suite": suite, "case": case}
            if request.htmx:
                return render(request, "addtosuite/partials/added.html", added)
            messages.success(request, f"Added “{case.name}” to “{suite.name}”: version {suite.version}.")
            return redirect(reverse("suites:suite-detail", args=[suite.pk]) + f"#case-{case.pk}")
    context = {"box_id": box, "proposal": proposal, "form": form, "can_write": can_write, "suites": suites,
               "action": request.get_full_path()}  # fmt: skip
    return render(request, PARTIAL if request.htmx else PAGE, context, status=400 if form.errors else 200)
