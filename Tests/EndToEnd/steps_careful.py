"""Steps 16–24: what a careful user notices (issue 21), each reproduced and checked. Every step starts
from a page of its own and signs in as the careful user when it needs to (careful.py)."""

import contextlib
import re
import urllib.request
from urllib.parse import quote

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

from browser import WAIT_SECONDS
from careful import CAREFUL_PASSWORD, CAREFUL_USER, add_item, sign_in, sign_out
from ui import expect

LONG_WORD = "Supercalifragilisticexpialidocious" * 3

SIDEWAYS_JS = "return [document.documentElement.scrollWidth, window.innerWidth]"


@contextlib.contextmanager
def phone(ui):
    """A 375 px wide phone (headless Chromium will not make a window that narrow)."""
    ui.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 375, "height": 800, "deviceScaleFactor": 2, "mobile": True})
    try:
        yield
    finally:
        ui.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _no_sideways_scroll(ui, where):
    width, viewport = ui.driver.execute_script(SIDEWAYS_JS)
    expect(width <= viewport, f"{where}: the page is {width} px wide in a {viewport} px window")


def _item_count(ui, category):
    link = ui.find(f".category-list a[href='/library/category-{category}']")
    return int(re.match(r"\s*(\d+)", link.find_element("css selector", ".count").get_attribute("textContent"))[1])


def step_submit_once(walk):
    """16 (JavaScript on). Three quick clicks on "Add item" add one item: the button is disabled while
    the form is sent, and the page says the item was added once."""
    ui = walk.ui
    sign_in(walk)
    ui.open("/library/category-5")
    before = _item_count(ui, 5)
    ui.click_link("New item", within="main", then="/library/category-5/items/new")
    ui.type_into("title", "Clicked three times")
    button = [b for b in ui.find_all("dialog button") if b.text.strip() == "Add item"][0]
    ActionChains(ui.driver).move_to_element(button).click().click().click().perform()
    ui.wait_for_path_matching(r"/library/category-5/items/\d+")
    expect(ui.text("#detail-title") == "Clicked three times", "the added item is not shown")
    after = _item_count(ui, 5)
    expect(after == before + 1, f"three quick clicks added {after - before} items")
    flashes = [p.text for p in ui.find_all(".flash p")]
    expect(flashes == ["Added “Clicked three times”."], f"the page says {flashes}")
    ui.snap("added once after three clicks")


def step_long_words_wrap(walk):
    """17. A title of one long word never widens the page, at 1280 and at 375 px: list, heading,
    delete dialog, inspector."""
    ui = walk.ui
    item = add_item(walk, 6, LONG_WORD, subtitle=LONG_WORD)
    pages = [item, item + "/options", item + "/delete", "/_navigation"]
    for path in pages:
        ui.open(path)
        _no_sideways_scroll(ui, f"{path} at 1280 px")
    ui.open(item)
    title = ui.find("#detail-title")
    expect(title.size["width"] <= ui.driver.execute_script("return window.innerWidth"), "the heading is wider than the window")
    ui.snap("long word at 1280")
    with phone(ui):
        for path in pages:
            ui.open(path)
            _no_sideways_scroll(ui, f"{path} at 375 px")
        ui.open(item + "/delete")
        ui.snap("long word delete sheet at 375", focus=False)
        ui.open("/_navigation")
        ui.snap("inspector events as cards at 375", focus=False)


def _post_form(ui, action, enctype="application/x-www-form-urlencoded", token=True):
    """Sends a form the page did not offer (as a page's own form would be sent: a whole navigation)."""
    old = ui.find("html")
    ui.driver.execute_script(
        "const f = document.createElement('form'); f.method = 'post'; f.action = arguments[0];"
        "f.enctype = arguments[1]; f.target = '_self'; f.innerHTML = '<input name=\"title\" value=\"x\">';"
        "if (arguments[2]) { const t = document.querySelector('input[name=csrfToken]'); if (t) f.append(t.cloneNode()); }"
        "document.body.append(f); f.submit();", action, enctype, token)
    ui.wait_for_new_page(old)


