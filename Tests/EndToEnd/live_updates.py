#!/usr/bin/env python3
"""Live updates between two real browsers (headless Chromium, JavaScript on): an item added in one
appears in the other's open list within 3 s without a reload, and the other's page of an item
deleted in the first announces it and shows the list within 3 s. Run twice: on one server, and on
three servers sharing one redis-server behind haproxy, the two browsers held on different instances
(haproxy's cookie keeps each browser on the instance it landed on).

    python3 Tests/EndToEnd/live_updates.py [--binary .build/release/waypoint] [--app-root .]

The second run needs redis-server and haproxy (.ci/run installs them); without them it is skipped,
unless CI is set. Exit status 0 only when every check passed."""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from selenium.webdriver.common.by import By  # noqa: E402
from browser import make_driver  # noqa: E402
from waypoint_server import WaypointServer, free_port  # noqa: E402

LIMIT = 3.0


def wait_until(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return time.monotonic()
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what}")


def sign_in(driver, base):
    driver.get(base + "/login")
    driver.find_element(By.NAME, "username").send_keys("demo")
    driver.find_element(By.NAME, "password").send_keys("demo-password")
    driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, ".logout-form"), 10, "signed in")


def scenario(base, label, before_watching=None):
    """The two checks, each browser starting at `base`; `before_watching(author, watcher)` may
    check where they landed."""
    author, watcher = make_driver(), make_driver()
    try:
        sign_in(author, base)
        author.get(base + "/library")
        shelf = author.current_url[len(base):]
        watcher.get(base + shelf)
        if before_watching:
            before_watching(author, watcher)
        # A page that reloads loses this mark; one updated in place keeps it.
        watcher.execute_script("window.__notReloaded = true")
        time.sleep(0.5)  # the watcher's stream opens

        title = f"Seen live {label} {int(time.time())}"
        author.get(base + shelf + "/items/new")
        author.find_element(By.NAME, "title").send_keys(title)
        author.find_element(By.CSS_SELECTOR, "dialog[open] button[type=submit]").click()
        added = wait_until(lambda: author.find_elements(By.XPATH, f"//*[contains(text(), '{title}')]"), 10, "the author sees the item")
        seen = wait_until(lambda: title in watcher.find_element(By.ID, "main").text, LIMIT, "the watcher's list shows the new item")
        assert watcher.execute_script("return window.__notReloaded === true"), "the watcher's page was reloaded"
        assert "added" in watcher.find_element(By.CSS_SELECTOR, ".flash").text, "no status line said what changed"
        print(f"live ({label}): an item added in one browser appeared in the other's list {max(0.0, seen - added):.2f} s later")

        item = author.current_url[len(base):].split("#")[0]
        if "/items/" not in item:
            link = author.find_element(By.XPATH, f"//a[contains(., '{title}')]")
            item = link.get_attribute("href")[len(base):]
        item = "/".join(item.split("/")[:5])  # /library/{shelf}/items/{id}
        watcher.get(base + item)
        time.sleep(0.5)
        author.get(base + item + "/delete")
        author.find_element(By.CSS_SELECTOR, "dialog[open] button[type=submit]").click()
        deleted = time.monotonic()
        gone = wait_until(lambda: "deleted" in watcher.find_element(By.CSS_SELECTOR, ".flash").text, LIMIT,
                          "the watcher's item page announced the deletion")
        wait_until(lambda: watcher.current_url == base + shelf, LIMIT, "the watcher shows the item's list")
        print(f"live ({label}): a deleted item's page in the other browser said so {gone - deleted:.2f} s later and shows {shelf}")
    finally:
        author.quit()
        watcher.quit()


def on_one_server(arguments, folder):
    server = WaypointServer(arguments.binary, arguments.app_root, os.path.join(folder, "one"), os.path.join(folder, "one.log"))
    server.start()
    try:
        scenario(server.base_url, "one server")
    finally:
        server.stop()


def behind_haproxy(arguments, folder):
    redis_port, balancer = free_port(), free_port()
    redis = subprocess.Popen(["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
                              "--appendonly", "no", "--dir", folder], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    servers, proxy = [], None
    try:
        wait_until(lambda: socket.socket().connect_ex(("127.0.0.1", redis_port)) == 0, 10, "redis-server listens")
        for index in range(3):
            server = WaypointServer(
                arguments.binary, arguments.app_root, os.path.join(folder, f"w{index}"), os.path.join(folder, f"w{index}.log"),
                extra_arguments=["--redis-url", f"redis://127.0.0.1:{redis_port}"])
            server.start()
            servers.append(server)
        configuration = os.path.join(folder, "haproxy.cfg")
        with open(configuration, "w") as file:
            file.write("global\n    maxconn 256\ndefaults\n    mode http\n    timeout connect 2s\n"
                       "    timeout client 30s\n    timeout server 30s\n"
                       f"frontend web\n    bind 127.0.0.1:{balancer}\n    default_backend waypoint\n"
                       "backend waypoint\n    balance roundrobin\n    cookie instance insert indirect nocache\n"
                       + "".join(f"    server w{index} 127.0.0.1:{server.port} cookie w{index}\n"
                                 for index, server in enumerate(servers)))
        proxy = subprocess.Popen(["haproxy", "-f", configuration, "-db"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(lambda: socket.socket().connect_ex(("127.0.0.1", balancer), ) == 0, 10, "haproxy listens")

        def landed_apart(author, watcher):
            mine = author.get_cookie("instance")["value"]
            theirs = watcher.get_cookie("instance")["value"]
            assert mine != theirs, f"both browsers landed on {mine}"
            print(f"live (three instances): the author is held on {mine}, the watcher on {theirs}")

        scenario(f"http://127.0.0.1:{balancer}", "three instances", landed_apart)
    finally:
        if proxy:
            proxy.terminate()
            proxy.wait(timeout=10)
        for server in servers:
            server.stop()
        redis.terminate()
        redis.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.environ.get("WAYPOINT_BINARY", os.path.join(REPO, ".build/release/waypoint")))
    parser.add_argument("--app-root", default=REPO)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="waypoint-e2e-live.")
    try:
        on_one_server(arguments, folder)
        if shutil.which("redis-server") and shutil.which("haproxy"):
            behind_haproxy(arguments, folder)
        elif os.environ.get("CI", "") not in ("", "0", "false"):
            raise AssertionError("redis-server and haproxy are needed for the three-instance check")
        else:
            print("live: three-instance check skipped (no redis-server or haproxy)")
        return 0
    except Exception as error:  # report, with the servers' log tails
        print(f"live updates FAILED: {error}")
        for log in sorted(name for name in os.listdir(folder) if name.endswith(".log")):
            with open(os.path.join(folder, log), errors="replace") as file:
                print(f"--- {log}\n" + "".join(file.readlines()[-10:]))
        return 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
