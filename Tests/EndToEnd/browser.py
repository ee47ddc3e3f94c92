"""Debian's headless Chromium through Selenium, plus the checks every visited page gets:
its source saved for the HTML checker, a screenshot, axe-core, labelled controls and visible focus."""

import json
import os
import re

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
WAIT_SECONDS = 10


def make_driver(javascript=True, width=1280, height=900):
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", f"--window-size={width},{height}",
                     "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})  # to read the HTML as served
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(20)
    return driver


class CheckFailure(AssertionError):
    pass


UNLABELLED_CONTROLS_JS = """
const problems = [];
for (const control of document.querySelectorAll('input, select, textarea')) {
  const type = (control.getAttribute('type') || '').toLowerCase();
  if (['hidden', 'submit', 'button', 'reset', 'image'].includes(type)) continue;
  const byFor = control.id && document.querySelector('label[for="' + CSS.escape(control.id) + '"]');
  const wrapped = control.closest('label');
  const aria = (control.getAttribute('aria-label') || '').trim() || control.getAttribute('aria-labelledby');
  const text = byFor ? byFor.textContent.trim() : (wrapped ? wrapped.textContent.trim() : '');
  if (!text && !aria) problems.push(control.outerHTML.slice(0, 120));
}
return problems;
"""

FOCUS_STYLE_JS = """
const element = document.activeElement;
if (!element || element === document.body) return null;
const style = getComputedStyle(element);
return {tag: element.tagName.toLowerCase(), text: (element.textContent || '').trim().slice(0, 40),
        outlineStyle: style.outlineStyle, outlineWidth: style.outlineWidth, boxShadow: style.boxShadow,
        focusVisible: element.matches(':focus-visible'), skipLink: element.classList.contains('skip-link')};
"""


class PageRecorder:
    """Saves and checks pages; the per-page results feed the final report."""

    def __init__(self, artifacts_dir, pages_dir):
        self.artifacts_dir = artifacts_dir
        self.pages_dir = pages_dir
        self.count = 0
        self.served_sources = 0    # pages saved as the server sent them (else as the browser's DOM)
        self.axe_pages = 0
        self.axe_by_impact = {}
        self.axe_serious = []      # (page, rule id, impact, targets)
        self.label_problems = []   # (page, control)
        self.focus_problems = []   # (page, description)
        self.focus_checked = 0
        os.makedirs(artifacts_dir, exist_ok=True)
        os.makedirs(pages_dir, exist_ok=True)

    def record(self, driver, name, javascript=True):
        """Saves the page (source + screenshot) and runs the per-page checks, raising on a failure."""
        WebDriverWait(driver, WAIT_SECONDS).until(
            lambda d: d.execute_script("return document.readyState") == "complete")
        self.count += 1
        stem = f"{self.count:03d}-{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')}"
        source = self._served_html(driver)
        if source is None:
            source = self._dom_html(driver)
        else:
            self.served_sources += 1
        with open(os.path.join(self.pages_dir, stem + ".html"), "w", encoding="utf-8") as page:
            page.write(source)
        driver.save_screenshot(os.path.join(self.artifacts_dir, stem + ".png"))
        failures = []
        failures += self._check_labels(driver, stem)
        if javascript:
            failures += self._check_axe(driver, stem)
        if failures:
            raise CheckFailure(f"{stem}: " + "; ".join(failures))
        return stem

    @staticmethod
    def _served_html(driver):
        """The bytes the server sent for the document on screen (the browser's performance log
        names its request), so the checker sees the real markup, not the browser's repaired DOM.
        With JavaScript, app.js fetches pages and swaps them in: its last HTML answer for this
        address is the page on screen."""
        url = driver.current_url.split("#")[0]
        request_id = None
        try:
            for entry in driver.get_log("performance"):
                message = json.loads(entry["message"])["message"]
                if message["method"] != "Network.responseReceived":
                    continue
                params = message["params"]
                fetched_page = params["type"] == "Fetch" and params["response"].get("mimeType") == "text/html"
                if (params["type"] == "Document" or fetched_page) and params["response"]["url"].split("#")[0] == url:
                    request_id = params["requestId"]
            if request_id is None:  # no new response, e.g. restored from the back/forward cache
                return None
            return driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": request_id})["body"]
        except Exception:  # evicted, or restored from the back/forward cache: the DOM will do
            return None

    @staticmethod
    def _dom_html(driver):
        source = driver.page_source
        if driver.execute_script("return document.doctype ? document.doctype.name : null") == "html" \
                and not source.lstrip().lower().startswith("<!doctype"):
            source = "<!DOCTYPE html>\n" + source
        return source

    def _check_labels(self, driver, stem):
        problems = driver.execute_script(UNLABELLED_CONTROLS_JS)
        self.label_problems += [(stem, problem) for problem in problems]
        return [f"unlabelled control {problem}" for problem in problems]

    def _check_axe(self, driver, stem):
        from axe_selenium_python import Axe
        axe = Axe(driver)
        axe.inject()
        results = axe.run(options="{resultTypes: ['violations']}")
        self.axe_pages += 1
        failures = []
        for violation in results.get("violations", []):
            impact = violation.get("impact") or "unknown"
            self.axe_by_impact[impact] = self.axe_by_impact.get(impact, 0) + len(violation["nodes"])
            if impact in ("serious", "critical"):
                targets = [", ".join(map(str, node["target"])) for node in violation["nodes"]][:5]
                self.axe_serious.append((stem, violation["id"], impact, targets))
                failures.append(f"axe {impact} {violation['id']} on {targets}")
        return failures

    def check_focus_visible(self, driver, stem, max_tabs=10):
        """Tabs from the top of the page through the links up to the first one past the skip link;
        each must show a focus style (outline or box-shadow) that is not none."""
        driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
        for _ in range(max_tabs):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            focus = driver.execute_script(FOCUS_STYLE_JS)
            if not focus or focus["tag"] != "a":
                continue
            self.focus_checked += 1
            outlined = focus["outlineStyle"] != "none" and focus["outlineWidth"] not in ("0px", "")
            shadowed = focus["boxShadow"] not in ("none", "")
            if not (outlined or shadowed):
                problem = f"focused link '{focus['text']}' has no visible focus style {focus}"
                self.focus_problems.append((stem, problem))
                raise CheckFailure(f"{stem}: {problem}")
            if not focus["skipLink"]:
                return focus
        problem = f"no link past the skip link took the focus within {max_tabs} Tab presses"
        self.focus_problems.append((stem, problem))
        raise CheckFailure(f"{stem}: {problem}")
