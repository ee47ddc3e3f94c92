#!/usr/bin/env python3
"""Every screen of the URL contract, fetched with plain HTTP (a cookie jar, the CSRF token taken from
the form, signed in where a screen needs it) and validated by the Nu HTML checker: each must answer
its status (200 for the screens; 303/404/422 where the contract says so) with zero HTML errors.

    python3 Tests/EndToEnd/check_contract_html.py [--binary .build/release/waypoint] [--app-root .]"""

import argparse
import glob
import http.cookiejar
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from html_validation import validate_folder  # noqa: E402
from waypoint_server import WaypointServer  # noqa: E402

DEMO = {"username": "demo", "password": "demo-password", "email": "demo@example.com"}

# (name, path, status) of the screens every visitor can see.
PUBLIC_SCREENS = [
    ("category", "/library/category-1", 200),
    ("category-page", "/library/category-8?page=2", 200),
    ("category-last-page", "/library/category-8?page=39", 200),
    ("item-on-a-later-page", "/library/category-8/items/460", 200),
    ("item", "/library/category-1/items/1", 200),
    ("item-overview", "/library/category-1/items/1", 200),
    ("item-details", "/library/category-1/items/1/details", 200),
    ("item-options", "/library/category-1/items/1/options", 200),
    ("item-other-category", "/library/category-8/items/400/details", 200),
    ("settings", "/library/settings", 200),
    ("flow", "/flow", 200),
    ("flow-secondary1", "/flow/secondary1", 200),
    ("flow-secondary2", "/flow/secondary2", 200),
    ("flow-tertiary", "/flow/secondary1/tertiary", 200),
    ("screen", "/screen", 200),
    ("screen-detail", "/screen/detail", 200),
    ("screen-sheet", "/screen/sheet", 200),
    ("login", "/login", 200),
    ("login-next", "/login?next=%2Flibrary%2Fcategory-2%2Fitems%2F55%2Foptions", 200),
    ("register", "/register", 200),
    ("register-next", "/register?next=%2Fflow%2Fsecondary1", 200),
    ("forgot-password", "/forgot-password", 200),
    ("reset-password-bad-token", "/reset-password/not-a-token", 404),
    ("inspector", "/_navigation", 200),
    ("not-found", "/library/category-1/items/1/nope", 404),
    ("not-found-flow", "/flow/tertiary", 404),
    ("not-found-page", "/library/category-8?page=40", 404),
    ("not-found-malformed-page", "/library/category-8?page=two", 404),
]

# Other names of a screen, answered 308 with the screen's own URL.
OTHER_SPELLINGS = [
    ("/library", "/library/category-1"),
    ("/library/category-8?page=1", "/library/category-8"),
    ("/library/category-8?page=%32", "/library/category-8?page=2"),
    ("/library/category-2/items/55/overview", "/library/category-2/items/55"),
]

# Screens behind sign-in (visitors are sent to /login?next=…).
GUARDED_SCREENS = [
    ("new-item", "/library/category-1/items/new", 200),
    ("wizard-title", "/library/category-1/items/new/title", 200),
    ("delete-item", "/library/category-1/items/2/delete", 200),
]


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Client:
    """A browser without a browser: cookies kept, redirects seen (not followed)."""

    def __init__(self, base_url):
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirects())

    def request(self, path, form=None, method=None):
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, dict(response.headers), response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode("utf-8", "replace")

    def post_form(self, path, fields, form_page=None):
        """GETs the page holding the form (by default the same URL), takes its CSRF token, POSTs the fields."""
        status, _, body = self.request(form_page or path)
        token = re.search(r'name="csrfToken" value="([^"]*)"', body)
        if status != 200 or not token:
            raise AssertionError(f"GET {form_page or path}: {status}, CSRF token {'found' if token else 'missing'}")
        return self.request(path, dict(fields, csrfToken=token[1]))


