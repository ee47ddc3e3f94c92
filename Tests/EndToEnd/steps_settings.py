"""Steps 7–9: the theme setting applied, navigation surviving a server restart, and the layout at
375 px (one Library pane at a time, nothing cut off)."""

import time

from selenium.webdriver.support.ui import Select

from steps_navigation import expect_inspector_fits
from ui import expect
from walk import CATEGORY_NAMES, ITEM_TITLES, expect_screen


def _theme_and_background(ui):
    return ui.driver.execute_script(
        "return [document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor,"
        " getComputedStyle(document.documentElement).backgroundColor]")


def step_theme(walk):
    """7. Change the theme in Settings and see it applied; a display name replaces the username."""
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
        # Read in one script: a live "reset" may swap the page again between finding and reading.
        shown = ui.driver.execute_script("return document.querySelector('#field-theme').value")
        expect(shown == theme, f"the theme select shows {shown}, not the saved {theme}")
        if theme == "dark":
            expect(now[1:] != before[1:], f"background did not change with the dark theme: {before} → {now}")
            dark = now
        else:
            expect(now[1:] != dark[1:], f"background did not change back with the light theme: {now}")
        ui.snap(f"theme {theme}")
    ui.type_into("displayName", walk.display_name)  # markup in a name is text, never HTML
    ui.wait_for_new_page(ui.press("Save settings", within="main"))
    ui.wait_for_text(".account-area strong", walk.display_name)
    expect(not ui.exists(".account-area strong b"), "the display name was rendered as HTML")
    expect(ui.find("#field-displayName").get_attribute("value") == walk.display_name, "display name not kept in the form")
    expect(_theme_and_background(ui)[0] == "dark", "saving the display name lost the theme")


def step_restart(walk):
    """8. Restart the server on the same data and port; the same session lands on the same screens."""
    ui = walk.ui
    ui.click_link("Flow", within=".tab-bar")
    ui.click_link("Secondary 1", within=".choices", then="/flow/secondary1")
    ui.click_link("Screen", within=".tab-bar", then="/screen")
    ui.click_link("Present a sheet", within="main", then="/screen/sheet")
    ui.open("/library/category-2")  # the sheet is modal: the address bar is the way out without closing it
    ui.click_link(ITEM_TITLES[59], within=".item-list", then="/library/category-2/items/59")
    ui.click_link("Details", within=".detail-tabs", then="/library/category-2/items/59/details")
    path, tabs, heading = ui.path(), ui.tab_links(), ui.heading()
    expect(tabs.get("Screen") == "/screen/sheet", f"the Screen tab forgot its sheet: {tabs}")
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
    expect(ui.text(".account-area strong") == walk.display_name, "signed out by the restart")
    expect(_theme_and_background(ui)[0] == "dark", "theme lost across the restart")
    ui.snap("after restart")
    ui.click_link("Screen", within=".tab-bar", then="/screen/sheet")
    expect_screen(ui, "/screen/sheet")
    ui.click_link("Close", within="dialog[open]", then="/screen")
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
        ui.open("/_navigation")
        expect(ui.exists(".events-scroll table.events"), "the inspector's events are not in their own box")
        expect_inspector_fits(ui, "inspector at 375 px")
        _expect_narrow(ui, "inspector")
        ui.open("/library/category-2/items/59/details")
        _expect_narrow(ui, "item details", "pane--detail")
        ui.click_link("Back to the list", within=".pane--detail")
        ui.wait_for_path("/library/category-2")
        _expect_narrow(ui, "list", "pane--list")
        ui.click_link("All categories", within=".pane--list")
        _expect_narrow(ui, "categories", "pane--sidebar")
        ui.click_link(CATEGORY_NAMES[4], within=".category-list", then="/library/category-4")
        _expect_narrow(ui, "category 4", "pane--list")
        # An item of the walker's own: only its creator (or an administrator) is offered its forms.
        ui.click_link("New item", within="main", then="/library/category-4/items/new")
        _expect_narrow(ui, "new item sheet")
        ui.type_into("title", "Narrow item")
        ui.press("Add item", within="dialog")
        ui.wait_for_path_matching(r"/library/category-4/items/\d+")
        item_path = ui.path()
        _expect_narrow(ui, "item", "pane--detail")
        ui.click_link("Options", within=".detail-tabs", then=item_path + "/options")
        _expect_narrow(ui, "item options", "pane--detail")
        ui.click_link("Delete this item", within=".detail-options", then=item_path + "/delete")
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
