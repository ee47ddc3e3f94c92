"""What a user does and sees, in Selenium terms: click a link by its text, type into a labelled field,
press a button, wait for the address bar; every wait is bounded.

With JavaScript on, Public/app.js answers links and forms in place: the address bar changes only once
the new content is in, `<html aria-busy>` is set while an answer is awaited, and a `waypoint:swap`
event on the document follows each swap. The waits here accept a swap or a new document alike."""

import re
from urllib.parse import urlsplit

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser import WAIT_SECONDS, CheckFailure


def expect(condition, message):
    if not condition:
        raise CheckFailure(message)


class UI:
    def __init__(self, driver, base_url, recorder, javascript=True):
        self.driver = driver
        self.base_url = base_url
        self.recorder = recorder
        self.javascript = javascript

    # Where we are

    def path(self):
        """Path and query of the address bar."""
        parts = urlsplit(self.driver.current_url)
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def wait_for_path(self, expected, timeout=WAIT_SECONDS):
        try:
            WebDriverWait(self.driver, timeout).until(lambda _: self.path() == expected)
        except TimeoutException:
            raise CheckFailure(f"expected to be at {expected}, address bar shows {self.path()}") from None
        self._wait_loaded()

    def wait_for_path_matching(self, pattern, timeout=WAIT_SECONDS):
        try:
            WebDriverWait(self.driver, timeout).until(lambda _: re.fullmatch(pattern, self.path()))
        except TimeoutException:
            raise CheckFailure(f"expected a page matching {pattern}, address bar shows {self.path()}") from None
        self._wait_loaded()

    def wait_for_text(self, css, text, timeout=WAIT_SECONDS):
        """Waits until an element matching `css` shows exactly `text` (e.g. after a redirect to the same URL)."""
        def shows(_):
            try:
                return any(element.text.strip() == text for element in self.find_all(css))
            except StaleElementReferenceException:
                return False
            except WebDriverException as error:  # the element's document was replaced while read
                if "does not belong to the document" in str(error):
                    return False
                raise
        try:
            WebDriverWait(self.driver, timeout).until(shows)
        except TimeoutException:
            raise CheckFailure(f"'{css}' never showed '{text}' (at {self.path()})") from None
        self._wait_loaded()

    def wait_for_new_page(self, old_html, timeout=WAIT_SECONDS):
        """After a form posts back to its own URL (422), the address does not change: wait for a new
        document, or (with JavaScript) for app.js to swap in the answer."""
        def replaced(_):
            try:
                old_html.tag_name
                return self.javascript and self.driver.execute_script("return window.e2eSwaps !== 0")
            except StaleElementReferenceException:
                return True
            except WebDriverException as error:  # Chromium's way of saying the same while navigating
                return "does not belong to the document" in str(error)
        try:
            WebDriverWait(self.driver, timeout).until(replaced)
        except TimeoutException:
            raise CheckFailure("the page did not reload after submitting") from None
        self._wait_loaded()

    def _wait_loaded(self):
        """The document is loaded and (with JavaScript) app.js awaits no answer."""
        WebDriverWait(self.driver, WAIT_SECONDS).until(lambda d: d.execute_script(
            "return document.readyState === 'complete' && !document.documentElement.hasAttribute('aria-busy')"))

    def _mark(self):
        """Returns the <html> to wait on for the next page; with JavaScript, also counts app.js's swaps
        (a new document has no counter, which reads as "swapped" too)."""
        if self.javascript:
            self.driver.execute_script(
                "window.e2eSwaps = 0; if (!window.e2eCounting) { window.e2eCounting = true;"
                " document.addEventListener('waypoint:swap', () => { window.e2eSwaps += 1; }); }")
        return self.find("html")

    def _follow(self, link, activate, then):
        """Activates a link and waits for where it leads: `then`, or else the next page or swap
        (a link to a #fragment of this page loads nothing)."""
        same_page = self.driver.execute_script(
            "const a = arguments[0]; return Boolean(a.hash) && a.pathname + a.search === location.pathname + location.search",
            link)
        old_html = self._mark()
        activate()
        if then:
            self.wait_for_path(then)
        elif not same_page:
            self.wait_for_new_page(old_html)

    # Looking

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def exists(self, css):
        return bool(self.find_all(css))

    def text(self, css):
        return self.find(css).text.strip()

    def heading(self):
        """The page's h1 (flow, screen and account pages) or the deepest library pane's title."""
        for css in ("#detail-title", "#settings-title", "#list-title", "h1"):
            found = [element for element in self.find_all(css) if element.text.strip()]
            if found:
                return found[0].text.strip()
        return ""

    def current_tab(self):
        current = self.find_all(".tab-bar a[aria-current='page']")
        return current[0].text.strip() if current else None

    def tab_links(self):
        """Each tab's link, path and query (a list's page is part of where a tab was left)."""
        def local(href):
            parts = urlsplit(href)
            return parts.path + (f"?{parts.query}" if parts.query else "")
        return {link.text.strip(): local(link.get_attribute("href")) for link in self.find_all(".tab-bar a")}

    def link(self, text, within="body"):
        """The first visible link whose visible text is `text` (or starts with it)."""
        links = self.find_all(f"{within} a")
        for exact in (True, False):
            for link in links:
                label = " ".join(link.text.split())
                if (label == text if exact else label.startswith(text)) and link.is_displayed():
                    return link
        raise CheckFailure(f"no visible link '{text}' in {within} at {self.path()}")

    # Doing

    def open(self, path):
        """Types an address into the address bar (a deep link, cold)."""
        self.driver.get(self.base_url + path)
        self._wait_loaded()

    def click_link(self, text, within="body", then=None):
        link = self.link(text, within)
        self._scroll_to(link)
        self._follow(link, link.click, then)

    def follow_with_keyboard(self, text, within="body", then=None):
        """Focuses the link and presses Enter, as a keyboard user would."""
        link = self.link(text, within)
        self._scroll_to(link)
        self._follow(link, lambda: link.send_keys(Keys.ENTER), then)

    def submit_with_enter(self, field_name):
        """Presses Enter in a field, which submits its form; returns the old <html> to wait on."""
        old_html = self._mark()
        self.find(f"#field-{field_name}").send_keys(Keys.ENTER)
        return old_html

    def type_into(self, field_name, text):
        field = self.find(f"#field-{field_name}")
        self._scroll_to(field)
        field.click()
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.DELETE)
        if text:
            field.send_keys(text)

    def press(self, label, within="body"):
        """Clicks the visible submit button labelled `label`; returns the old <html> to wait on.
        With JavaScript a live update may replace the page between finding the button and clicking
        it (the page refetches itself after a change, its own included): a click on a button gone
        from the page did nothing, so the button on screen now is found and clicked instead."""
        for _ in range(3):
            try:
                for button in self.find_all(f"{within} button"):
                    if " ".join(button.text.split()) == label and button.is_displayed():
                        self._scroll_to(button)
                        old_html = self._mark()
                        button.click()
                        return old_html
            except StaleElementReferenceException:
                continue
            raise CheckFailure(f"no visible button '{label}' in {within} at {self.path()}")
        raise CheckFailure(f"the button '{label}' in {within} was replaced three times before it could be pressed")

    def _scroll_to(self, element):
        try:
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'});", element)
        except StaleElementReferenceException:
            pass

    # Recording

    def snap(self, name, focus=True):
        """Saves and checks the page; checks visible focus too (Tab from the top)."""
        stem = self.recorder.record(self.driver, name, javascript=self.javascript)
        if focus:
            self.recorder.check_focus_visible(self.driver, stem)
        return stem
