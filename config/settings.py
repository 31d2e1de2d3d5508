"""Settings, read from the environment with embedded defaults (docs/deploy.md).

- no DATABASE_URL       -> a SQLite file beside manage.py;
- no CELERY_BROKER_URL  -> Celery tasks run eagerly, in-process;
- DEBUG is off unless DEBUG=true; with DEBUG off, SECRET_KEY must be set.
"""

import contextlib
from pathlib import Path
from urllib.parse import urlsplit

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from core import fast

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
if (BASE_DIR / ".env").is_file():
    environ.Env.read_env(BASE_DIR / ".env")

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set the SECRET_KEY environment variable "
            "(or DEBUG=true for local development)."
        )
    SECRET_KEY = "django-insecure-local-development-only"

# The shortcuts around the internals of Django, DRF, django-filter, django-auditlog and redis-py
# (core/fast, docs/index.md "Fast paths"): "all" (the default), "none", a list of names, or
# "all,-name,…". Off, each takes the plain path; each is refused at start-up when a library it leans
# on is not of the release it was verified against (core.fast.check_versions names the one to turn off).
FAST_PATHS = fast.parse(env.str("FAST_PATHS", default="all"))

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
# The address phones reach the service at (docs/deploy.md "Running at a venue"): table cards' QR codes
# and the links the service prints use it instead of whatever host the page was opened from. Its host
# is allowed (ALLOWED_HOSTS) and trusted for forms (CSRF_TRUSTED_ORIGINS).
PUBLIC_URL = env.str("PUBLIC_URL", default="").rstrip("/")
if PUBLIC_URL:
    _public = urlsplit(PUBLIC_URL)
    if _public.scheme not in ("http", "https") or not _public.hostname:
        raise ImproperlyConfigured(
            f"PUBLIC_URL is an http(s) URL such as http://192.168.1.10:8000, not {PUBLIC_URL!r}."
        )
    ALLOWED_HOSTS = [*ALLOWED_HOSTS, _public.hostname]
    CSRF_TRUSTED_ORIGINS = [*CSRF_TRUSTED_ORIGINS, f"{_public.scheme}://{_public.netloc}"]
# How often the table app asks whether its match changed (If-None-Match; docs/deploy.md): never below 3.
TABLE_APP_POLL_SECONDS = max(3, env.int("TABLE_APP_POLL_SECONDS", default=5))

INSTALLED_APPS = [
    "core.admin_site.AdminConfig",  # django.contrib.admin, for superusers only
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "auditlog",
    "core",
    "referee",
    "tournaments",
    "scoring",
    "seasons",
    "adapters",
    "desk",
]

MIDDLEWARE = [
    "core.request_id.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.audit.AuditContextMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "core.middleware.ProblemMiddleware",
]