def step_error_pages_name_the_request(walk):
    """18. The 405 and 415 error pages quote the request's id ("Reference: …"), as the access log
    and the X-Request-Id header name it."""
    ui = walk.ui
    ui.open("/flow")
    _post_form(ui, "/flow")
    expect(ui.text("h1") == "Method not allowed", f"POST /flow shows '{ui.text('h1')}'")
    reference = ui.text(".error-reference code")
    expect(re.fullmatch(r"[0-9a-f]{16}", reference), f"the 405 page's reference is '{reference}'")
    ui.snap("405 with reference", focus=False)
    ui.open("/login")
    _post_form(ui, "/login", enctype="text/plain")
    expect(ui.text("h1") == "Unsupported form", f"a text/plain form shows '{ui.text('h1')}'")
    reference415 = ui.text(".error-reference code")
    expect(re.fullmatch(r"[0-9a-f]{16}", reference415) and reference415 != reference,
           f"the 415 page's reference is '{reference415}'")
    request = urllib.request.Request(walk.server.base_url + "/flow", method="DELETE")
    try:
        urllib.request.urlopen(request, timeout=WAIT_SECONDS)
        expect(False, "DELETE /flow was accepted")
    except urllib.error.HTTPError as error:
        body = error.read().decode()
        expect(error.headers["X-Request-Id"] in body, "the reference on the page is not the response's X-Request-Id")


def step_expired_form_keeps_draft(walk):
    """19. Sign out in another tab, then Save in this one: nothing is saved, the sign-in page says why,
    and after signing in the form is back with the edit typed."""
    ui = walk.ui
    driver = ui.driver
    item = add_item(walk, 7, "Edited in two tabs")
    ui.open(item + "/options")
    ui.type_into("title", "Typed before the other tab signed out")
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    try:
        ui.open("/flow")
        sign_out(ui)
    finally:
        driver.close()
        driver.switch_to.window(first)
    ui.press("Save", within=".detail-options")
    ui.wait_for_path("/login?next=" + quote(item + "/options", safe=""))
    reason = ui.text(".reason")
    expect(reason == "Sign in to save your changes to “Edited in two tabs”.", f"the sign-in page says '{reason}'")
    ui.snap("sign in to save changes")
    ui.type_into("username", CAREFUL_USER)
    ui.type_into("password", CAREFUL_PASSWORD)
    ui.press("Sign in", within="main")
    ui.wait_for_path(item + "/options")
    kept = ui.find("#field-title").get_attribute("value")
    expect(kept == "Typed before the other tab signed out", f"after signing in the form shows '{kept}'")
    expect(ui.text("#detail-title") == "Edited in two tabs", "the edit was saved without being sent again")
    ui.press("Save", within=".detail-options")
    ui.wait_for_text("#detail-title", "Typed before the other tab signed out")


def step_selection_in_view(walk):
    """20. A deep link to item 45 shows its row in the list, scrolled into view (without script too)."""
    ui = walk.ui
    ui.open("/library/category-1/items/45")
    inside = ui.driver.execute_script(
        "const list = document.querySelector('.item-list'), row = list.querySelector('a[aria-current=page]');"
        "const l = list.getBoundingClientRect(), r = row.getBoundingClientRect();"
        "return r.top >= l.top && r.bottom <= l.bottom && r.bottom <= innerHeight")
    expect(inside, "the selected row of a deep-linked item is out of view")
    ui.snap("deep link item 45 in view", focus=False)


def step_back_to_list_keeps_place(walk):
    """21. At 375 px, "Back to the list" from item 45 opens the list at item 45, not at its top."""
    ui = walk.ui
    with phone(ui):
        ui.open("/library/category-1/items/45")
        ui.click_link("Back to the list", within=".pane--detail")
        ui.wait_for_path("/library/category-1")
        WebDriverWait(ui.driver, WAIT_SECONDS).until(lambda d: d.execute_script("return scrollY") > 0)
        shown = ui.driver.execute_script(
            "const r = document.querySelector('#item-45').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight")
        expect(shown, "the list did not open at the item the user came from")
        ui.snap("narrow back to list at item 45", focus=False)


def step_back_after_delete(walk):
    """22 (JavaScript on). Back after deleting an item shows its list with a notice, not a 404."""
    ui = walk.ui
    item = add_item(walk, 2, "Deleted, then Back")
    ui.click_link("Options", within=".detail-tabs", then=item + "/options")
    ui.click_link("Delete this item", within=".detail-options", then=item + "/delete")
    ui.press("Delete", within="dialog")
    ui.wait_for_path_matching(r"/library/category-2(\?page=\d+)?")
    ui.driver.back()
    ui.wait_for_path_matching(r"/library/category-2(\?page=\d+)?")
    notice = " ".join(p.text for p in ui.find_all(".flash p"))
    expect("“Deleted, then Back” was deleted" in notice, f"Back after deleting shows '{ui.heading()}' and '{notice}'")
    ui.snap("back after delete")


