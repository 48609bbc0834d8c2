"""Scorekeeper settings: one module, read from the environment (README lists every variable)."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from scorekeeper import redis_conf
from scorekeeper.env import env_bool, env_choice, env_int, env_list, env_rate, env_url
from scorekeeper.redis_conf import RedisConf

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is false (or set DEBUG=true).")
    SECRET_KEY = "insecure-development-key-only-for-debug"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# The address people reach the app at, for share links, QR codes and mailed links (scorekeeper/public.py);
# unset: the host each request came to.
PUBLIC_URL = env_url("PUBLIC_URL", {"http", "https"})

# Several nodes behind a proxy (README "Running on several machines"): how many app nodes share this
# configuration (a system check refuses per-process state with more than one), how many proxies append
# to X-Forwarded-For (0: the header is ignored, the peer address is the client), and the header by
# which the proxy says the client used HTTPS.
NODES = env_int("NODES", 1, minimum=1)
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0)
if ssl_header := os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip():
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + ssl_header.upper().replace("-", "_"), "https")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "axes",
    "games",
    "games.events",
    "games.stats",
    "api",
    "web",
    "scorekeeper.apps.ScorekeeperConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Pages and API answers compressed (static files are precompressed by WhiteNoise). BREACH: the
    # CSRF token in a page is masked anew for every response, and Django's gzip adds random bytes to
    # every compressed body (docs/ui.md, "Compression").
    "django.middleware.gzip.GZipMiddleware",
    "scorekeeper.guard.RequestGuardMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "scorekeeper.languages.ReaderLocaleMiddleware",  # Django's, Serbian Latin for hr, bs, cnr, sr-ME
    "django.middleware.common.CommonMiddleware",
    "scorekeeper.csrf.csrf_cookie_when_changed",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "web.table_guests.TableGuestMiddleware",  # a table's guest, not signed in (docs/events.md)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a locked-out sign-in's page into the 429 page
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# The rules engine in the phone (docs/offline-engine.md): a writable match screen starts it in a Web
# Worker. Off, the phone queues plays offline unchecked, as without WebAssembly.
PHONE_ENGINE = env_bool("PHONE_ENGINE", default=True)

DATABASE_URL = env_url("DATABASE_URL", {"sqlite", "postgres", "postgresql", "pgsql"})
DATABASES = {
    "default": dj_database_url.parse(
        DATABASE_URL or f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A laptop serving a table (make run): several phones write at once. Each transaction takes the write
    # lock when it begins (a deferred one that reads first cannot wait for it: "database is locked"),
    # writers wait their turn for up to 10 s (each write takes milliseconds), and readers never wait for
    # a writer (write-ahead log). tests/test_sqlite_table.py.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 10,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
if env_bool("DISABLE_SERVER_SIDE_CURSORS", default=False):
    # PgBouncer's transaction pooling: a cursor or a prepared statement outlives the transaction that
    # made it, and the next transaction may run on another server connection.
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = None
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend with its calls watched in the web processes (scorekeeper/database.py). A database
    # that does not answer fails the request in seconds instead of holding the worker (psycopg waits
    # at least 2 s; 0 would wait for ever).
    DATABASES["default"]["ENGINE"] = "scorekeeper.postgresql"
    connect_timeout = env_int("DATABASE_CONNECT_TIMEOUT", 3, minimum=2)
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = connect_timeout
# Web requests only (scorekeeper/wsgi.py): a statement running longer is cancelled by the server (0: no
# limit), and a database call with no answer for WEB_DATABASE_TIMEOUT_MS has its connection cut.
WEB_STATEMENT_TIMEOUT_MS = env_int("WEB_STATEMENT_TIMEOUT_MS", 3_000)
WEB_DATABASE_TIMEOUT_MS = env_int("WEB_DATABASE_TIMEOUT_MS", 4_000, minimum=100)
if WEB_STATEMENT_TIMEOUT_MS >= WEB_DATABASE_TIMEOUT_MS:
    raise ImproperlyConfigured(
        "WEB_STATEMENT_TIMEOUT_MS must be below WEB_DATABASE_TIMEOUT_MS, so that the server cancels a slow"
        f" statement before the client gives up on the server: got {WEB_STATEMENT_TIMEOUT_MS} and"
        f" {WEB_DATABASE_TIMEOUT_MS}"
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_url("REDIS_URL", {"redis", "rediss"})
REDIS = RedisConf.from_env(
    REDIS_URL, env_list("REDIS_SENTINELS", []), os.environ.get("REDIS_SENTINEL_MASTER", "scorekeeper")
)
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True  # a Redis cache that fails is skipped, and says so in the log
# The sessions' copies (scorekeeper/sessions.py) are kept in Redis, which every process shares; without
# it none is kept (a process's memory would keep a copy of a session that another process ended).
if REDIS is not None:
    CACHES = {"default": REDIS.cache()}
    SESSION_CACHE_ALIAS = "default"
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "sessions": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    SESSION_CACHE_ALIAS = "sessions"

CELERY_BROKER_URL = REDIS.celery_url() if REDIS else "memory://"
CELERY_RESULT_BACKEND = REDIS.celery_url() if REDIS else None
CELERY_TASK_ALWAYS_EAGER = REDIS is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 300, minimum=1)
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_TASK_TIME_LIMIT * 4 // 5

# Club events (docs/events.md, "Limits"): entries an event takes, and the largest field a web request
# pairs itself; a larger one is paired by a Celery task that the desk and the API follow
# (docs/events-pairing.md, "How big": the figures these defaults come from). A pairing job still
# running after the task's time limit and a minute of grace counts as lost, and frees the event.
EVENT_ENTRIES_MAX = env_int("EVENT_ENTRIES_MAX", 256, minimum=2)
EVENT_PAIRING_INLINE_MAX = env_int("EVENT_PAIRING_INLINE_MAX", 128)  # Swiss entrants
EVENT_TABLES_PAIRING_INLINE_MAX = env_int("EVENT_TABLES_PAIRING_INLINE_MAX", 24)  # pods, partners
EVENT_PAIRING_JOB_TIMEOUT = CELERY_TASK_TIME_LIMIT + 60  # seconds
# CPU the exact model of pods and partners may spend on a round the search did not prove best, in a
# request and in the task (docs/events-pairing.md, "Exact pods and partners"); past it, the search's.
EVENT_EXACT_PAIRING_INLINE_MS = env_int("EVENT_EXACT_PAIRING_INLINE_MS", 1000)
EVENT_EXACT_PAIRING_TASK_SECONDS = env_int("EVENT_EXACT_PAIRING_TASK_SECONDS", 20)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task is acknowledged when it is done, not when it is taken: a worker killed mid-task leaves it on
# the queue, and after the visibility timeout (above the hard time limit, so a slow task is never run
# twice at once) another worker runs it. Tasks are idempotent, so running one again is safe.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {
    **(REDIS.celery_transport_options() if REDIS else {}),
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", CELERY_TASK_TIME_LIMIT + 60, minimum=1),
    "unacked_restore_throttle": 1,  # look for timed-out messages every 10 s (kombu's default: 100 s)
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = REDIS.celery_transport_options() if REDIS else {}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = redis_conf.CONNECT_TIMEOUT
CELERY_REDIS_SOCKET_TIMEOUT = redis_conf.READ_TIMEOUT
CELERY_BEAT_SCHEDULER = "scorekeeper.beat:LockedScheduler"
CELERY_BEAT_SCHEDULE = {
    "followups-resend": {"task": "games.tasks.followups_resend", "schedule": 60.0},
    "idempotent-requests-prune": {"task": "games.tasks.idempotent_requests_prune", "schedule": 24 * 3600.0},
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sign-in limits (django-axes, scorekeeper/sign_in.py): wrong passwords are counted in the database
# per (account, address) and per address, within a sliding cool-off; the first check comes before any
# other backend. README "Production" says what a refused sign-in sees.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "scorekeeper.sign_in.SignInHandler"
AXES_FAILURE_LIMIT = env_int("SIGN_IN_FAILURE_LIMIT", 5, minimum=1)  # per account from one address
SIGN_IN_LIMITS = [  # what is counted, and how many failures it may reach
    (["username", "ip_address"], AXES_FAILURE_LIMIT),
    (["ip_address"], env_int("SIGN_IN_ADDRESS_FAILURE_LIMIT", 20, minimum=1)),  # at any accounts
]
AXES_LOCKOUT_PARAMETERS = [parameters for parameters, _ in SIGN_IN_LIMITS]
AXES_COOLOFF_TIME = timedelta(minutes=env_int("SIGN_IN_COOL_OFF_MINUTES", 60, minimum=1))
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the wait said is the wait: tries do not extend it
AXES_RESET_ON_SUCCESS = False  # SignInHandler clears the account's own count only, never the address's
AXES_DISABLE_ACCESS_LOG = True  # one row per sign-in forever; the counted failures expire with the cool-off
AXES_VERBOSE = False  # no banner at every start; failures are still logged (user names and addresses masked)
AXES_CLIENT_IP_CALLABLE = "scorekeeper.sign_in.client_address"
AXES_USERNAME_CALLABLE = "scorekeeper.sign_in.counted_username"
AXES_LOCKOUT_CALLABLE = "scorekeeper.sign_in.lockout_response"
LOGIN_URL = "login"
# Django's cached database sessions, in rows that know their account (the devices page ends them:
# docs/accounts.md).
SESSION_ENGINE = "scorekeeper.sessions"
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT_MINUTES", 60, minimum=5) * 60  # a reset link's life
EMAIL_VERIFY_DAYS = 3  # a link that verifies an e-mail address works this long

# Mail (password resets, address checks: docs/accounts.md), under Django's names. With EMAIL_HOST set, it
# is sent through that SMTP server (STARTTLS unless EMAIL_USE_TLS=false); without it, each mail is
# written to the console (the terminal of make run), where the laptop's owner finds its link.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=True)
    EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)  # a mail server that hangs fails the request
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "").strip() or "Scorekeeper <scorekeeper@localhost>"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
# Serbian in both scripts: ``sr`` is Cyrillic, ``sr-latn`` (locale ``sr_Latn``) is made from it by
# scripts/transliterate_sr.py (docs/languages.md).
LANGUAGES = [
    ("en", _("English")),
    ("ru", _("Russian")),
    ("sr", _("Serbian")),
    ("sr-latn", _("Serbian Latin")),
    ("es", _("Spanish")),
    ("it", _("Italian")),
    ("pt", _("Portuguese")),
]
# The app's messages, then its translation of DRF's own (scripts/drf_messages.py; docs/languages.md).
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "locale_drf"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# A browser keeps for good a static file whose name carries its content's hash: Django's manifest
# names (app.0123456789ab.js) and the phone engine's own (engine-0123456789ab.zip, and Pyodide's files in
# a folder named for theirs, pyodide-0123456789ab/, docs/offline-engine.md); any other file for
# WhiteNoise's short default. (A string is a regex on the file's URL.)
WHITENOISE_IMMUTABLE_FILE_TEST = (
    r"\.[0-9a-f]{12}\.\w+$|/engine/[\w-]+-[0-9a-f]{12}\.zip$|/engine/pyodide-[0-9a-f]{12}/[\w.-]+$"
)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    # The token first: a request without credentials, or with a bad token, is answered 401 with
    # ``WWW-Authenticate: Token`` (DRF asks the first class for the scheme); a phone's session
    # cookie still signs its requests in.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.events.table_tokens.TableTokenAuthentication",  # a table's guest (docs/events.md)
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.SafeJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_PAGINATION_CLASS": "api.pagination.BoundedPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_RATES": {
        "rules": env_rate("RULES_THROTTLE_RATE", "600/minute"),
        "sign_up": "10/hour",  # per client address
        "club_invitations": "30/hour",  # per account
        "club_joins": "20/hour",  # per account: attempts to join a club with an invitation's token
        "walk_ins": env_rate("WALK_IN_THROTTLE_RATE", "30/minute"),  # per account, API and desk
        "events_created": env_rate("EVENT_CREATE_THROTTLE_RATE", "20/day"),  # per account, API and desk
        "table_codes": env_rate("TABLE_CODE_THROTTLE_RATE", "10/hour"),  # wrong table codes, per address
        "password_reset": "5/hour",  # asking for a reset mail: per client address, and per address mailed
        "account": "30/hour",  # changes to one's own account (password, e-mail, devices): per account
        "account_export": "20/hour",  # per account: each download reads the whole history
        "account_delete": "10/hour",  # per account: password tries at deleting it
    },
    "NUM_PROXIES": TRUSTED_PROXIES,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Scorekeeper API",
    "DESCRIPTION": "Score keeping and rules checking for Tablo, Escoba, Tamlin and Maltese Twenty.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # A pairing job's status beside a match's: the match's keeps the name it always had.
    "ENUM_NAME_OVERRIDES": {
        "StatusEnum": "games.models.Match.Status",
        "PairingJobStatusEnum": "games.events.models.PairingJob.Status",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.error_responses",
    ],
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)
if not SECURE_HSTS_PRELOAD:  # joining the browsers' preload list is hard to undo: the operator opts in
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^livez$"]  # health probes speak plain HTTP inside the network

# No inline script or style anywhere; Swagger UI loads its script from a URL (SpectacularSwaggerSplitView).
# 'wasm-unsafe-eval' lets the engine's worker compile Pyodide's WebAssembly (static/js/engine_worker.js,
# which gets this header with its script); it allows no JavaScript eval.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"mask_tokens": {"()": "scorekeeper.logs.MaskTokens"}},
    "formatters": {
        "server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["mask_tokens"]},
        "server": {"class": "logging.StreamHandler", "formatter": "server", "filters": ["mask_tokens"]},
    },
    "root": {"handlers": ["console"], "level": env_choice("LOG_LEVEL", "INFO", LOG_LEVELS)},
    # Django's own loggers write through the masking handlers (request and access lines carry paths).
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.server": {"handlers": ["server"], "level": "INFO", "propagate": False},
    },
}
