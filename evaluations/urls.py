from django.urls import path

from evaluations.views import agents, dashboard

app_name = "evaluations"

urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
    path("agents/", agents.agent_list, name="agent-list"),
    path("agents/new/", agents.agent_create, name="agent-create"),
    path("agents/test-request/", agents.agent_test_request, name="agent-test-request"),
    path("agents/<int:agent_id>/", agents.agent_detail, name="agent-detail"),
    path("agents/<int:agent_id>/edit/", agents.agent_edit, name="agent-edit"),
    path("agents/<int:agent_id>/delete/", agents.agent_delete, name="agent-delete"),
]
