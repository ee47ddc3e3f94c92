"""Steps 1–4: deep links, the Library's selection and tabs, the Flow stack with the tab bar and the
browser's history, and the Screen tab's sheet with JavaScript on and off."""

from selenium.common.exceptions import ElementClickInterceptedException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser import make_driver
from ui import UI, expect
from walk import CATEGORY_NAMES, ITEM_TITLES, expect_screen


def step_deep_link(walk):
    """1. Open a deep link cold and see that item's Options tab."""
    ui = walk.ui
    ui.open("/library/category-2/items/56/options")
    expect_screen(ui, "/library/category-2/items/56/options")
    expect(ui.exists(".detail-options #field-title"), "Options tab has no edit form")
    # "Romeo & Juliet": the ampersand escaped in the value attribute reads back as one.
    expect(ui.find("#field-title").get_attribute("value") == ITEM_TITLES[56], "edit form does not hold the item's title")
    ui.snap("deep link options")


def step_category_and_tabs(walk):
    """2. Change category (the item selection clears); open an item; switch its tabs."""
    ui = walk.ui
    ui.click_link(CATEGORY_NAMES[3], within=".category-list", then="/library/category-3")
    expect_screen(ui, "/library/category-3")
    placeholder = ui.find_all(".library > .pane--placeholder")
    expect(placeholder and placeholder[0].is_displayed()
           and placeholder[0].text.strip() == "Select an item to see its details",
           "no placeholder in the detail pane while no item is selected")
    before = _pane_box(ui, ".pane--list")
    ui.snap("category 3")
    ui.click_link(ITEM_TITLES[106], within=".item-list", then="/library/category-3/items/106")
    expect_screen(ui, "/library/category-3/items/106")
    after = _pane_box(ui, ".pane--list")
    expect(before == after, f"selecting an item moved the list pane: {before} → {after}")
    expect(not ui.exists(".pane--placeholder"), "the placeholder stays beside the selected item")
    expect(ui.exists(".detail-overview") and ui.exists(".pane--detail time[datetime]"), "Overview tab shows no created date")
    ui.snap("item overview")
    ui.follow_with_keyboard("Details", within=".detail-tabs", then="/library/category-3/items/106/details")
    expect_screen(ui, "/library/category-3/items/106/details")
    expect(len(ui.find_all(".detail-rows tbody tr")) == 10, "Details tab does not show the 10 rows")
    expect(ui.exists(".pane--detail time[datetime]"), "Details tab shows no created date above the rows")
    ui.snap("item details")
    ui.click_link("Options", within=".detail-tabs", then="/library/category-3/items/106/options")
    expect_screen(ui, "/library/category-3/items/106/options")
    ui.snap("item options")
    ui.click_link(CATEGORY_NAMES[2], within=".category-list", then="/library/category-2")
    expect_screen(ui, "/library/category-2")
    ui.click_link(ITEM_TITLES[56], within=".item-list", then="/library/category-2/items/56")
    expect_screen(ui, "/library/category-2/items/56")


def _pane_box(ui, css):
    """x, y and width of a pane at the top of the page, the window's width (1280 px) and scroll undone."""
    return ui.driver.execute_script(
        "scrollTo({top: 0, behavior: 'instant'}); const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        " return [innerWidth, Math.round(r.x), Math.round(r.y), Math.round(r.width)]", css)


INSPECTOR_FIT_JS = """
const over = [];
for (const card of document.querySelectorAll('.stack, .tree')) {
  if (card.scrollWidth > card.clientWidth + 1) over.push(card.className + ' ' + card.scrollWidth + '>' + card.clientWidth);
  const box = card.getBoundingClientRect();
  for (const e of card.querySelectorAll('li, p, svg')) {
    const r = e.getBoundingClientRect();
    if (r.right > box.right + 0.5) over.push(e.tagName + ' "' + e.textContent.trim().slice(0, 40) + '" ends at ' + Math.round(r.right) + ' > ' + Math.round(box.right));
  }
}
const scale = [...document.querySelectorAll('svg.diagram')].map(svg =>
  svg.getBoundingClientRect().width / svg.viewBox.baseVal.width);
const label = document.querySelector('svg.diagram text');
return {over, scale, labelHeight: label ? label.getBoundingClientRect().height : 0,
        hidden: [...document.querySelectorAll('svg.diagram')].every(s => s.getAttribute('aria-hidden') === 'true'),
        width: innerWidth, scrollWidth: document.documentElement.scrollWidth};
"""


def expect_inspector_fits(ui, name):
    """The inspector's cards hold their long routes (wrapped), its pictures scale down to fit and stay
    readable, and the page never scrolls sideways."""
    result = ui.driver.execute_script(INSPECTOR_FIT_JS)
    expect(not result["over"], f"{name}: inspector content overflows its card: {result['over'][:4]}")
    expect(result["scrollWidth"] <= result["width"], f"{name}: page scrolls sideways ({result['scrollWidth']} > {result['width']})")
    expect(result["scale"] and min(result["scale"]) >= 0.85, f"{name}: inspector pictures shrink too far: {result['scale']}")
    expect(result["labelHeight"] >= 10, f"{name}: picture labels are {result['labelHeight']} px high")
    expect(result["hidden"], f"{name}: a picture is announced besides its text")


def step_flow_and_history(walk):
    """3. Push into the Flow tab, leave and come back through the tab bar, back to root, Back/Forward."""
    ui = walk.ui
    library_location = "/library/category-2/items/56"
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
    expect(ui.tab_links().get("Flow") == "/flow", f"the current tab's link does not pop to its root: {ui.tab_links()}")
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
    expect_inspector_fits(ui, "inspector at 1280 px")
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
    try:
        ui.link("Flow", within=".tab-bar").click()
    except ElementClickInterceptedException:
        pass
    expect(ui.path() == "/screen/sheet", f"a click on the page behind the sheet navigated to {ui.path()}")
    focused = []
    for _ in range(6):
        ActionChains(ui.driver).send_keys(Keys.TAB).perform()
        focused.append(ui.driver.execute_script(
            "const e = document.activeElement; return e.closest('.page') ? 'page' : e.closest('dialog') ? 'sheet' : 'other'"))
    expect("page" not in focused and "sheet" in focused, f"Tab reaches the page behind the sheet: {focused}")
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
    """4. Open and close the Screen tab's sheet, then again in a browser with JavaScript off (in the
    walk without JavaScript, its own browser is that one)."""
    if not walk.ui.javascript:
        _sheet_round_trip(walk.ui, "no js walk")
        return
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