def step_sign_in_says_why(walk):
    """23. Favourite while signed out: the sign-in page says why, and after signing in the favourite
    itself is applied, not only the page shown."""
    ui = walk.ui
    item = add_item(walk, 3, "Favourite after sign-in")
    sign_out(ui)
    ui.open(item + "/options")
    ui.press("Add to favourites", within=".detail-options")
    ui.wait_for_path("/login?next=" + quote(item + "/options", safe=""))
    reason = ui.text(".reason")
    expect(reason == "Sign in to add “Favourite after sign-in” to your favourites.", f"the sign-in page says '{reason}'")
    register = ui.link("Create account", within=".account-area").get_attribute("href")
    expect(register.endswith("/register?next=" + quote(item + "/options", safe="")), f"Create account drops next: {register}")
    ui.snap("sign in to favourite")
    ui.type_into("username", CAREFUL_USER)
    ui.type_into("password", CAREFUL_PASSWORD)
    ui.press("Sign in", within="main")
    ui.wait_for_path(item + "/options")
    expect(ui.exists(".item-list a[aria-current='page'] .favourite"), "the favourite was not applied after signing in")
    notice = " ".join(p.text for p in ui.find_all(".flash p"))
    expect("Added “Favourite after sign-in” to favourites." in notice, f"the notice says '{notice}'")
    sign_out(ui)
    ui.open("/library/category-3")
    ui.click_link("New item", within="main")
    expect(ui.text(".reason") == "Sign in to add an item.", "the sign-in page does not say why for New item")


def step_small_things(walk):
    """24. /favicon.ico exists; the 404 page has no empty list; /forgot-password while signed in starts
    no account flow; the inspector's events are cards at 375 px."""
    ui = walk.ui
    with urllib.request.urlopen(walk.server.base_url + "/favicon.ico", timeout=WAIT_SECONDS) as answer:
        expect(answer.status == 200 and answer.headers["Content-Type"] == "image/x-icon", "no /favicon.ico")
    ui.open("/library/nowhere/at/all")
    expect(ui.text("h1") == "Page not found", "no 404 page")
    expect(not ui.exists("ul.closest"), "the 404 page has an empty list of addresses")
    sign_in(walk)
    ui.open("/_navigation")
    starts_before = len([row for row in ui.find_all("table.events tbody tr") if "AccountCoordinator" in row.text])
    ui.open("/forgot-password")
    expect(not ui.path().startswith("/forgot-password"), "signed in, /forgot-password still shows its form")
    ui.open("/_navigation")
    expect(not [w for w in ui.find_all(".warning") if "AccountCoordinator" in w.text], "the inspector flags an account flow")
    starts_after = len([row for row in ui.find_all("table.events tbody tr") if "AccountCoordinator" in row.text])
    expect(starts_after == starts_before, "/forgot-password while signed in started an account coordinator")
    with phone(ui):
        ui.open("/_navigation")
        widths = ui.driver.execute_script(
            "return [...document.querySelectorAll('table.events tbody tr')].slice(0, 3).map(r => [r.getBoundingClientRect().width,"
            " getComputedStyle(r).display, r.cells[3].getBoundingClientRect().width])")
        expect(widths and all(row[1] == "block" and row[2] >= 200 for row in widths),
               f"the events are not cards at 375 px: {widths}")
        _no_sideways_scroll(ui, "inspector at 375 px")


def step_reset_navigation(walk):
    """25. Settings' "Reset navigation" sends every tab back to its first screen (the Library to its
    first shelf, its selection forgotten), says so, and the inspector's ledger shows the reset."""
    ui = walk.ui
    sign_in(walk)
    for path in ("/flow/secondary1/tertiary", "/screen/detail", "/library/category-4/items/160/details"):
        ui.open(path)
    ui.open("/library/settings")
    expect(ui.tab_links().get("Flow") == "/flow/secondary1/tertiary", "the Flow tab does not remember Tertiary")
    ui.snap("settings with reset navigation")
    ui.press("Reset navigation", within=".reset-navigation")
    ui.wait_for_path("/library/category-1")
    notice = " ".join(p.text for p in ui.find_all(".flash p"))
    expect(notice == "Navigation reset: every tab is back at its first screen.", f"the notice says '{notice}'")
    links = ui.tab_links()
    expect(links == {"Library": "/library/category-1", "Flow": "/flow", "Screen": "/screen"}, f"the tabs link to {links}")
    ui.click_link("Navigation inspector", within="footer", then="/_navigation")
    events = [[cell.text.strip() for cell in row.find_elements("css selector", "td")]
              for row in ui.find_all("table.events tbody tr")]
    kinds = [(event[1], event[2]) for event in events if len(event) == 4]
    expect(("reset", "AppCoordinator") in kinds, f"the ledger shows no reset: {kinds[:8]}")
    expect(("pop", "FlowCoordinator") in kinds and ("pop", "ScreenTabCoordinator") in kinds,
           f"the ledger shows no tab popped by the reset: {kinds[:8]}")
    ui.open("/")
    expect(ui.path() == "/library/category-1", f"/ goes to {ui.path()} after the reset")


