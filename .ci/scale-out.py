#!/usr/bin/env python3
"""The checks of .ci/scale-out.sh against three Waypoints sharing one Redis behind haproxy (which
adds X-Waypoint-Backend: the server that answered). Loopback only, every request with a timeout,
standard library only. One subcommand per check; exit status 0 when it holds.

  walk BALANCER P1 P2 P3      one signed-in session walked across the instances: the same screen,
                              tab links and flow stack whichever instance answers
  signout P1 P2 P3            signed in on one instance, out on another: refused everywhere
  race P1 P2                  two registrations of one username at once: exactly one wins
  editdelete P1 P2            an item edited on one instance while deleted on another: once the
                              deletion is acknowledged, no instance shows the item again
  writes BALANCER ACKS STOP   creates items as the demo user until the file STOP exists; each
                              title answered 303 is appended to ACKS with its URL
  verify BALANCER ACKS        every acknowledged item is there
  unavailable PORT            Redis down: a page answers 503 with Retry-After, /healthz 200
"""
import http.client, re, sys, threading, time, urllib.parse, uuid, os

TIMEOUT = 5


class Client:
    """A browser of one: its own cookie, a new connection per request (so haproxy balances each)."""

    def __init__(self, port, cookie=None):
        self.port = port
        self.cookie = cookie

    def request(self, method, path, form=None, port=None):
        connection = http.client.HTTPConnection("127.0.0.1", port or self.port, timeout=TIMEOUT)
        headers = {"Connection": "close"}
        body = None
        if self.cookie:
            headers["Cookie"] = "waypoint_session=" + self.cookie
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            match = re.match(r"waypoint_session=([^;]*)", value)
            if match:
                self.cookie = match.group(1) or None
        return response.status, response.headers, text

    def get(self, path, port=None):
        return self.request("GET", path, port=port)

    def token(self, path="/library/category-1", port=None):
        status, _, text = self.get(path, port=port)
        match = re.search(r'name="csrfToken" value="([^"]+)"', text)
        if not match:
            raise AssertionError(f"no CSRF token on {path} (status {status})")
        return match.group(1)

    def sign_in(self, port=None, username="demo", password="demo-password"):
        token = self.token("/login", port=port)
        status, headers, _ = self.request(
            "POST", "/login", {"csrfToken": token, "username": username, "password": password}, port=port)
        if status != 303:
            raise AssertionError(f"sign-in answered {status}")


def signed_in(text):
    return "Signed in as" in text


def navigation_of(text):
    """What the navigation state shows on a page: the tab bar's links and the main content, with
    what changes per response (masked CSRF tokens, request ids) taken out."""
    tabs = re.search(r'<nav class="tab-bar".*?</nav>', text, re.S)
    main = re.search(r"<main.*?</main>", text, re.S)
    parts = [tabs.group(0) if tabs else "", main.group(0) if main else ""]
    return re.sub(r'name="csrfToken" value="[^"]*"', "", "\n".join(parts))


def tab_links(text):
    tabs = re.search(r'<nav class="tab-bar".*?</nav>', text, re.S)
    return re.findall(r'href="([^"]+)"', tabs.group(0)) if tabs else []


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def walk(balancer, ports):
    browser = Client(balancer)
    browser.sign_in()
    steps = ["/flow", "/flow/secondary1", "/flow/secondary1/tertiary", "/library/category-3",
             "/screen/detail", "/flow/secondary1/tertiary", "/library/category-3", "/flow"]
    backends = set()
    previous_links = None
    for number, path in enumerate(steps):
        status, headers, text = browser.get(path)
        backend = headers.get("X-Waypoint-Backend", "?")
        backends.add(backend)
        if status != 200 or not signed_in(text):
            fail(f"walk step {path} on {backend}: status {status}, signed in: {signed_in(text)}")
        links = tab_links(text)
        # The tab bar remembers where each tab was left, whichever instance served the last step.
        if path.startswith("/library") and number > 2 and "/flow/secondary1/tertiary" not in links:
            fail(f"{path} on {backend}: the Flow tab does not lead back to /flow/secondary1/tertiary: {links}")
        if path == "/flow" and number > 0 and "/library/category-3" not in links:
            fail(f"{path} on {backend}: the Library tab does not lead back to /library/category-3: {links}")
        if path == "/flow/secondary1/tertiary" and 'href="/flow/secondary1"' not in text:
            fail(f"{path} on {backend}: no back link to /flow/secondary1")
        previous_links = links
    if len(backends) < 3:
        fail(f"the walk reached only {sorted(backends)}; round-robin should reach all three")
    # The same screen, asked of each instance in turn with the same cookie, is the same page.
    pages = []
    for port in ports:
        status, _, text = browser.get("/flow/secondary1/tertiary", port=port)
        if status != 200:
            fail(f"instance :{port} answered {status}")
        pages.append(navigation_of(text))
    if len(set(pages)) != 1:
        fail("the three instances show different navigation for one session")
    status, headers, _ = browser.get("/")
    if status != 303 or headers.get("Location") != "/flow/secondary1/tertiary":
        fail(f"/ should send the session to its last location, got {status} {headers.get('Location')}")
    print(f"walk: {len(steps)} steps over {', '.join(sorted(backends))}; tab links and stacks agree; "
          f"the same page from all three instances; / resumes at {previous_links and headers.get('Location')}")


