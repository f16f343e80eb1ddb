from django.urls import path

from billing import views

app_name = "billing"

urlpatterns = [
    path("profile/api-keys/", views.api_key_list, name="api-keys"),
    path("profile/api-keys/<int:key_id>/revoke/", views.api_key_revoke, name="api-key-revoke"),
    path("credits/", views.credit_list, name="credits"),
    path("credits/<int:account_id>/", views.credit_list, name="credits-account"),
    path("audit/", views.audit_log, name="audit-log"),
    path("audit/<int:account_id>/", views.audit_log, name="audit-log-account"),
    path("audit/<int:account_id>/export.jsonl", views.audit_log_export, name="audit-log-export"),
]