class Checker:
    def __init__(self, client, pages_dir):
        self.client = client
        self.pages_dir = pages_dir
        self.count = 0
        self.failures = []

    def save(self, name, body):
        self.count += 1
        with open(os.path.join(self.pages_dir, f"{self.count:03d}-{name}.html"), "w", encoding="utf-8") as page:
            page.write(body)

    def get(self, name, path, expected):
        status, headers, body = self.client.request(path)
        content_type = headers.get("Content-Type", "")
        ok = status == expected and content_type.startswith("text/html")
        print(f"  {'ok ' if ok else 'BAD'} {status} {path}  ({name})")
        if not ok:
            self.failures.append(f"GET {path}: {status} {content_type}, expected {expected} text/html")
        self.save(name, body)
        return status, headers, body

    def post(self, name, path, fields, expected, form_page=None):
        """Submits a form; invalid input comes back as the screen itself (422), which is validated too."""
        status, headers, body = self.client.post_form(path, fields, form_page)
        ok = status == expected
        print(f"  {'ok ' if ok else 'BAD'} {status} POST {path}  ({name})")
        if not ok:
            self.failures.append(f"POST {path}: {status}, expected {expected}")
        if status not in (301, 302, 303):
            self.save(name, body)
        return status, headers, body

    def error_page(self, name, path, expected, form=None, method=None):
        """An error answer is a page too: the right status, and valid HTML."""
        status, headers, body = self.client.request(path, form, method)
        ok = status == expected and headers.get("Content-Type", "").startswith("text/html")
        print(f"  {'ok ' if ok else 'BAD'} {status} {method or ('POST' if form is not None else 'GET')} {path}  ({name})")
        if not ok:
            self.failures.append(f"{method or 'POST'} {path}: {status} {headers.get('Content-Type')}, expected {expected} text/html")
        self.save(name, body)

    def expect(self, condition, message):
        if not condition:
            self.failures.append(message)
            print(f"  BAD {message}")


def newest_reset_path(outbox, since):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        fresh = [path for path in glob.glob(os.path.join(outbox, "*.txt")) if path not in since]
        if fresh:
            with open(max(fresh, key=os.path.getmtime), encoding="utf-8") as mail:
                link = re.search(r"(/reset-password/[A-Za-z0-9_\-%.~]+)", mail.read())
            return link[1] if link else None
        time.sleep(0.1)
    return None


