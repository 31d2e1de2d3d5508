"""Settings of the server benchmark (``bench.server``): the real settings, DEBUG off, two bench-only views.

The throttles stay in the stack (every request still counts against them) but with limits a
benchmark never reaches.
"""

import os

os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
os.environ.setdefault("DEBUG", "false")

from config.settings import *  # noqa: F403

DEBUG = False
ROOT_URLCONF = "bench.urls"
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
REST_FRAMEWORK = {
    **REST_FRAMEWORK,  # noqa: F405
    "DEFAULT_THROTTLE_RATES": {
        **REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],  # noqa: F405
        "anon": "10000000/min",
        "user": "10000000/min",
    },
}
LOGGING = {**LOGGING, "root": {**LOGGING["root"], "level": "WARNING"}}  # noqa: F405
