"""Web UI routes."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from web.views import accounts, disputes

urlpatterns = [
    path("", accounts.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("disputes/", disputes.dispute, name="dispute"),
]