def signout(ports):
    first, second, third = ports
    browser = Client(first)
    browser.sign_in()
    old = browser.cookie
    for port in ports:
        if not signed_in(browser.get("/library/category-1", port=port)[2]):
            fail(f"the new session is not signed in on :{port}")
    token = browser.token("/library/category-1", port=second)
    status, _, _ = browser.request("POST", "/logout", {"csrfToken": token}, port=second)
    if status != 303:
        fail(f"sign-out on :{second} answered {status}")
    for port in ports:
        replay = Client(first, cookie=old)
        status, _, text = replay.get("/library/category-1", port=port)
        if signed_in(text):
            fail(f"the signed-out session is still signed in on :{port}")
        # A form with the old cookie and its old token is refused too.
        status, _, _ = replay.request(
            "POST", "/library/category-3/items/new", {"csrfToken": token, "title": "ghost", "subtitle": ""}, port=port)
        if status == 303:
            fail(f"a form with the signed-out session was accepted on :{port}")
    print(f"signout: signed in on :{first}, out on :{second}; the old session is refused on all three")


def race(ports):
    rounds = 5
    for round_number in range(rounds):
        name = "racer" + uuid.uuid4().hex[:8]
        clients = [Client(port) for port in ports]
        tokens = [client.token("/register") for client in clients]
        barrier = threading.Barrier(len(clients))
        results = [None] * len(clients)

        def register(index):
            barrier.wait(timeout=TIMEOUT)
            form = {"csrfToken": tokens[index], "username": name, "email": f"{name}-{index}@example.com",
                    "password": "a long password", "confirmation": "a long password"}
            results[index] = clients[index].request("POST", "/register", form)[0]

        threads = [threading.Thread(target=register, args=(index,)) for index in range(len(clients))]
        for thread in threads: thread.start()
        for thread in threads: thread.join(timeout=2 * TIMEOUT)
        if sorted(results, key=str) != [303, 422]:
            fail(f"round {round_number}: two registrations of {name} answered {results}; exactly one should win")
    print(f"race: {rounds} rounds of one username registered on two instances at once: one 303 and one 422 each")


def editdelete(ports):
    first, second = ports
    editor, deleter = Client(first), Client(second)
    editor.sign_in(port=first)
    deleter.sign_in(port=second)
    rounds = 10
    resurrected = []
    outcomes = {}
    for round_number in range(rounds):
        token = editor.token(port=first)
        status, headers, _ = editor.request(
            "POST", "/library/category-3/items/new", {"csrfToken": token, "title": f"contested {round_number}", "subtitle": ""},
            port=first)
        item_path = urllib.parse.urlparse(headers.get("Location") or "").path
        if status != 303 or "/items/" not in item_path:
            fail(f"round {round_number}: creating the item answered {status} ({item_path})")
        edit_token = editor.token(item_path + "/options", port=first)
        delete_token = deleter.token(item_path + "/delete", port=second)
        barrier = threading.Barrier(2)
        results = {}

        def edit():
            barrier.wait(timeout=TIMEOUT)
            results["edit"] = editor.request("POST", item_path + "/options", {
                "csrfToken": edit_token, "intent": "edit", "title": f"edited {round_number}", "subtitle": "after"}, port=first)[0]

        def delete():
            barrier.wait(timeout=TIMEOUT)
            results["delete"] = deleter.request("POST", item_path + "/delete", {"csrfToken": delete_token}, port=second)[0]

        threads = [threading.Thread(target=edit), threading.Thread(target=delete)]
        for thread in threads: thread.start()
        for thread in threads: thread.join(timeout=2 * TIMEOUT)
        pair = (results.get("edit"), results.get("delete"))
        outcomes[pair] = outcomes.get(pair, 0) + 1
        if results.get("delete") != 303:
            fail(f"round {round_number}: the deletion answered {results.get('delete')}")
        for port in ports:
            status, _, _ = editor.get(item_path, port=port)
            if status != 404:
                resurrected.append(f"{item_path} answered {status} on :{port} (edit {pair[0]})")
    if resurrected:
        fail(f"deleted items came back: {resurrected[:5]}")
    summary = ", ".join(f"{count}× edit {edit}/delete {delete}" for (edit, delete), count in sorted(outcomes.items(), key=str))
    print(f"editdelete: {rounds} rounds of an edit racing a deletion on two instances ({summary}); every deleted item stays gone")


