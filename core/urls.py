from django.urls import path

from core.health import HealthView
from core.jobs_api import JobView

urlpatterns = [
    path("health/", HealthView.as_view(), name="health"),
    path("jobs/<uuid:pk>/", JobView.as_view(), name="job-detail"),
]
