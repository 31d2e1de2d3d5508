"""The Celery app. Without CELERY_BROKER_URL, tasks run eagerly in-process (settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("guandan")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
