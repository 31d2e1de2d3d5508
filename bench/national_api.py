"""The organiser's side of ``bench.national``: one HTTP client that sets up and runs the event.

Every call goes through the API as a client would (``http.client``, a token in ``Authorization``),
and any answer but the one expected raises ``Failed`` with the answer, which ``bench.national``
reports with the tail of the server's log. An answer ``202 Accepted`` is a background job
(docs/api.md): its ``Location`` is polled until the job's ``state`` is ``succeeded`` or ``failed``,
so the bench runs the same whether an import or a draw answers at once or as a job.
"""

from __future__ import annotations

import http.client
import json
import secrets
import time
from dataclasses import dataclass, field

JOB_SECONDS = 600  # a job still running after this is broken, not slow


class Failed(RuntimeError):
    """An answer the bench did not expect."""


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self) -> dict:
        return json.loads(self.body)


@dataclass
class Client:
    port: int
    authorization: str = ""
    timeout: float = 120
    extra: dict[str, str] = field(default_factory=dict)

    def call(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        *,
        expect: tuple[int, ...] = (200,),
    ) -> Answer:
        sent = {**self.extra, **(headers or {})}
        if self.authorization:
            sent.setdefault("Authorization", self.authorization)
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        start = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            content = response.read()
        finally:
            connection.close()
        answer = Answer(response.status, dict(response.headers), content, time.perf_counter() - start)
        if answer.status not in expect:
            raise Failed(f"{method} {path}: {answer.status}, expected {expect}: {content[:1500]!r}")
        return answer

    def get(self, path: str, *, expect: tuple[int, ...] = (200,), **headers: str) -> Answer:
        return self.call("GET", path, headers=headers, expect=expect)

    def post(self, path: str, data: dict | None = None, *, expect: tuple[int, ...] = (200, 201)) -> Answer:
        body = json.dumps(data or {}).encode()
        return self.call("POST", path, body, {"Content-Type": "application/json"}, expect=expect)

    def patch(self, path: str, data: dict) -> Answer:
        body = json.dumps(data).encode()
        return self.call("PATCH", path, body, {"Content-Type": "application/json"})

    def upload(self, path: str, filename: str, content: bytes) -> Answer:
        """A ``multipart/form-data`` upload of one ``file``."""
        boundary = f"bench-{secrets.token_hex(8)}"
        body = b"".join(
            [
                f"--{boundary}\r\n".encode(),
                f'Content-Disposition: form-data; name="file"; filename="{filename}"\r\n'.encode(),
                b"Content-Type: text/csv\r\n\r\n",
                content,
                f"\r\n--{boundary}--\r\n".encode(),
            ]
        )
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        return self.call("POST", path, body, headers, expect=(200, 201, 202))

    def finished(self, answer: Answer) -> float:
        """Seconds until the work of ``answer`` is done: its own time, or, for a ``202`` job, until
        its ``Location`` says ``succeeded`` (polled every 50 ms); a failed job raises ``Failed``."""
        if answer.status != 202:
            return answer.seconds
        location = answer.headers.get("Location") or answer.json().get("url", "")
        start = time.perf_counter() - answer.seconds
        deadline = time.monotonic() + JOB_SECONDS
        while time.monotonic() < deadline:
            job = self.get(location).json()
            if job.get("state") == "succeeded":
                return time.perf_counter() - start
            if job.get("state") == "failed":
                raise Failed(f"job {location} failed: {job}")
            time.sleep(0.05)
        raise Failed(f"job {location} still not finished after {JOB_SECONDS} s")

    def pages(self, path: str) -> list[dict]:
        """Every item of a paginated list (500 a page, the most the API gives)."""
        items: list[dict] = []
        page = 1
        separator = "&" if "?" in path else "?"
        while True:
            data = self.get(f"{path}{separator}page_size=500&page={page}").json()
            items.extend(data["results"])
            if not data.get("next"):
                return items
            page += 1
