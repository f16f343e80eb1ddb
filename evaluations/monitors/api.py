"""``POST /api/v1/deploys``: tell Trustgate about a deploy; the matching monitors run at once (SPEC §10)."""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from billing.api.authentication import request_api_key
from billing.roles import Role
from billing.selectors import membership_get
from evaluations.agents.models import Agent
from evaluations.api.views import ERRORS, MAX_ID, TrustgateApi
from evaluations.monitors import services
from evaluations.monitors.models import Monitor


class DeployCreateApi(TrustgateApi):
    class InputSerializer(serializers.Serializer):
        agent = serializers.IntegerField(
            required=False, min_value=1, max_value=MAX_ID, help_text="Only the monitors of this agent."
        )
        monitor = serializers.IntegerField(
            required=False, min_value=1, max_value=MAX_ID, help_text="Only this monitor."
        )
        ref = serializers.CharField(
            required=False, allow_blank=True, max_length=200, help_text="What was deployed (a version or commit)."
        )

        class Meta:
            ref_name = "DeployInput"

    class OutputSerializer(serializers.Serializer):
        class TriggeredSerializer(serializers.Serializer):
            monitor_id = serializers.IntegerField()
            name = serializers.CharField()
            run_id = serializers.IntegerField()
            already_running = serializers.BooleanField(help_text="A run was in progress; no second one was queued.")
            monitor_url = serializers.CharField()
            run_url = serializers.CharField()

            class Meta:
                ref_name = "DeployTriggered"

        class SkippedSerializer(serializers.Serializer):
            monitor_id = serializers.IntegerField()
            name = serializers.CharField()
            reason = serializers.CharField()

            class Meta:
                ref_name = "DeploySkipped"

        triggered = TriggeredSerializer(many=True)
        skipped = SkippedSerializer(many=True)

        class Meta:
            ref_name = "DeployResult"

    @extend_schema(
        operation_id="deploys_create",
        summary="Report a deploy: run the matching monitors now",
        description=(
            "Runs every monitor of the key's workspace at once, or only those of `agent`, or only `monitor`. "
            "Paused monitors are skipped with the reason. Needs the Write role."
        ),
        request=InputSerializer,
        responses={202: OutputSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        account_id = int(request_api_key(request).account_id)
        membership_get(user=request.user, account_id=account_id, role=Role.WRITE)
        monitors = Monitor.objects.filter(account_id=account_id).select_related("agent").order_by("name", "pk")
        if "agent" in data:
            if not Agent.objects.filter(pk=data["agent"], account_id=account_id).exists():
                raise Http404("No such agent.")
            monitors = monitors.filter(agent_id=data["agent"])
        if "monitor" in data:
            monitors = monitors.filter(pk=data["monitor"])
            if not monitors.exists():
                raise Http404("No such monitor.")
        result = services.monitors_trigger_deploy(monitors=list(monitors), ref=data.get("ref", ""), user=request.user)
        body = {
            "triggered": [
                {
                    "monitor_id": monitor.pk,
                    "name": monitor.name,
                    "run_id": run.pk,
                    "already_running": not created,
                    "monitor_url": request.build_absolute_uri(reverse("monitors:monitor-detail", args=[monitor.pk])),
                    "run_url": request.build_absolute_uri(reverse("monitors:run-detail", args=[run.pk])),
                }
                for monitor, run, created in result.triggered
            ],
            "skipped": [{"monitor_id": m.pk, "name": m.name, "reason": reason} for m, reason in result.skipped],
        }
        return Response(self.OutputSerializer(body).data, status=status.HTTP_202_ACCEPTED)
