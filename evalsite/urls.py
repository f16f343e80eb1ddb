from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from evalsite import help as help_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("help/model-provider/", help_views.provider_setup, name="help-provider"),
    path("api/v1/", include("evaluations.api.urls")),
    path("monitors/", include("evaluations.monitors.urls")),
    path("", include("billing.urls")),
    path("", include("suites.urls")),
    path("", include("redteam.urls")),
    path("", include("evaluations.review.urls")),
    path("", include("evaluations.urls")),
]

handler403 = "evalsite.views.permission_denied"
handler404 = "evalsite.views.page_not_found"
handler500 = "evalsite.views.server_error"