# /api/ goes through these alone (config/wsgi.py, the fast path api_middleware): static files
# (WhiteNoise) and the messages of the admin and the pages are never part of an API request, so it
# does not pay for them.
API_MIDDLEWARE = [
    name
    for name in MIDDLEWARE
    if name
    not in (
        "whitenoise.middleware.WhiteNoiseMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
    )
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
CSRF_FAILURE_VIEW = "core.error_views.csrf_failure"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# A kept connection is checked (SELECT 1) before a request only when it sat idle this long: one
# that served a request a moment ago is used as it is (core/fast/postgresql/base.py, docs/deploy.md).
DB_HEALTH_CHECK_IDLE_SECONDS = env.float("DB_HEALTH_CHECK_IDLE_SECONDS", default=10.0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["ENGINE"] = "core.fast.postgresql"
    # A database host that drops packets must not hang requests (and the health check): give up and
    # answer 503 database_unavailable after a few seconds.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = env.int(
        "DB_CONNECT_TIMEOUT", default=5
    )
    # Django's server-side binding (docs/index.md "Fast paths", docs/deploy.md "Planned once"): every
    # statement's values are sent apart from its text, and psycopg has PostgreSQL prepare a statement
    # once it ran prepare_threshold times on a connection, so the hot reads (a post's match, a token)
    # are planned once per connection. DB_PREPARED_STATEMENTS=false keeps the binding without
    # preparing, behind a pooler that does not keep a session's prepared statements (PgBouncer before
    # 1.21 in transaction pooling, or without max_prepared_statements); DB_SERVER_SIDE_BINDING=false
    # is Django's default, values written into the SQL text by psycopg (never prepared).
    if env.bool("DB_SERVER_SIDE_BINDING", default=True):
        DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
        # psycopg's own default (Django's is None: never prepare).
        prepares = env.bool("DB_PREPARED_STATEMENTS", default=True)
        DATABASES["default"]["OPTIONS"]["prepare_threshold"] = 5 if prepares else None
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://guandan")}
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    # Django's, with one Redis client per connection pool instead of a new one per operation
    # (core/fast/redis.py): building a client cost more than a small GET.
    CACHES["default"]["BACKEND"] = "core.fast.redis.RedisCache"
# The largest rendered answer kept under its ETag (core.conditional.cached_answer). Each process's
# own memory holds them without CACHE_URL, so 256 kB there; Redis, shared and evicting by its
# maxmemory policy, keeps the whole standings of a national event (about 300 bytes a pair) and a
# round's matches list (about 700 bytes a table) too: 8 MB.
REPRESENTATION_MAX_BYTES = env.int(
    "REPRESENTATION_MAX_BYTES",
    default=256 * 1024 if CACHES["default"]["BACKEND"].endswith("LocMemCache") else 8 * 1024 * 1024,
)
# Each process also keeps a copy of the rendered answers it served, up to this many bytes (the least
# recently used dropped first), served while the shared cache still holds them: a cached read of a
# national event's standings then checks a key in Redis instead of carrying megabytes from it
# (core/representations.py).
REPRESENTATION_PROCESS_BYTES = env.int("REPRESENTATION_PROCESS_BYTES", default=32 * 1024 * 1024)

# An anonymous reader's event row kept in the cache between two changes of the event
# (tournaments.gate): only a cache every process shares sees every process's changes.
EVENT_GATE_CACHE = env.bool(
    "EVENT_GATE_CACHE",
    default=not CACHES["default"]["BACKEND"].endswith(("LocMemCache", "DummyCache")),
)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
# The pages' login (scoring/pages/accounts.py): any account, staff or not; after it, back to the
# page that asked (``?next=``), else the login page, which says who is logged in.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "login"

# i18n: English by default, Simplified Chinese on `Accept-Language: zh-Hans`.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("zh-hans", _("Simplified Chinese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env.str("TIME_ZONE", default="Asia/Shanghai")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / "var" / "static")
# WhiteNoise warns at every start when the folder is missing; collectstatic fills it in production.
with contextlib.suppress(OSError):
    Path(STATIC_ROOT).mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Serve the apps' static folders as they are (the Swagger/Redoc assets without collectstatic). Where
# collectstatic has run (`make venue`, a deployment), set it false: the files are then served from
# STATIC_ROOT with their gzip copies (CompressedStaticFilesStorage), which the apps' own folders lack
# and, served from them, shadow (docs/deploy.md "The table app's costs").
WHITENOISE_USE_FINDERS = env.bool("WHITENOISE_USE_FINDERS", default=True)

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if env.bool("BEHIND_TLS_PROXY", False) else None

# A file upload (the pair import: at most 20,000 rows, about 2 MiB) larger than this is a 413 unread.
UPLOAD_MAX_SIZE = env.int("UPLOAD_MAX_SIZE", default=5 * 1024 * 1024)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.auth.TokenAuthentication",
        "tournaments.auth.TableTokenAuthentication",
        "core.fast.session.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["core.permissions.DeclaredPermission"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON in (docs/api.md): 413 over DATA_UPLOAD_MAX_MEMORY_SIZE, 400 when nested too deep. The one
    # upload (pairs/import) declares its own multipart parsers; anything else is a 415.
    "DEFAULT_PARSER_CLASSES": ["core.parsers.JSONParser"],
    "DEFAULT_PAGINATION_CLASS": "core.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "core.schema.AutoSchema",
    "EXCEPTION_HANDLER": "core.problems.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "core.throttling.AnonRateThrottle",
        "core.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.str("THROTTLE_ANON", default="1200/min"),
        "user": env.str("THROTTLE_USER", default="6000/min"),
        # Confirmations with a pair's PIN, per match (core.throttling.PinRateThrottle): 10 an hour
        # leave a table its few honest tries and make guessing one of 10^6 PINs hopeless.
        "pin": env.str("THROTTLE_PIN", default="10/hour"),
    },
    # How many proxies of ours append to X-Forwarded-For; 0 trusts the header not at all, so a client
    # cannot pick the address it is counted under (docs/deploy.md).
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Guandan referee and scoring API",
    "DESCRIPTION": (
        "Scoring and referee service for Guandan (掼蛋) tournaments: referee questions, events, "
        "draws, scorekeeping and standings. Errors are application/problem+json (RFC 9457)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The paths are absolute (/api/v1/…): the server is the one that serves the document.
    "SERVERS": [{"url": "/", "description": "The server that serves this document."}],
    "LICENSE": {"name": "Proprietary"},
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.schema_hooks.enum_varnames",
        "core.schema_hooks.discriminator_values",
        "core.schema_hooks.nullable_types",
        "core.schema_hooks.discriminated_members",
        "scoring.schema.any_game_bodies",
    ],
    "ENUM_NAME_OVERRIDES": {
        "SeatEnum": ["N", "E", "S", "W"],
        "SideEnum": ["NS", "EW"],
        "ComboTypeEnum": "adapters.guandan.wire.COMBO_TYPES",
        "EventStatusEnum": "tournaments.models.EventStatus.choices",
        "RoundStatusEnum": "tournaments.models.RoundStatus.choices",
        "StateEnum": "core.models.JobState.choices",  # the jobs' (named before the clock's came)
        "ClockStateEnum": "tournaments.clock.CLOCK_STATES",
        "InvitationStateEnum": "tournaments.serializers.invitations.STATES",
        "AttendanceEnum": "tournaments.models.Attendance.choices",
        "AbsentPairsEnum": "tournaments.models.AbsentPairs.choices",
        "MatchStatusEnum": "tournaments.models.MatchStatus.choices",
        "PairStatusEnum": "tournaments.models.PairStatus.choices",
        "RoleEnum": "tournaments.models.Role.choices",
        "TributeKindEnum": ["none", "single", "double", "anti_tribute"],
        "FormFieldKindEnum": "engine.forms.KINDS",
        "IncidentStatusEnum": "referee.models.IncidentStatus.choices",
        "RulingStatusEnum": "referee.models.RulingStatus.choices",
        "PenaltyStatusEnum": "referee.models.PenaltyStatus.choices",
        "AppealStatusEnum": "referee.models.AppealStatus.choices",
        "UnsettledOperationEnum": ["draw", "publish"],
        # Whom an incident or an appeal names: the seats of every game's table (issue 35: Daguai's six).
        "IncidentSeatEnum": "referee.incidents.serializers.SEATS",
        # The referee answers of the games beside Guandan (adapters.wire): their sets
        # share field names (seat, type, game, winner) with other sets.
        "DaguaiSeatEnum": "adapters.wire.DAGUAI",
        "DoudizhuComboTypeEnum": "adapters.wire.DOUDIZHU_TYPES",
        "DaguaiComboTypeEnum": "adapters.wire.DAGUAI_TYPES",
        "ShuangkouPlayKindEnum": "adapters.wire.SHUANGKOU_KINDS",
        # Levels as the server writes them (G2; Shuangkou's S2 with its no-trump deal).
        "LevelEnum": "scoring.serializers.plays.LEVELS",
        "ShuangkouLevelEnum": "adapters.wire.SHUANGKOU_LEVELS",
        "DoudizhuWinnerEnum": ["landlord", "farmers"],
        "GuandanGameEnum": ["guandan"],
        "Doudizhu4GameEnum": ["doudizhu4"],
        "DaguaiGameEnum": ["daguai"],
        "ShuangkouGameEnum": ["shuangkou"],
        "GuandanDuplicateGameEnum": ["guandan_duplicate"],
        # Results' outcomes share their field name with /sync's answers' (strings, told apart by outcome).
        "HistoryResultOutcomeEnum": ["win", "loss", "draw", "bye"],
        # A series' status (seasons) shares its field name with an event's.
        "SeriesStatusEnum": "seasons.models.SeriesStatus.choices",
    },
}