def _wizard_events(ui):
    ui.click_link("Navigation inspector", within="footer", then="/_navigation")
    rows = [[cell.text.strip() for cell in row.find_elements("css selector", "td")]
            for row in ui.find_all("table.events tbody tr")]
    return [(row[1], row[3]) for row in rows if len(row) == 4 and row[2] == "AddItemWizardCoordinator"]


def step_wizard(walk):
    """26. "Add in steps": a wizard in a sheet, each step its own URL; Next checks the step, Back keeps
    what was typed, a later step's URL opened early goes to the first step not done, the review adds
    the item; Cancel closes the sheet and the wizard's coordinator finishes (the ledger shows both)."""
    ui = walk.ui
    sign_in(walk)
    base = "/library/category-7/items/new"
    ui.open("/library/category-7")
    ui.click_link("Add in steps", within="main", then=base + "/title")
    expect(ui.text("dialog[open] #sheet-title") == "Add an item", "the wizard is not in a sheet")
    expect(ui.text("dialog[open] .sheet-message").startswith("Step 1 of 3"), "no step indicator")
    ui.snap("wizard step 1")
    ui.wait_for_new_page(ui.press("Next", within="dialog"))
    expect(ui.path() == base + "/title", f"an empty title moved to {ui.path()}")
    expect(ui.text("dialog[open] .error-summary h2") == "Item not added", "no error summary on step 1")
    expect(ui.exists("#field-title-error"), "no inline error for the empty title")
    ui.snap("wizard step 1 invalid")
    ui.type_into("title", "Wizard item")
    ui.press("Next", within="dialog")
    ui.wait_for_path(base + "/details")
    expect(not ui.exists("#field-title") and ui.exists("#field-subtitle"), "step 2 does not show its own field only")
    ui.type_into("subtitle", "Three steps")
    ui.press("Back", within="dialog")
    ui.wait_for_path(base + "/title")
    expect(ui.find("#field-title").get_attribute("value") == "Wizard item", "Back lost the title")
    ui.press("Next", within="dialog")
    ui.wait_for_path(base + "/details")
    expect(ui.find("#field-subtitle").get_attribute("value") == "Three steps", "Back then Next lost the subtitle")
    ui.press("Next", within="dialog")
    ui.wait_for_path(base + "/review")
    message = ui.text("dialog[open] .sheet-message")
    expect("“Wizard item”" in message and "“Three steps”" in message, f"the review says '{message}'")
    ui.snap("wizard review")
    ui.press("Add item", within="dialog")
    ui.wait_for_path_matching(r"/library/category-7/items/\d+")
    expect(ui.text("#detail-title") == "Wizard item", "the wizard did not add the item")
    expect(ui.text(".detail-subtitle") == "Three steps", "the wizard lost the subtitle")
    events = _wizard_events(ui)
    expect(events and events[0][0] == "finish" and events[-1][0] == "start", f"the wizard's ledger: {events}")
    expect({"/library/category-7/items/new/details", "/library/category-7/items/new/review"} <= {e[1] for e in events},
           f"the ledger does not show the steps: {events}")

    ui.open(base + "/review")
    expect(ui.path() == base + "/title", f"the review opened before its turn shows {ui.path()}")
    ui.type_into("title", "Cancelled item")
    ui.press("Next", within="dialog")
    ui.wait_for_path(base + "/details")
    ui.click_link("Cancel", within="dialog")
    ui.wait_for_path_matching(r"/library/category-7(\?page=\d+)?")
    expect(not ui.exists("dialog"), "Cancel left the sheet open")
    events = _wizard_events(ui)
    expect(events and events[0][0] == "finish", f"after Cancel the wizard did not finish: {events[:3]}")
    ui.open(base + "/title")
    expect(ui.find("#field-title").get_attribute("value") == "", "a new wizard kept the cancelled one's title")
