"""The walk a new user takes through Waypoint, one function per step of the issue. Each step starts
from wherever the previous one left the browser, as a person would; `Walk` carries what they share."""

import glob
import os
import re
import time
from urllib.parse import quote

from selenium.webdriver.support.ui import Select

from browser import make_driver
from ui import UI, expect

FLOW_TITLES = {"/flow": "Primary", "/flow/secondary1": "Secondary 1",
               "/flow/secondary2": "Secondary 2", "/flow/secondary1/tertiary": "Tertiary"}


def seeded_item_title(item_id):
    """The demo seed: item n of category c has id (c - 1) * 50 + n and the title "Item n <c>"."""
    category, number = divmod(item_id - 1, 50)
    return f"Item {number + 1} <{category + 1}>"


class Walk:
    def __init__(self, ui, server, recorder, artifacts_dir):
        self.ui = ui
        self.server = server
        self.recorder = recorder
        self.artifacts_dir = artifacts_dir
        self.username = "walker"
        self.email = f"{self.username}@example.com"
        self.password = "first-password-1"
        self.new_password = "second-password-2"


def expect_screen(ui, path):
    """The page on screen is the one `path` names: right heading, right tab, right selection."""
    expect(ui.path() == path, f"address bar shows {ui.path()}, expected {path}")
    if path in FLOW_TITLES:
        expect(ui.current_tab() == "Flow", f"{path}: current tab is {ui.current_tab()}")
        expect(ui.text("h1") == FLOW_TITLES[path], f"{path}: heading is '{ui.text('h1')}'")
        return
    library = re.fullmatch(r"/library/category-(\d+)(?:/items/(\d+)(?:/(overview|details|options))?)?", path)
    if library:
        expect(ui.current_tab() == "Library", f"{path}: current tab is {ui.current_tab()}")
        expect(ui.text("#list-title") == f"Category {library[1]}", f"{path}: list is '{ui.text('#list-title')}'")
        selected_rows = ui.find_all(".item-list a[aria-current='page']")
        if library[2] is None:
            expect(not ui.exists("#detail-title"), f"{path}: an item is still shown")
            expect(not selected_rows, f"{path}: an item is still selected in the list")
        else:
            item_id = int(library[2])
            expect(ui.text("#detail-title") == seeded_item_title(item_id), f"{path}: detail is '{ui.text('#detail-title')}'")
            tab = (library[3] or "overview").capitalize()
            expect(ui.text(".detail-tabs a[aria-current='page']") == tab, f"{path}: item tab is not {tab}")
            expect(len(selected_rows) == 1 and selected_rows[0].get_attribute("href").endswith(f"/items/{item_id}"),
                   f"{path}: list selection does not match the item")
        return
    if path.startswith("/screen"):
        expect(ui.current_tab() == "Screen", f"{path}: current tab is {ui.current_tab()}")
        expect(ui.exists("dialog[open]") == (path == "/screen/sheet"), f"{path}: sheet presence is wrong")


def step_deep_link(walk):
    """1. Open a deep link cold and see that item's Options tab."""
    ui = walk.ui
    ui.open("/library/category-2/items/55/options")
    expect_screen(ui, "/library/category-2/items/55/options")
    expect(ui.exists(".detail-options #field-title"), "Options tab has no edit form")
    expect(ui.find("#field-title").get_attribute("value") == "Item 5 <2>", "edit form does not hold the item's title")
    ui.snap("deep link options")


