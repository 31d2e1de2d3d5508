"""CPU time of a write through the WSGI handler: ``python -m bench.profile_posts``.

``bench.server`` measures posts a second under gunicorn, which a machine shared with other work
moves a lot; this measures what a post costs the web process itself, which load moves less. On
``bench.server``'s throwaway database and event (``bench.server_data``), one process calls the
benchmark's WSGI application (``bench.wsgi``: the API as deployed, the bare insert beside it)
directly, post after post, and prints the CPU time (``time.process_time``: this process only, not
the database's) per post of ``PROFILE_ROUNDS`` rounds (default 6) of ``PROFILE_POSTS`` posts
(default 100) of each kind, in turn: the bare DRF insert, a deal post and a result post
(``bench.server.Writes``: the server bench's requests: a scorekeeper's level sheet with an account),
then national's pair (``bench.profile_tables``): a table's result from its deals with its table
token (``table_result``) and its confirmation by a scorekeeper's account (``result_confirm``). The
deal posts are timed once every table has posted its first deal (which puts the match in play): a
match's later deals. On a busy machine the smallest round is the figure to compare (other
processes only ever add to it); the median is printed beside it.

Tasks are queued as a web process with a broker queues them (Celery's in-memory transport; no
worker runs them): a confirmation's standings refresh is a worker's work, not the post's.

``PROFILE_SQL=1`` first prints the SQL statements of one post of each kind; ``PROFILE_SQL=explain``
with PostgreSQL's planning and execution time of each (``EXPLAIN ANALYZE``).
``PROFILE_TOP=N`` then runs one more round of each under cProfile (CPU time) and prints its N
costliest functions, by own time and by cumulative time (``PROFILE_DUMP=folder``: each kind's
profile also saved there, ``<kind>.prof``, for ``pstats``).
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from bench.load import Request
from bench.profile_tables import TableResults, national_tables
from bench.server import Writes, _environment, load_data, throwaway_database

POSTS = int(os.environ.get("PROFILE_POSTS", "100"))
ROUNDS = int(os.environ.get("PROFILE_ROUNDS", "6"))
TOP = int(os.environ.get("PROFILE_TOP", "0"))
DUMP = os.environ.get("PROFILE_DUMP", "")  # a folder: each kind's profile saved there (pstats)
# "1": print the statements of one post of each kind; "explain": with what PostgreSQL spent on each
SHOW_SQL = os.environ.get("PROFILE_SQL", "")
WARM_UP = 20


def _environ(request: Request) -> dict:
    body = request.body or b""
    environ = {
        "REQUEST_METHOD": request.method,
        "PATH_INFO": request.path.split("?")[0],
        "QUERY_STRING": request.path.partition("?")[2],
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for name, value in request.headers.items():
        key = name.upper().replace("-", "_")
        environ[key if key == "CONTENT_TYPE" else f"HTTP_{key}"] = value
    return environ


def call(application, request: Request) -> tuple[int, dict[str, str]]:
    """One request through the WSGI application, its answer read and closed as a server does
    (closing sends ``request_finished``): its status code and headers."""
    status: list[str] = []
    headers: dict[str, str] = {}

    def start(line, pairs, *_):
        status.append(line)
        headers.update(pairs)

    answer = application(_environ(request), start)
    try:
        b"".join(answer)
    finally:
        answer.close()
    return int(status[0].split()[0]), headers


def _cpu_ms(application, requests: list[Request], name: str, database: list[float] | None = None) -> float:
    """The CPU milliseconds per request of ``requests``, each expected to answer 201 (a
    confirmation 200); ``database``: the database server's process serving this one is given its
    CPU milliseconds per request too."""
    expect = 200 if name == "result_confirm" else 201
    start = time.process_time()
    served_from = _backend_ms() if database is not None else 0.0
    for request in requests:
        code, _ = call(application, request)
        if code != expect:
            raise RuntimeError(f"{name}: {request.method} {request.path} answered {code}")
    if database is not None:
        database.append((_backend_ms() - served_from) / len(requests))
    return (time.process_time() - start) * 1000 / len(requests)


_backend = [0]  # the PostgreSQL process serving this one (the connection is kept between requests)


def _backend_ms() -> float:
    """The CPU milliseconds the database's process has used (user + system, in clock ticks)."""
    with open(f"/proc/{_backend[0]}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def child(data: dict) -> None:
    # Django is set up here, in the child, from the environment ``main`` gave it (bench.settings,
    # the throwaway database): importing these in the parent would set it up there.
    from django.db import connection

    from bench.wsgi import application
    from config.celery import app

    app.conf.task_always_eager = False  # queued, as with a broker (the module's docstring)
    writes = Writes(data)
    keeper = data["tokens"]["keeper"]
    tables = national_tables(keeper, WARM_UP + (ROUNDS + bool(TOP or DUMP)) * POSTS + bool(SHOW_SQL))
    national = TableResults(tables, keeper, lambda deals: _cpu_ms(application, deals, "deal_post"))
    kinds: dict[str, Callable[[int], list[Request]]] = {
        "bare_insert": writes.inserts_,
        "deal_post": writes.deal_posts,
        "result_post": writes.result_posts,
        "table_result": national.results,
        "result_confirm": national.confirmations,  # after table_result: the tables it submitted
    }
    for name, make in kinds.items():
        _cpu_ms(application, make(WARM_UP), name)
    _cpu_ms(application, writes.deal_posts(len(data["open_matches"]) - WARM_UP), "deal_post")  # deal 1
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        _backend[0] = cursor.fetchone()[0]
    figures: dict[str, list[float]] = {name: [] for name in kinds}
    database: dict[str, list[float]] = {name: [] for name in kinds}
    statements = dict.fromkeys(["", *kinds], 0)
    counting = [""]

    def count(execute, sql, params, many, context):  # a call a statement: beside a post's, nothing
        statements[counting[0]] += 1
        return execute(sql, params, many, context)

    def show(execute, sql, params, many, context):
        print(f"  {sql[:600]}")
        if SHOW_SQL == "explain" and not many:
            _explain(context["cursor"].cursor, sql, params, connection.in_atomic_block)  # raw: no wrappers
        return execute(sql, params, many, context)

    if SHOW_SQL:
        for name, make in kinds.items():
            print(f"# {name}: the statements of one post")
            with connection.execute_wrapper(show):
                _cpu_ms(application, make(1), name)

    with connection.execute_wrapper(count):
        for _ in range(ROUNDS):  # alternating, so that drift weighs on every kind alike
            for name, make in kinds.items():
                requests = make(POSTS)
                counting[0] = name
                figures[name].append(_cpu_ms(application, requests, name, database[name]))
                counting[0] = ""
    print(f"# CPU ms per post through bench.wsgi, one process, {ROUNDS} rounds of {POSTS}: least [median]")
    for name, values in figures.items():
        print(f"profile.{name}_cpu_ms: {min(values):.2f} [{statistics.median(values):.2f}]")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        if cursor.fetchone()[0] != _backend[0]:
            raise RuntimeError("the database connection changed during the rounds: its CPU is not known")
    if SHOW_SQL:
        with connection.cursor() as cursor:
            cursor.execute("SELECT generic_plans, custom_plans, statement FROM pg_prepared_statements")
            print("# the statements PostgreSQL prepared: plans generic, custom, the statement")
            for generic, custom, statement in cursor.fetchall():
                print(f"  {generic}, {custom}, {statement[:150]}")
    print("# CPU ms per post of the PostgreSQL process serving it: least [median]")
    for name, values in database.items():
        print(f"profile.{name}_db_cpu_ms: {min(values):.2f} [{statistics.median(values):.2f}]")
    print("# SQL statements per post (BEGIN and COMMIT not counted)")
    for name, sent in list(statements.items())[1:]:
        print(f"profile.{name}_statements: {sent / (ROUNDS * POSTS):.2f}")
    if TOP or DUMP:
        _profiled(application, kinds)


def _explain(cursor, sql: str, params, atomic: bool) -> None:
    """What PostgreSQL spends on ``sql``: planning, execution and each trigger (the foreign keys'
    checks), run under ``EXPLAIN ANALYZE`` in a savepoint rolled back before the statement itself
    (outside a transaction, a read only)."""
    if not atomic:
        if sql.lstrip().upper().startswith("SELECT"):
            cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", params)
            (plan,) = cursor.fetchone()[0]
            print(f"    planning {plan['Planning Time']:.3f} ms, execution {plan['Execution Time']:.3f} ms")
        return
    cursor.execute("SAVEPOINT profile_explain")
    try:
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {sql}", params)
        (plan,) = cursor.fetchone()[0]
    finally:
        cursor.execute("ROLLBACK TO SAVEPOINT profile_explain")
    triggers = ", ".join(f"{t['Trigger Name']} {t['Time']:.3f}" for t in plan.get("Triggers", []))
    print(
        f"    planning {plan['Planning Time']:.3f} ms, execution {plan['Execution Time']:.3f} ms {triggers}"
    )


def _profiled(application, kinds: dict[str, Callable[[int], list[Request]]]) -> None:
    for name, make in kinds.items():
        requests = make(POSTS)
        profiler = cProfile.Profile(time.process_time)  # CPU, not the database's answer time
        profiler.enable()
        _cpu_ms(application, requests, name)
        profiler.disable()
        if DUMP:
            profiler.dump_stats(os.path.join(DUMP, f"{name}.prof"))
        for order in ("tottime", "cumulative") if TOP else ():
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(TOP)
            print(f"# {name}, {POSTS} posts, by {order}\n{out.getvalue()}")


def main() -> None:
    with throwaway_database() as url:
        env = _environment(url)
        data = load_data(env)
        env["BENCH_PROFILE_DATA"] = json.dumps(data)
        # A process of its own, set up with the bench's settings and database from the start.
        subprocess.run([sys.executable, "-m", "bench.profile_posts"], env=env, check=True)


if __name__ == "__main__":
    if "BENCH_PROFILE_DATA" in os.environ:
        child(json.loads(os.environ["BENCH_PROFILE_DATA"]))
    else:
        main()