def check_everything(checker, outbox):
    client = checker.client
    status, headers, _ = client.request("/")
    checker.expect(status == 303 and headers.get("Location", "").endswith("/library/category-1"),
                   f"GET / on a first visit: {status} to {headers.get('Location')}, expected 303 to /library/category-1")
    for path, target in OTHER_SPELLINGS:
        status, headers, _ = client.request(path)
        ok = status == 308 and headers.get("Location") == target
        print(f"  {'ok ' if ok else 'BAD'} {status} {path} -> {headers.get('Location')}")
        checker.expect(ok, f"GET {path}: {status} to {headers.get('Location')}, expected 308 to {target}")

    status, headers, _ = client.request("/styles.css")
    checker.expect(status == 200 and headers.get("Content-Type", "").startswith("text/css"),
                   f"GET /styles.css: {status} {headers.get('Content-Type')}")

    print("visitor:")
    for name, path, expected in PUBLIC_SCREENS:
        checker.get("visitor-" + name, path, expected)
    for name, path, _ in GUARDED_SCREENS:
        status, headers, _ = client.request(path)
        checker.expect(status == 303 and "/login?next=" in headers.get("Location", ""),
                       f"GET {path} signed out: {status} to {headers.get('Location')}, expected 303 to /login?next=…")
    checker.post("login-invalid", "/login", {"username": "", "password": ""}, 422)
    checker.post("register-invalid", "/register", {"email": "nope", "username": "", "password": "short"}, 422)
    checker.post("forgot-password-invalid", "/forgot-password", {"email": ""}, 422)
    since = set(glob.glob(os.path.join(outbox, "*.txt")))
    _, headers, _ = checker.post("forgot-password-sent", "/forgot-password", {"email": DEMO["email"]}, 303)
    checker.expect(headers.get("Location") == "/forgot-password/sent", "forgot-password: no redirect to the sent screen")
    _, _, body = checker.get("forgot-password-sent-screen", "/forgot-password/sent", 200)
    checker.expect('class="notice"' in body, "forgot-password: no notice on the sent screen")
    reset_path = newest_reset_path(outbox, since)
    checker.expect(reset_path is not None, f"no reset link in {outbox}")
    if reset_path:
        checker.get("reset-password", reset_path, 200)
        checker.post("reset-password-invalid", reset_path,
                     {"password": "short", "confirmation": "different"}, 422)

    print("signed in:")
    evil = "/login?next=" + urllib.parse.quote("https://evil.example/", safe="")
    _, headers, _ = checker.post("login", evil, {"username": DEMO["username"], "password": DEMO["password"]}, 303)
    location = urllib.parse.urlsplit(headers.get("Location", ""))
    checker.expect(location.netloc in ("", urllib.parse.urlsplit(client.base_url).netloc) and location.path.startswith("/")
                   and not location.path.startswith("//"), f"sign-in with an outside next= redirected to {location.geturl()}")
    status, _, body = client.request("/flow")
    checker.expect("Signed in as" in body, "not signed in after POST /login")
    for name, path, expected in PUBLIC_SCREENS + GUARDED_SCREENS:
        if not path.startswith(("/login", "/register", "/forgot-password")):
            checker.get("member-" + name, path, expected)
    checker.post("new-item-invalid", "/library/category-1/items/new", {"title": "", "subtitle": ""}, 422)
    checker.post("wizard-title-invalid", "/library/category-1/items/new/title", {"title": ""}, 422)
    checker.post("wizard-title-next", "/library/category-1/items/new/title", {"title": "Contract wizard"}, 303)
    checker.get("wizard-details", "/library/category-1/items/new/details", 200)
    checker.post("wizard-details-next", "/library/category-1/items/new/details", {"subtitle": "checked"}, 303)
    checker.get("wizard-review", "/library/category-1/items/new/review", 200)
    checker.post("edit-item-invalid", "/library/category-1/items/1/options",
                 {"intent": "edit", "title": "", "subtitle": ""}, 422)
    checker.post("settings-invalid", "/library/settings",
                 {"displayName": "x" * 500, "theme": "purple"}, 422)
    checker.error_page("forbidden-csrf", "/library/settings", 403, {"theme": "dark", "csrfToken": "forged"})
    checker.error_page("method-not-allowed", "/flow", 405, method="PUT")
    # Signed in, the account forms have nothing to do (and start no account flow): 303 onwards.
    for path in ("/login", "/register", "/forgot-password"):
        status, headers, _ = client.request(path)
        checker.expect(status == 303, f"GET {path} signed in: {status}, expected 303 (already signed in)")
    checker.post("logout", "/logout", {}, 303, form_page="/library/category-1")
    status, _, body = client.request("/library/category-1")
    checker.expect(status == 200 and "Sign in</a>" in body, "still signed in after POST /logout")

    print("throttled:")
    wrong = {"username": DEMO["username"], "password": "not-the-password"}
    for _ in range(5):
        client.post_form("/login", wrong)
    _, headers, _ = checker.post("login-throttled", "/login", wrong, 429)
    checker.expect(headers.get("Retry-After", "").isdigit(), f"429 without a Retry-After: {headers.get('Retry-After')}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.environ.get("WAYPOINT_BINARY", os.path.join(REPO, ".build/release/waypoint")))
    parser.add_argument("--app-root", default=os.environ.get("WAYPOINT_APP_ROOT", REPO))
    parser.add_argument("--artifacts", default=os.environ.get("E2E_ARTIFACTS", os.path.join(REPO, ".e2e-artifacts")))
    arguments = parser.parse_args()

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so `finally` stops the server
    started = time.monotonic()
    pages_dir = os.path.join(os.path.abspath(arguments.artifacts), "contract-pages")
    shutil.rmtree(pages_dir, ignore_errors=True)
    os.makedirs(pages_dir)
    data_dir = tempfile.mkdtemp(prefix="waypoint-contract-")
    server = WaypointServer(arguments.binary, arguments.app_root, data_dir,
                            os.path.join(arguments.artifacts, "contract-server.log"))
    checker = Checker(None, pages_dir)
    try:
        server.start()
        checker.client = Client(server.base_url)
        check_everything(checker, server.outbox)
    except Exception as error:  # a failure to start or to fetch is a failure, reported like the others
        checker.failures.append(f"{type(error).__name__}: {error}")
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)

    validation = validate_folder(pages_dir)
    for error in validation.errors[:40]:
        print("  " + error)
    print(f"\ncontract HTML check: {checker.count} responses saved, {len(checker.failures)} failed expectations, "
          f"Nu HTML checker: {validation.files} files, {validation.error_count} errors, "
          f"{time.monotonic() - started:.1f} s")
    for failure in checker.failures:
        print("  FAIL " + failure)
    ok = not checker.failures and validation.error_count == 0
    print("CONTRACT HTML RESULT: " + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