def step_category_and_tabs(walk):
    """2. Change category (the item selection clears); open an item; switch its tabs."""
    ui = walk.ui
    ui.click_link("Category 3", within=".category-list", then="/library/category-3")
    expect_screen(ui, "/library/category-3")
    ui.snap("category 3")
    ui.click_link("Item 7 <3>", within=".item-list", then="/library/category-3/items/107")
    expect_screen(ui, "/library/category-3/items/107")
    expect(ui.exists(".detail-overview time"), "Overview tab shows no created date")
    ui.snap("item overview")
    ui.click_link("Details", within=".detail-tabs", then="/library/category-3/items/107/details")
    expect_screen(ui, "/library/category-3/items/107/details")
    expect(len(ui.find_all(".detail-rows tbody tr")) == 10, "Details tab does not show the 10 rows")
    ui.snap("item details")
    ui.click_link("Options", within=".detail-tabs", then="/library/category-3/items/107/options")
    expect_screen(ui, "/library/category-3/items/107/options")
    ui.snap("item options")
    ui.click_link("Category 2", within=".category-list", then="/library/category-2")
    expect_screen(ui, "/library/category-2")
    ui.click_link("Item 5 <2>", within=".item-list", then="/library/category-2/items/55")
    expect_screen(ui, "/library/category-2/items/55")


def step_flow_and_history(walk):
    """3. Push into the Flow tab, leave and come back through the tab bar, back to root, Back/Forward."""
    ui = walk.ui
    library_location = "/library/category-2/items/55"
    ui.click_link("Flow", within=".tab-bar", then="/flow")
    expect_screen(ui, "/flow")
    ui.snap("flow primary")
    ui.click_link("Secondary 1", within=".choices", then="/flow/secondary1")
    expect_screen(ui, "/flow/secondary1")
    ui.click_link("Tertiary", within=".choices", then="/flow/secondary1/tertiary")
    expect_screen(ui, "/flow/secondary1/tertiary")
    expect(ui.find(".back-link").get_attribute("href").endswith("/flow/secondary1"), "tertiary's back link is not secondary 1")
    crumbs = [link.text.strip() for link in ui.find_all(".breadcrumbs a")]
    expect(crumbs == ["Primary", "Secondary 1"], f"breadcrumbs are {crumbs}")
    ui.snap("flow tertiary")
    expect(ui.tab_links().get("Library") == library_location,
           f"Library tab does not remember {library_location}: {ui.tab_links()}")
    ui.click_link("Library", within=".tab-bar", then=library_location)
    expect_screen(ui, library_location)
    expect(ui.tab_links().get("Flow") == "/flow/secondary1/tertiary", f"Flow tab forgot its stack: {ui.tab_links()}")
    ui.click_link("Flow", within=".tab-bar", then="/flow/secondary1/tertiary")
    expect_screen(ui, "/flow/secondary1/tertiary")
    ui.click_link("Back to root", within="main", then="/flow")
    expect_screen(ui, "/flow")
    expect(ui.tab_links().get("Flow") == "/flow", "after back to root the Flow tab still links deeper")
    ui.snap("flow back to root")
    history = [("back", "/flow/secondary1/tertiary"), ("back", library_location),
               ("forward", "/flow/secondary1/tertiary"), ("forward", "/flow")]
    for direction, expected in history:
        getattr(ui.driver, direction)()
        ui.wait_for_path(expected)
        expect_screen(ui, expected)  # Chromium may restore the page from its back/forward cache
        ui.snap(f"history {direction} {expected}", focus=False)
        ui.driver.refresh()  # and the server, asked again, agrees
        ui.wait_for_path(expected)
        expect_screen(ui, expected)
    ui.click_link("Navigation inspector", within="footer", then="/_navigation")
    events = [[cell.text.strip() for cell in row.find_elements("css selector", "td")]
              for row in ui.find_all("table.events tbody tr")]
    expect(any(event[1] == "pop" for event in events if len(event) > 3),
           f"the inspector shows no pop after 'Back to root': {events[:6]}")
    ui.snap("navigation inspector")


