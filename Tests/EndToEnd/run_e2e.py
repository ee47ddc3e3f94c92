#!/usr/bin/env python3
"""Waypoint end to end in a real browser: starts the release server on a fresh data folder and a free
loopback port, walks the app as a new user with headless Chromium, checks every page it visits
(Nu HTML checker, axe-core, labels, visible focus) and saves a screenshot of each step. The walk runs
twice, each on its own server: with JavaScript (app.js answers links and forms in place; then the
steps only the script has) and without (plain links and forms, which must work just the same).

    python3 Tests/EndToEnd/run_e2e.py [--binary .build/release/waypoint] [--app-root .] [--artifacts .e2e-artifacts]
                                      [--javascript on|off|both] [--only 1,2,3]

Exit status 0 only when every step and every check passed."""

import argparse
import glob
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from browser import make_driver, PageRecorder  # noqa: E402
from html_validation import validate_folder  # noqa: E402
from steps import SCRIPT_STEPS, STEPS  # noqa: E402
from walk import Walk  # noqa: E402
from ui import UI  # noqa: E402
from waypoint_server import WaypointServer  # noqa: E402

SUITE_TIME_LIMIT = 540  # seconds; CI wants the whole suite well under ten minutes


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.environ.get("WAYPOINT_BINARY", os.path.join(REPO, ".build/release/waypoint")))
    parser.add_argument("--app-root", default=os.environ.get("WAYPOINT_APP_ROOT", REPO),
                        help="folder holding Public/ and Templates/ for the server")
    parser.add_argument("--artifacts", default=os.environ.get("E2E_ARTIFACTS", os.path.join(REPO, ".e2e-artifacts")))
    parser.add_argument("--keep-data", action="store_true", help="leave the temporary data folder behind")
    parser.add_argument("--only", help="comma-separated step numbers to run (later steps may rely on earlier ones)")
    parser.add_argument("--javascript", choices=("on", "off", "both"), default="both",
                        help="walk with JavaScript on, off, or both (default), each on a fresh server")
    return parser.parse_args()


class SuiteTimeout(Exception):
    pass


def on_alarm(signum, frame):
    raise SuiteTimeout(f"the suite ran longer than {SUITE_TIME_LIMIT} s")


def clear_artifacts(artifacts):
    """Removes what an earlier run left (and only that: the folder may be any path given)."""
    for pattern in ("*.png", "FAILED-*", "*.log", "summary.json"):
        for path in glob.glob(os.path.join(artifacts, pattern)):
            os.remove(path)
    for folder in ("pages", "contract-pages"):
        shutil.rmtree(os.path.join(artifacts, folder), ignore_errors=True)


def save_failure(driver, artifacts, name):
    """The screen and source at the moment a step failed, for whoever reads CI's log."""
    stem = os.path.join(artifacts, "FAILED-" + name)
    try:
        driver.save_screenshot(stem + ".png")
        with open(stem + ".html.txt", "w", encoding="utf-8") as page:
            page.write(f"<!-- {driver.current_url} -->\n" + driver.page_source)
    except Exception:  # the browser itself may be what failed
        pass


def run_steps(walk, driver, artifacts, only, label):
    results = []
    if only:
        walk.ui.open("/library")
    steps = STEPS + (SCRIPT_STEPS if walk.ui.javascript else [])
    for step_name, step in steps:
        if only and step_name.split()[0] not in only:
            continue
        name = f"{step_name} [{label}]"
        started = time.monotonic()
        try:
            step(walk)
            results.append((name, True, "", time.monotonic() - started))
            print(f"PASS  {name}  ({time.monotonic() - started:.1f} s)", flush=True)
        except SuiteTimeout:
            raise
        except Exception as error:  # one failed step is reported, and the walk goes on
            save_failure(driver, artifacts, f"{step_name.split()[0]}-{label.replace(' ', '-')}")
            detail = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
            results.append((name, False, detail, time.monotonic() - started))
            print(f"FAIL  {name}  ({time.monotonic() - started:.1f} s)\n      {detail}", flush=True)
            traceback.print_exc(limit=3, file=sys.stdout)
    return results


