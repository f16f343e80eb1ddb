from django.urls import path

from evaluations.review import views

app_name = "review"

urlpatterns = [
    path("runs/<int:run_id>/review/", views.run_review, name="run-review"),
    path("runs/<int:run_id>/attempts/<int:attempt_id>/review/", views.attempt_review, name="attempt-review"),
    path("calibration/", views.calibration, name="calibration"),
    path("calibration/<int:account_id>/", views.calibration, name="calibration-account"),
    path("calibration/<int:account_id>/export.jsonl", views.calibration_export, name="calibration-export"),
    path("calibration/<int:account_id>/import/", views.calibration_import, name="calibration-import"),
    path(
        "calibration/examples/<int:example_id>/delete/",
        views.calibration_example_delete,
        name="calibration-example-delete",
    ),
    path("calibration/<int:account_id>/rejudge/", views.rejudge_launch, name="rejudge-launch"),
]