def _sheet_round_trip(ui, label):
    ui.click_link("Screen", within=".tab-bar", then="/screen")
    expect_screen(ui, "/screen")
    expect(ui.exists(".today time[datetime]"), "Screen tab shows no date")
    ui.snap(f"screen {label}")
    ui.click_link("Present a sheet", within="main", then="/screen/sheet")
    expect_screen(ui, "/screen/sheet")
    dialog = ui.find("dialog[open]")
    expect(dialog.is_displayed(), "the sheet is not visible")
    expect("has-sheet" in (ui.find("body").get_attribute("class") or ""), "page behind the sheet is not marked")
    behind = ui.driver.execute_script("return getComputedStyle(document.querySelector('.page')).pointerEvents")
    expect(behind == "none", f"the page behind the sheet still takes clicks (pointer-events: {behind})")
    width = ui.driver.execute_script("return window.innerWidth")
    rect = dialog.rect
    expect(rect["x"] >= 0 and rect["x"] + rect["width"] <= width, f"sheet is cut off: {rect}")
    ui.snap(f"screen sheet {label}")
    ui.click_link("Close", within="dialog[open]", then="/screen")
    expect_screen(ui, "/screen")
    expect(not ui.exists("dialog"), "sheet still shown after closing")
    ui.click_link("Push a detail screen", within="main", then="/screen/detail")
    expect(ui.find(".back-link").get_attribute("href").endswith("/screen"), "detail's back link is not /screen")
    ui.snap(f"screen detail {label}")
    ui.click_link("Back to", within="main", then="/screen")


def step_sheet(walk):
    """4. Open and close the Screen tab's sheet, then again in a browser with JavaScript off."""
    _sheet_round_trip(walk.ui, "js")
    driver = make_driver(javascript=False)
    try:
        no_js = UI(driver, walk.ui.base_url, walk.recorder, javascript=False)
        driver.get("data:text/html,<p id=probe>off</p><script>probe.textContent='on'</script>")
        expect(no_js.text("#probe") == "off", "JavaScript is not disabled in the second browser")
        no_js.open("/library")
        _sheet_round_trip(no_js, "no js")
    finally:
        driver.quit()


def step_account_and_items(walk):
    """5. Adding while signed out leads to sign-in; invalid input shows errors; register, come back,
    add, edit and delete an item."""
    ui = walk.ui
    ui.click_link("Library", within=".tab-bar")
    ui.click_link("Category 3", within=".category-list", then="/library/category-3")
    ui.click_link("New item", within="main", then="/login?next=" + quote("/library/category-3/items/new", safe=""))
    ui.snap("login required")
    ui.type_into("username", "nobody here")
    ui.type_into("password", "")
    ui.wait_for_new_page(ui.press("Sign in", within="main"))
    expect(ui.path().startswith("/login?next="), f"invalid sign-in left the page: {ui.path()}")
    expect(ui.text(".error-summary h2") == "Form Invalid", "no 'Form Invalid' summary")
    expect(ui.exists("#field-password-error"), "no inline error for the empty password")
    expect(ui.find("#field-password").get_attribute("aria-invalid") == "true", "password not marked invalid")
    expect(ui.find("#field-username").get_attribute("value") == "nobody here", "username was not kept")
    expect(any(a.get_attribute("href").endswith("#field-password") for a in ui.find_all(".error-summary a")),
           "summary does not link to the password field")
    ui.snap("login invalid")
    ui.click_link("Create an account", within="main",
                  then="/register?next=" + quote("/library/category-3/items/new", safe=""))
    ui.type_into("email", "not-an-email")
    ui.type_into("username", walk.username)
    ui.type_into("password", "short")
    ui.wait_for_new_page(ui.press("Create account", within="main"))
    expect(ui.text(".error-summary h2") == "Form Invalid", "no 'Form Invalid' summary on register")
    expect(ui.exists("#field-email-error") and ui.exists("#field-password-error"), "register field errors missing")
    expect(ui.find("#field-password").get_attribute("value") == "", "the password was sent back")
    ui.snap("register invalid")
    ui.type_into("email", walk.email)
    ui.type_into("username", walk.username)
    ui.type_into("password", walk.password)
    ui.press("Create account", within="main")
    ui.wait_for_path("/library/category-3/items/new")
    expect(ui.exists("dialog[open] #field-title"), "did not land back on the New item sheet")
    expect(walk.username in ui.text(".account-area"), "not signed in after registering")
    ui.snap("new item sheet")
    ui.wait_for_new_page(ui.press("Add item", within="dialog"))
    expect(ui.exists("dialog[open] .error-summary") and ui.exists("#field-title-error"), "empty title accepted")
    ui.snap("new item invalid")
    ui.type_into("title", "Walk item")
    ui.type_into("subtitle", "Added by the end-to-end walk")
    ui.press("Add item", within="dialog")
    ui.wait_for_path_matching(r"/library/category-3/items/\d+")
    item_path = ui.path()
    expect(ui.text("#detail-title") == "Walk item", "new item not shown")
    expect(ui.link("Walk item", within=".item-list").get_attribute("aria-current") == "page", "new item not selected")
    ui.snap("item added")
    ui.click_link("Options", within=".detail-tabs", then=item_path + "/options")
    ui.type_into("title", "Walk item, renamed")
    ui.press("Save", within=".detail-options")
    ui.wait_for_text("#detail-title", "Walk item, renamed")
    expect(ui.path() == item_path + "/options", f"edit did not return to the Options tab: {ui.path()}")
    ui.link("Walk item, renamed", within=".item-list")
    expect(_category_count(ui, "Category 3") == "51", f"sidebar count is {_category_count(ui, 'Category 3')}, expected 51")
    ui.snap("item edited")
    ui.wait_for_new_page(ui.press("Add to favourites", within=".detail-options"))
    expect(ui.exists(".item-list a[aria-current='page'] .favourite"), "no favourite star in the list after favouriting")
    ui.wait_for_new_page(ui.press("Remove from favourites", within=".detail-options"))
    expect(not ui.exists(".item-list a[aria-current='page'] .favourite"), "favourite star stays after removing it")
    ui.click_link("Delete this item", within=".detail-options", then=item_path + "/delete")
    expect(ui.text("dialog[open] #sheet-title") == "Delete item?", "no delete confirmation sheet")
    ui.snap("delete sheet")
    ui.press("Delete", within="dialog")
    ui.wait_for_path("/library/category-3")
    expect(not [a for a in ui.find_all(".item-list a") if a.text.startswith("Walk item")], "deleted item still listed")
    expect(_category_count(ui, "Category 3") == "50", f"sidebar count is {_category_count(ui, 'Category 3')} after deleting")
    ui.snap("item deleted")
    ui.open(item_path)
    expect(ui.text("h1") == "Page not found", f"the deleted item's address shows '{ui.heading()}'")
    ui.snap("deleted item not found")
    ui.click_link("Library", within=".tab-bar")