# Audit log (django-auditlog): every write of the tournament and scoring models, with who and how.
AUDITLOG_LOGENTRY_MODEL = "core.AuditEntry"
# Our entry model replaces auditlog's own, whose migrations would still create its (unused) table.
MIGRATION_MODULES = {"auditlog": None}
AUDITLOG_STORE_JSON_CHANGES = True
AUDITLOG_DISABLE_REMOTE_ADDR = False

# Celery: a real broker when CELERY_BROKER_URL is set, else eager in-process execution.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=CELERY_BROKER_URL or None)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
if not CELERY_BROKER_URL:
    CELERY_BROKER_URL = "memory://"
# Tasks run in-process without a broker: fine on a laptop (`make run`, DEBUG on), but in production
# nothing would run the periodic tasks (webhook retries, purges), so the health check answers 503
# (core/health.py) and a worker or beat refuses to start without a broker (config/celery.py).
EAGER_TASKS_HEALTHY = DEBUG
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BEAT_SCHEDULE = {
    "purge-idempotency-records": {"task": "core.purge_idempotency_records", "schedule": 24 * 60 * 60},
    "deliver-due-webhooks": {"task": "scoring.deliver_due_webhooks", "schedule": 30},
    "requeue-stale-jobs": {"task": "core.requeue_stale_jobs", "schedule": 5 * 60},
    "purge-jobs": {"task": "core.purge_jobs", "schedule": 24 * 60 * 60},
}
# How long a queued standings refresh waits in the worker before it starts (scoring.tasks): the
# confirmations of that wait ride on it. 0.5 s keeps the standings right within a second of the last
# result at 5,000 pairs (a computation there takes about 0.3 s) while a stream of confirmations
# recomputes them about twice a second instead of back to back (docs/deploy.md).
STANDINGS_REFRESH_DELAY = env.float("STANDINGS_REFRESH_DELAY", default=0.5)
# How much a Celery worker lowers its CPU priority (os.nice) when it starts (config/celery.py): the
# web processes on the same machine come first; 0 leaves it as started.
WORKER_NICENESS = env.int("WORKER_NICENESS", default=10)
# Above these sizes an import or a draw is a job run by a Celery worker, answered 202 (docs/api.md
# "Jobs"); below them it is answered at once. Measured in docs/deploy.md: the largest answered at
# once takes about 2 s on the 2-core development machine, far inside gunicorn's 30 s on a slower one.
JOB_IMPORT_ROWS = env.int("JOB_IMPORT_ROWS", default=2000)
JOB_DRAW_PAIRS = env.int("JOB_DRAW_PAIRS", default=1000)
# Webhook URLs must resolve to public addresses, unless this is set (local development, tests).
WEBHOOK_ALLOW_PRIVATE = env.bool("WEBHOOK_ALLOW_PRIVATE", default=DEBUG)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "core.request_id.RequestIdFilter"}},
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["request_id"]},
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
        # The embedded mode's in-memory broker makes kombu warn of a missing host at every task.
        "kombu.connection": {"level": "ERROR"},
    },
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=True)
    CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=True)
