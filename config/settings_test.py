"""Test settings: the real settings plus a throwaway key and eager Celery.

Tests that need a real broker (the Celery round trip) configure it themselves.
"""

import os

os.environ.setdefault("SECRET_KEY", "test-only-not-secret")

from config.settings import *  # noqa: F403

CELERY_TASK_ALWAYS_EAGER = True
CELERY_BROKER_URL = "memory://"
CELERY_RESULT_BACKEND = None
EAGER_TASKS_HEALTHY = True  # the tests run tasks in-process with DEBUG off
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
REST_FRAMEWORK = {
    **REST_FRAMEWORK,  # noqa: F405
    "DEFAULT_THROTTLE_RATES": {"anon": "100000/min", "user": "100000/min", "pin": "10/hour"},
}
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
WEBHOOK_ALLOW_PRIVATE = True
# WhiteNoise scans every app's static folder when its middleware starts, and every test client starts
# the middleware afresh: 30 ms a client, 40 % of the API tests' time. Autorefresh (WhiteNoise's own
# development mode) looks a file up when it is asked for instead; the answers are the same.
WHITENOISE_AUTOREFRESH = True