def _category_count(ui, name):
    """The item count shown next to a category in the sidebar."""
    link = ui.link(name, within=".category-list")
    count = re.match(r"\s*(\d+)", link.find_element("css selector", ".count").get_attribute("textContent"))
    return count[1] if count else None


def _sign_out(ui):
    ui.press("Sign out", within=".account-area")
    ui.wait_for_text(".account-area a", "Sign in")


def _sign_in(ui, username, password):
    before = ui.path()
    ui.click_link("Sign in", within=".account-area")
    expect(ui.path().startswith("/login"), f"Sign in link went to {ui.path()}")
    ui.type_into("username", username)
    ui.type_into("password", password)
    ui.press("Sign in", within="main")
    return before


def step_sign_out_in_and_reset(walk):
    """6. Sign out; sign in; forgot password through the outbox link; sign in with the new password."""
    ui = walk.ui
    _sign_out(ui)
    ui.snap("signed out")
    came_from = _sign_in(ui, walk.username, walk.password)
    ui.wait_for_path(came_from)
    expect(walk.username in ui.text(".account-area"), "not signed in")
    _sign_out(ui)
    ui.click_link("Sign in", within=".account-area")
    ui.click_link("Forgot your password?", within="main")
    expect(ui.path().startswith("/forgot-password"), f"not on the forgot-password page: {ui.path()}")
    ui.snap("forgot password")
    sent_before = set(glob.glob(os.path.join(walk.server.outbox, "*.txt")))
    ui.type_into("email", walk.email)
    ui.wait_for_new_page(ui.press("Send reset link", within="main"))
    expect(ui.exists(".notice"), "no notice after asking for a reset link")
    ui.snap("reset link sent")
    deadline = time.monotonic() + 10
    messages = []
    while time.monotonic() < deadline:
        messages = sorted(set(glob.glob(os.path.join(walk.server.outbox, "*.txt"))) - sent_before)
        if messages:
            break
        time.sleep(0.2)
    expect(messages, f"no new message in {walk.server.outbox}")
    newest = max(messages, key=os.path.getmtime)
    with open(newest, encoding="utf-8") as mail:
        body = mail.read()
    expect(f"To: {walk.email}" in body, "the reset mail is not addressed to the account")
    link = re.search(r"(/reset-password/[A-Za-z0-9_\-%.~]+)", body)
    expect(link, f"no /reset-password/ link in {newest}")
    ui.open(link[1])
    expect(ui.exists("#field-password") and ui.exists("#field-confirmation"), "reset form not shown")
    ui.snap("reset password")
    ui.type_into("password", walk.new_password)
    ui.type_into("confirmation", walk.new_password)
    ui.press("Set password", within="main")
    ui.wait_for_text(".account-area strong", walk.username)
    _sign_out(ui)
    _sign_in(ui, walk.username, walk.password)
    ui.wait_for_text(".error-summary a", "Incorrect username or password")
    ui.snap("old password refused")
    ui.type_into("username", walk.username)
    ui.type_into("password", walk.new_password)
    ui.press("Sign in", within="main")
    ui.wait_for_text(".account-area strong", walk.username)
    expect(not ui.path().startswith("/login"), f"still on the sign-in page: {ui.path()}")
    ui.snap("signed in with new password")