def walk_once(arguments, artifacts, recorder, only, javascript):
    """One walk in one browser (JavaScript on or off) against its own server and data folder."""
    label = "JS on" if javascript else "JS off"
    data_dir = tempfile.mkdtemp(prefix="waypoint-e2e-")
    log = os.path.join(artifacts, f"server-{'js' if javascript else 'no-js'}.log")
    server = WaypointServer(arguments.binary, arguments.app_root, data_dir, log)
    driver = None
    try:
        server.start()
        print(f"{label}: server {arguments.binary} on {server.base_url}, data {data_dir}", flush=True)
        driver = make_driver(javascript=javascript)
        walk = Walk(UI(driver, server.base_url, recorder, javascript=javascript), server, recorder, artifacts)
        return run_steps(walk, driver, artifacts, only, label)
    finally:
        if driver:
            try:
                driver.quit()
            except Exception:
                pass
        server.stop()
        if not arguments.keep_data:
            shutil.rmtree(data_dir, ignore_errors=True)


def main():
    arguments = parse_arguments()
    only = set(arguments.only.split(",")) if arguments.only else None
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so `finally` stops the server
    started = time.monotonic()
    artifacts = os.path.abspath(arguments.artifacts)
    clear_artifacts(artifacts)
    pages = os.path.join(artifacts, "pages")
    recorder = PageRecorder(artifacts, pages)
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(SUITE_TIME_LIMIT)
    results, fatal = [], None
    modes = {"on": [True], "off": [False], "both": [True, False]}[arguments.javascript]
    try:
        for javascript in modes:
            results += walk_once(arguments, artifacts, recorder, only, javascript)
    except Exception as error:
        fatal = f"{type(error).__name__}: {error}"
        traceback.print_exc(limit=5, file=sys.stdout)
    finally:
        signal.alarm(0)

    print("\nNu HTML checker over the saved pages…", flush=True)
    validation = validate_folder(pages)
    for error in validation.errors[:40]:
        print("  " + error)

    passed = sum(1 for _, ok, _, _ in results if ok)
    failed = [result for result in results if not result[1]]
    duration = time.monotonic() - started
    print("\n=== Waypoint end-to-end summary ===")
    for name, ok, detail, seconds in results:
        print(f"  {'PASS' if ok else 'FAIL'}  {name:<58} {seconds:5.1f} s  {detail}")
    if fatal:
        print(f"  FATAL {fatal}")
    print(f"  steps: {passed} passed, {len(failed)} failed of {len(results)}")
    print(f"  pages saved: {recorder.count} ({recorder.served_sources} as served, the rest as the browser's DOM); Nu HTML checker: {validation.files} files, {validation.error_count} errors")
    impacts = ", ".join(f"{impact} {count}" for impact, count in sorted(recorder.axe_by_impact.items())) or "none"
    print(f"  axe-core: {recorder.axe_pages} pages, violations by impact (nodes): {impacts}; "
          f"serious/critical: {len(recorder.axe_serious)}")
    for page, rule, impact, targets in recorder.axe_serious[:20]:
        print(f"    {page}: {impact} {rule} {targets}")
    print(f"  unlabelled form controls: {len(recorder.label_problems)}; "
          f"focus checks: {recorder.focus_checked} passed, {len(recorder.focus_problems)} failed")
    print(f"  duration: {duration:.1f} s")
    summary = {
        "steps": [{"name": name, "passed": ok, "detail": detail, "seconds": round(seconds, 1)}
                  for name, ok, detail, seconds in results],
        "fatal": fatal, "pages": recorder.count, "html_errors": validation.error_count,
        "axe_pages": recorder.axe_pages, "axe_nodes_by_impact": recorder.axe_by_impact,
        "axe_serious_or_critical": len(recorder.axe_serious), "unlabelled_controls": len(recorder.label_problems),
        "focus_checks": recorder.focus_checked, "focus_failures": len(recorder.focus_problems),
        "seconds": round(duration, 1),
    }
    with open(os.path.join(artifacts, "summary.json"), "w", encoding="utf-8") as file:
        json.dump(summary, file, indent=2)
    print(f"\nartifacts in {artifacts}:")
    for entry in sorted(os.listdir(artifacts)):
        print("  " + entry)
    ok = not fatal and not failed and results and validation.error_count == 0
    print("\nE2E RESULT: " + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
