from django.urls import path

from redteam import views

app_name = "redteam"

urlpatterns = [
    path("red-team/attacks/", views.custom_attack_list, name="custom-attacks"),
    path("red-team/attacks/export.yaml", views.custom_attacks_export, name="custom-attacks-export"),
    path("red-team/attacks/<int:attack_id>/toggle/", views.custom_attack_toggle, name="custom-attack-toggle"),
    path("red-team/attacks/<int:attack_id>/delete/", views.custom_attack_delete, name="custom-attack-delete"),
]
