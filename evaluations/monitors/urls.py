from django.urls import path

from evaluations.monitors import views

app_name = "monitors"

urlpatterns = [
    path("", views.monitor_list, name="monitor-list"),
    path("new/", views.monitor_create, name="monitor-create"),
    path("import/", views.monitor_import, name="monitor-import"),
    path("export.yml", views.monitor_export, name="monitor-export"),
    path("<int:monitor_id>/", views.monitor_detail, name="monitor-detail"),
    path("<int:monitor_id>/edit/", views.monitor_edit, name="monitor-edit"),
    path("<int:monitor_id>/status/", views.monitor_status, name="monitor-status"),
    path("<int:monitor_id>/run/", views.monitor_run_now, name="monitor-run"),
    path("<int:monitor_id>/alerts/<slug:kind>/test/", views.monitor_alert_test, name="monitor-alert-test"),
    path("<int:monitor_id>/pause/", views.monitor_pause, name="monitor-pause"),
    path("<int:monitor_id>/resume/", views.monitor_resume, name="monitor-resume"),
    path("<int:monitor_id>/delete/", views.monitor_delete, name="monitor-delete"),
    path("runs/<int:run_id>/", views.run_detail, name="run-detail"),
    path("status-page/", views.status_page_settings, name="status-page-settings"),
    path("status/<slug:slug>/", views.status_page_public, name="status-page"),
]