def writes(balancer, acks_path, stop_path):
    browser = Client(balancer)
    deadline = time.time() + 120
    while True:
        try:
            browser.sign_in()
            break
        except (AssertionError, OSError):
            if time.time() > deadline: fail("could not sign in for the writes")
            time.sleep(0.2)
    token = browser.token()
    statuses = {}
    run = uuid.uuid4().hex[:6]
    number = 0
    with open(acks_path, "a") as acks:
        while not os.path.exists(stop_path) and time.time() < deadline:
            number += 1
            title = f"scale-{run}-{number}"
            try:
                status, headers, _ = browser.request(
                    "POST", "/library/category-3/items/new", {"csrfToken": token, "title": title, "subtitle": ""})
            except OSError as error:
                status, headers = type(error).__name__, {}
            statuses[status] = statuses.get(status, 0) + 1
            if status == 303:
                acks.write(f"{title}\t{headers.get('Location')}\n")
                acks.flush()
            elif status == 403:
                try:
                    token = browser.token()
                except (AssertionError, OSError):
                    pass
            elif status != 303:
                # Nothing to do but try again: an instance or Redis is down. Do not spin.
                time.sleep(0.05)
    summary = ", ".join(f"{count}× {status}" for status, count in sorted(statuses.items(), key=lambda pair: str(pair[0])))
    print(f"writes: {number} attempts ({summary})")
    # An outage is 503 (Waypoint or haproxy) or, for a request on an instance that died, 502.
    unexpected = {status: count for status, count in statuses.items() if status not in (303, 502, 503)}
    if unexpected:
        fail(f"writes answered {unexpected}; an outage should answer 503 with Retry-After")


def verify(balancer, acks_path):
    browser = Client(balancer)
    browser.sign_in()
    acknowledged = [line.rstrip("\n").split("\t") for line in open(acks_path) if line.strip()]
    missing = []
    for title, location in acknowledged:
        status, _, text = browser.get(location)
        if status != 200 or title not in text:
            missing.append(f"{title} at {location} ({status})")
    if missing:
        fail(f"{len(missing)} of {len(acknowledged)} acknowledged writes are missing: {missing[:5]}")
    print(f"verify: all {len(acknowledged)} writes acknowledged with 303 are there")


def unavailable(port):
    browser = Client(port)
    status, headers, _ = browser.get("/library/category-1")
    if status != 503 or headers.get("Retry-After") is None:
        fail(f"with Redis down :{port}/library answered {status}, Retry-After {headers.get('Retry-After')}")
    if browser.get("/healthz")[0] != 200:
        fail(f"with Redis down :{port}/healthz is not 200")
    print(f"unavailable: :{port} answers 503 with Retry-After {headers.get('Retry-After')}, /healthz 200")


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "walk":
        walk(int(arguments[0]), [int(port) for port in arguments[1:4]])
    elif command == "signout":
        signout([int(port) for port in arguments[:3]])
    elif command == "race":
        race([int(port) for port in arguments[:2]])
    elif command == "editdelete":
        editdelete([int(port) for port in arguments[:2]])
    elif command == "writes":
        writes(int(arguments[0]), arguments[1], arguments[2])
    elif command == "verify":
        verify(int(arguments[0]), arguments[1])
    elif command == "unavailable":
        unavailable(int(arguments[0]))
    else:
        sys.exit(f"unknown check {command}")
