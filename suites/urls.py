from django.urls import path

from suites import views
from suites.imports import views as import_views

app_name = "suites"

urlpatterns = [
    path("suites/<int:suite_id>/ci/", views.suite_use_in_ci, name="use-in-ci"),
    path("suites/<int:suite_id>/ci/trustgate-gate.sh", views.suite_ci_script, name="ci-script"),
    path("suites/<int:suite_id>/ci/trustgate.yml", views.suite_ci_workflow, name="ci-workflow"),
]

urlpatterns += [
    path("suites/", views.suite_list, name="suite-list"),
    path("suites/new/", views.suite_create, name="suite-create"),
    path("suites/import/", views.suite_import, name="suite-import"),
    path("suites/import/cases/preview/", import_views.cases_import_preview, name="cases-import-preview"),
    path("suites/import/cases/", import_views.cases_import, name="cases-import"),
    path("suites/variable-row/", views.variable_row, name="variable-row"),
    path("suites/from-run/<int:run_id>/", views.suite_save_from_run, name="save-from-run"),
    path("suites/<int:suite_id>/", views.suite_detail, name="suite-detail"),
    path("suites/<int:suite_id>/edit/", views.suite_edit, name="suite-edit"),
    path("suites/<int:suite_id>/delete/", views.suite_delete, name="suite-delete"),
    path("suites/<int:suite_id>/export.yaml", views.suite_export, name="suite-export"),
    path("suites/<int:suite_id>/promptfoo.yaml", views.suite_export_promptfoo, name="suite-export-promptfoo"),
    path("suites/<int:suite_id>/cases/", views.case_create, name="case-create"),
    path("suites/<int:suite_id>/cases/<int:case_id>/", views.case_row, name="case-row"),
    path("suites/<int:suite_id>/cases/<int:case_id>/edit/", views.case_edit, name="case-edit"),
    path("suites/<int:suite_id>/cases/<int:case_id>/move/", views.case_move, name="case-move"),
    path("suites/<int:suite_id>/cases/<int:case_id>/delete/", views.case_delete, name="case-delete"),
    path("suites/<int:suite_id>/check/", views.suite_check, name="suite-check"),
    path("suites/<int:suite_id>/changes/<int:proposal_id>/", views.suite_changes, name="suite-changes"),
    path("suites/<int:suite_id>/changes/<int:proposal_id>/accept/", views.changes_accept, name="changes-accept"),
    path("suites/<int:suite_id>/changes/<int:proposal_id>/discard/", views.changes_discard, name="changes-discard"),
]
