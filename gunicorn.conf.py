"""gunicorn settings for the API (docs/deploy.md): ``gunicorn -c gunicorn.conf.py`` or ``make serve``.

The Django settings are the real ones: SECRET_KEY, DATABASE_URL… come from the environment (or
``DEBUG=true`` for a try on a laptop). Every value here can be overridden on the command line.
"""

import multiprocessing
import os

wsgi_app = "config.wsgi:application"
bind = os.environ.get("GUNICORN_BIND") or f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)

# A request that takes longer than this is killed (its transaction rolls back); the proxy in front
# should wait a little longer than this before it gives up on the worker.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30

# gunicorn answers requests it refuses with its own HTML page, not a problem+json. Django itself
# accepts request lines and header fields of any length and any number of headers, so gunicorn
# must not refuse first: no limit on the request line, its largest number of header fields, and
# header fields far larger than any proxy passes on. The proxy in front is what bounds them (and
# answers JSON when it refuses: docs/deploy.md).
limit_request_line = 0  # unlimited (any other value is capped at 8190)
limit_request_fields = 32768  # gunicorn's maximum
limit_request_field_size = 1024 * 1024  # 1 MiB (0 would fall back to gunicorn's 8190, not "unlimited")

# Logs to stdout/stderr, one line per request (the request id is in the application's own lines).
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()

# Heartbeat files in memory, not on a disk that may stall (containers mount /tmp on overlayfs).
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"
