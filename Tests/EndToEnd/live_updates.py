#!/usr/bin/env python3
"""Live updates between two real browsers (headless Chromium, JavaScript on): an item added in one
appears in the other's open list within 3 s without a reload, and the other's page of an item
deleted in the first announces it and shows the list within 3 s.

    python3 Tests/EndToEnd/live_updates.py [--binary .build/release/waypoint] [--app-root .]

Exit status 0 only when every check passed."""

import argparse
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from selenium.webdriver.common.by import By  # noqa: E402
from browser import make_driver  # noqa: E402
from waypoint_server import WaypointServer  # noqa: E402

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.environ.get("WAYPOINT_BINARY", os.path.join(REPO, ".build/release/waypoint")))
    parser.add_argument("--app-root", default=REPO)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="waypoint-e2e-live.")
    server = WaypointServer(arguments.binary, arguments.app_root, os.path.join(folder, "data"), os.path.join(folder, "server.log"))
    server.start()
    author, watcher = make_driver(), make_driver()
    try:
        base = server.base_url
        sign_in(author, base)
        author.get(base + "/library")
        shelf = author.current_url[len(base):]
        watcher.get(base + shelf)
        # A page that reloads loses this mark; one updated in place keeps it.
        watcher.execute_script("window.__notReloaded = true")
        time.sleep(0.5)  # the watcher's stream opens

        title = f"Seen live {int(time.time())}"
        author.get(base + shelf + "/items/new")
        author.find_element(By.NAME, "title").send_keys(title)
        author.find_element(By.CSS_SELECTOR, "dialog[open] button[type=submit]").click()
        added = wait_until(lambda: author.find_elements(By.XPATH, f"//*[contains(text(), '{title}')]"), 10, "the author sees the item")
        seen = wait_until(lambda: title in watcher.find_element(By.ID, "main").text, LIMIT, "the watcher's list shows the new item")
        assert watcher.execute_script("return window.__notReloaded === true"), "the watcher's page was reloaded"
        assert "added" in watcher.find_element(By.CSS_SELECTOR, ".flash").text, "no status line said what changed"
        print(f"live: an item added in one browser appeared in the other's list {max(0.0, seen - added):.2f} s later")

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
        print(f"live: a deleted item's page in the other browser said so {gone - deleted:.2f} s later and shows {shelf}")
        return 0
    except Exception as error:  # report, with the server log's tail
        print(f"live updates FAILED: {error}")
        with open(os.path.join(folder, "server.log"), errors="replace") as log:
            print("".join(log.readlines()[-20:]))
        return 1
    finally:
        author.quit()
        watcher.quit()
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