def _theme_and_background(ui):
    return ui.driver.execute_script(
        "return [document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor,"
        " getComputedStyle(document.documentElement).backgroundColor]")


def step_theme(walk):
    """7. Change the theme in Settings and see it applied."""
    ui = walk.ui
    ui.click_link("Library", within=".tab-bar")
    ui.click_link("Settings", within=".settings-link", then="/library/settings")
    before = _theme_and_background(ui)
    ui.snap("settings")
    for theme in ("dark", "light", "dark"):
        Select(ui.find("#field-theme")).select_by_value(theme)
        old = ui.press("Save settings", within="main")
        ui.wait_for_new_page(old)
        ui.wait_for_path("/library/settings")
        now = _theme_and_background(ui)
        expect(now[0] == theme, f"data-theme is {now[0]}, expected {theme}")
        expect(Select(ui.find("#field-theme")).first_selected_option.get_attribute("value") == theme,
               "the theme select does not show the saved theme")
        if theme == "dark":
            expect(now[1:] != before[1:], f"background did not change with the dark theme: {before} → {now}")
            dark = now
        else:
            expect(now[1:] != dark[1:], f"background did not change back with the light theme: {now}")
        ui.snap(f"theme {theme}")


def step_restart(walk):
    """8. Restart the server on the same data and port; the same session lands on the same screens."""
    ui = walk.ui
    ui.click_link("Flow", within=".tab-bar")
    ui.click_link("Secondary 1", within=".choices", then="/flow/secondary1")
    ui.click_link("Library", within=".tab-bar")
    ui.click_link("Category 2", within=".category-list", then="/library/category-2")
    ui.click_link("Item 9 <2>", within=".item-list", then="/library/category-2/items/59")
    ui.click_link("Details", within=".detail-tabs", then="/library/category-2/items/59/details")
    path, tabs, heading = ui.path(), ui.tab_links(), ui.heading()
    code = walk.server.terminate()
    expect(code == 0, f"server exited with {code} after SIGTERM")
    for attempt in range(3):
        try:
            walk.server.start()
            break
        except Exception:
            if attempt == 2:
                raise
            time.sleep(1)
    ui.driver.refresh()
    ui.wait_for_path(path)
    expect_screen(ui, path)
    expect(ui.heading() == heading, f"heading changed across the restart: {heading} → {ui.heading()}")
    expect(ui.tab_links() == tabs, f"tab links changed across the restart: {tabs} → {ui.tab_links()}")
    expect(walk.username in ui.text(".account-area"), "signed out by the restart")
    expect(_theme_and_background(ui)[0] == "dark", "theme lost across the restart")
    ui.snap("after restart")
    ui.click_link("Flow", within=".tab-bar", then="/flow/secondary1")
    expect_screen(ui, "/flow/secondary1")
    ui.open("/")
    ui.wait_for_path("/flow/secondary1")


NARROW_CHECK_JS = """
const width = window.innerWidth;
const visible = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
  return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && s.display !== 'none'; };
const keys = document.querySelectorAll('.tab-bar a, .account-area a, .account-area button, h1, h2, .pane-title,'
  + ' .category-list a, .item-list a, .detail-tabs a, main input, main select, main button, main .button, dialog[open]');
const cut = [];
for (const e of keys) {
  if (!visible(e) || e.closest('.visually-hidden')) continue;
  const r = e.getBoundingClientRect();
  if (r.left < -0.5 || r.right > width + 0.5) cut.push(e.tagName + '.' + e.className + ' "' + e.textContent.trim().slice(0, 30)
    + '" ' + Math.round(r.left) + '..' + Math.round(r.right));
}
const panes = [...document.querySelectorAll('.library > .pane')].filter(visible).map(p => p.className);
return {width, scrollWidth: document.documentElement.scrollWidth, cut, panes};
"""


def _expect_narrow(ui, name, pane=None):
    result = ui.driver.execute_script(NARROW_CHECK_JS)
    expect(result["width"] <= 400, f"viewport is {result['width']} px wide, not narrow")
    expect(result["scrollWidth"] <= result["width"], f"{name}: page scrolls sideways ({result['scrollWidth']} > {result['width']})")
    expect(not result["cut"], f"{name}: cut off: {result['cut'][:5]}")
    if pane:
        expect(len(result["panes"]) == 1 and pane in result["panes"][0], f"{name}: visible panes {result['panes']}")
    ui.snap(f"narrow {name}", focus=False)


def step_narrow(walk):
    """9. At 375 px: one Library pane at a time and nothing cut off."""
    ui = walk.ui
    driver = ui.driver
    driver.set_window_size(375, 900)
    if driver.execute_script("return window.innerWidth") != 375:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    try:
        ui.open("/library/category-2/items/59/details")
        _expect_narrow(ui, "item details", "pane--detail")
        ui.click_link("Back to the list", within=".pane--detail")
        ui.wait_for_path("/library/category-2")
        _expect_narrow(ui, "list", "pane--list")
        ui.click_link("All categories", within=".pane--list")
        _expect_narrow(ui, "categories", "pane--sidebar")
        ui.click_link("Category 4", within=".category-list", then="/library/category-4")
        _expect_narrow(ui, "category 4", "pane--list")
        ui.click_link("Item 3 <4>", within=".item-list", then="/library/category-4/items/153")
        _expect_narrow(ui, "item", "pane--detail")
        ui.click_link("Options", within=".detail-tabs", then="/library/category-4/items/153/options")
        _expect_narrow(ui, "item options", "pane--detail")
        ui.click_link("Delete this item", within=".detail-options", then="/library/category-4/items/153/delete")
        _expect_narrow(ui, "delete sheet")
        ui.click_link("Close", within="dialog[open]")
        ui.click_link("Screen", within=".tab-bar", then="/screen")
        _expect_narrow(ui, "screen")
        ui.click_link("Flow", within=".tab-bar")
        _expect_narrow(ui, "flow")
        ui.click_link("Library", within=".tab-bar")
        ui.open("/library/settings")
        _expect_narrow(ui, "settings", "pane--settings")
    finally:
        driver.set_window_size(1280, 900)


STEPS = [
    ("1 deep link", step_deep_link),
    ("2 category and tabs", step_category_and_tabs),
    ("3 flow, tab bar, back/forward", step_flow_and_history),
    ("4 sheet (JS on and off)", step_sheet),
    ("5 sign-in guard, register, add/edit/delete", step_account_and_items),
    ("6 sign out/in, password reset", step_sign_out_in_and_reset),
    ("7 theme", step_theme),
    ("8 restart", step_restart),
    ("9 375 px", step_narrow),
]
