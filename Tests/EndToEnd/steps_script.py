"""Steps 11–14, with JavaScript on only: what Public/app.js adds. Back/Forward tell the server what the
browser shows (in place and from the back/forward cache); links and forms answer in place and the item
list keeps its scroll; sheets behave as modal dialogs; a slow answer shows progress."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser import WAIT_SECONDS
from ui import expect
from walk import ITEM_TITLES, expect_screen

FLOW = ["/flow", "/flow/secondary1", "/flow/secondary1/tertiary"]


def _mark_document(ui):
    """Tags this document: a full page load (a new document) loses the tag, an in-place swap keeps it."""
    ui.driver.execute_script("window.e2eDocument = 'kept'")


def _same_document(ui):
    return ui.driver.execute_script("return window.e2eDocument") == "kept"


def _flow_stack_and_events(ui):
    """The Flow stack's pages and the ledger's events (newest first) as the inspector shows them."""
    ui.click_link("Navigation inspector", within="footer", then="/_navigation")
    stack = []
    for article in ui.find_all("article.stack"):
        if article.find_element("css selector", "h3").text.strip().startswith("Flow"):
            stack = [item.text.strip() for item in article.find_elements("css selector", "ol li")]
    events = [[cell.text.strip() for cell in row.find_elements("css selector", "td")]
              for row in ui.find_all("table.events tbody tr")]
    return stack, [event for event in events if len(event) == 4]


def _expect_server_followed_back(ui, how):
    """After Back from Tertiary to Secondary 1: the Screen tab's Flow link, the inspector's Flow stack
    and its newest Flow event all say Secondary 1 (the server popped Tertiary)."""
    ui.click_link("Screen", within=".tab-bar", then="/screen")
    flow_link = ui.tab_links().get("Flow")
    expect(flow_link == "/flow/secondary1", f"{how}: after Back the Flow tab links to {flow_link}, a screen the user left")
    stack, events = _flow_stack_and_events(ui)
    expect(stack == FLOW[:2], f"{how}: the server's Flow stack is {stack} after Back")
    flow_events = [event for event in events if "Flow" in event[2]]
    expect(flow_events and flow_events[0][1] == "pop" and flow_events[0][3] == FLOW[2],
           f"{how}: the ledger's newest Flow event is not the pop of Tertiary: {flow_events[:3]}")


def step_back_syncs_server(walk):
    """11. /flow → Secondary 1 → Tertiary, Back: the server follows the browser, both when the pages
    were swapped in place (popstate) and when Back restores a whole page from the back/forward cache."""
    ui = walk.ui
    ui.open(FLOW[0])
    _mark_document(ui)
    ui.click_link("Secondary 1", within=".choices", then=FLOW[1])
    ui.click_link("Tertiary", within=".choices", then=FLOW[2])
    ui.driver.back()
    ui.wait_for_path(FLOW[1])
    expect_screen(ui, FLOW[1])
    ui.snap("back in place to secondary 1", focus=False)
    _expect_server_followed_back(ui, "in place")
    expect(_same_document(ui), "links or Back reloaded the whole page")

    for path in FLOW:  # three whole documents, so Back leaves one for another
        ui.open(path)
        _mark_document(ui)
    ui.driver.back()
    ui.wait_for_path(FLOW[1])
    expect_screen(ui, FLOW[1])
    expect(_same_document(ui), "Back did not restore Secondary 1 from the back/forward cache (the case to test)")
    ui.snap("back from the back-forward cache to secondary 1", focus=False)
    _expect_server_followed_back(ui, "back/forward cache")


LIST_SCROLL_JS = "return document.querySelector('.item-list').scrollTop"


def step_in_place_keeps_scroll(walk):
    """12. Selecting an item low in a long list swaps the detail in place: the address bar changes, the
    list does not jump; Back and Forward bring back the content and the list's scroll."""
    ui = walk.ui
    ui.open("/library/category-1")
    link = ui.link(ITEM_TITLES[35], within=".item-list")
    scrolled = ui.driver.execute_script(
        "const list = document.querySelector('.item-list'), link = arguments[0];"
        "list.scrollTop += link.getBoundingClientRect().top - list.getBoundingClientRect().top - 40;"
        "return [list.scrollTop, window.scrollY]", link)
    expect(scrolled[0] > 0, f"the list of 50 items does not scroll (scrollTop {scrolled[0]})")
    _mark_document(ui)
    link.click()
    ui.wait_for_path("/library/category-1/items/35")
    expect_screen(ui, "/library/category-1/items/35")
    expect(_same_document(ui), "selecting an item reloaded the whole page")
    now = ui.driver.execute_script("return [document.querySelector('.item-list').scrollTop, window.scrollY]")
    expect(abs(now[0] - scrolled[0]) <= 1, f"the list jumped from scrollTop {scrolled[0]} to {now[0]}")
    expect(abs(now[1] - scrolled[1]) <= 1, f"the window jumped from {scrolled[1]} to {now[1]}")
    focused = ui.driver.execute_script("return document.activeElement.getAttribute('href')")
    expect(focused == "/library/category-1/items/35", f"focus left the selected item for {focused}")
    ui.snap("item 35 in place")

    ui.driver.execute_script("document.querySelector('.item-list').scrollTop = 0")
    ui.driver.back()
    ui.wait_for_path("/library/category-1")
    expect_screen(ui, "/library/category-1")
    restored = ui.driver.execute_script(LIST_SCROLL_JS)
    expect(abs(restored - scrolled[0]) <= 1, f"Back did not restore the list's scroll: {restored}, was {scrolled[0]}")
    ui.driver.forward()
    ui.wait_for_path("/library/category-1/items/35")
    expect_screen(ui, "/library/category-1/items/35")
    expect(_same_document(ui), "Back/Forward reloaded the whole page")


def _focus_place(ui):
    return ui.driver.execute_script(
        "const e = document.activeElement; if (!e || e === document.body) return 'body';"
        "return e.closest('dialog') ? 'sheet:' + (e.id || e.className || e.tagName)"
        " : 'page:' + (e.getAttribute('href') || e.id || e.tagName)")


def _page_inert(ui):
    return ui.driver.execute_script("return document.getElementById('page').inert")


def _open_sheet(ui, text, path):
    ui.click_link(text, within="main", then=path)
    expect(ui.exists("dialog[open]"), f"{path}: no sheet")
    expect(_page_inert(ui), f"{path}: the page behind the sheet is not inert")


def _expect_closed_to(ui, path, opener_href):
    ui.wait_for_path(path)
    expect(not ui.exists("dialog"), f"{path}: the sheet is still shown")
    expect(not _page_inert(ui), f"{path}: the page stays inert after the sheet closed")
    place = _focus_place(ui)
    expect(place == f"page:{opener_href}", f"focus did not return to the link that opened the sheet: {place}")


def _click_backdrop(ui):
    """A click near the window's corner, which the dim backdrop (not the sheet) covers."""
    action = ActionBuilder(ui.driver)
    action.pointer_action.move_to_location(8, 8)
    action.pointer_action.click()
    action.perform()


def step_sheet_dialog(walk):
    """13. A sheet takes the focus when it opens and gives it back when it closes; Escape and a click on
    the backdrop close it through its close link (so the address and the server follow); a form in a
    sheet answers 422 in place with the focus on its errors."""
    ui = walk.ui
    ui.click_link("Screen", within=".tab-bar")
    if ui.path() != "/screen":
        ui.open("/screen")
    _mark_document(ui)
    _open_sheet(ui, "Present a sheet", "/screen/sheet")
    expect(_focus_place(ui) == "sheet:sheet-close", f"focus did not move into the sheet: {_focus_place(ui)}")
    ui.snap("sheet focused", focus=False)
    ActionChains(ui.driver).send_keys(Keys.ESCAPE).perform()
    _expect_closed_to(ui, "/screen", "/screen/sheet")
    expect(ui.tab_links().get("Screen") == "/screen", "the server still remembers the sheet after Escape")

    _open_sheet(ui, "Present a sheet", "/screen/sheet")
    _click_backdrop(ui)
    _expect_closed_to(ui, "/screen", "/screen/sheet")
    expect(_same_document(ui), "opening and closing sheets reloaded the whole page")

    ui.open("/library/category-1")
    _mark_document(ui)
    _open_sheet(ui, "New item", "/library/category-1/items/new")
    expect(_focus_place(ui) == "sheet:field-title", f"focus is not in the form's first field: {_focus_place(ui)}")
    ui.wait_for_new_page(ui.press("Add item", within="dialog"))
    expect(ui.path() == "/library/category-1/items/new", f"a 422 moved to {ui.path()}")
    expect(_same_document(ui), "the 422 answer reloaded the whole page")
    expect(ui.exists("dialog[open] .error-summary") and ui.exists("#field-title-error"), "the sheet shows no errors")
    expect(_focus_place(ui).startswith("sheet:error-summary"), f"focus is not on the errors: {_focus_place(ui)}")
    expect(_page_inert(ui), "the page behind the sheet is no longer inert after the 422")
    ui.snap("new item sheet invalid in place")
    ActionChains(ui.driver).send_keys(Keys.ESCAPE).perform()
    _expect_closed_to(ui, "/library/category-1", "/library/category-1/items/new")


def step_slow_progress(walk):
    """14. An answer slower than 150 ms shows progress (a class on <html>), gone once the page is in;
    an answer that is not a page (here /healthz's plain text) is loaded as a whole document instead."""
    ui = walk.ui
    driver = ui.driver
    ui.open("/flow")
    driver.execute_script(
        "window.e2eProgress = false; new MutationObserver(() => {"
        " if (document.documentElement.classList.contains('is-loading')) window.e2eProgress = true;"
        "}).observe(document.documentElement, {attributes: true});")
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": False, "latency": 800, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        ui.click_link("Secondary 2", within=".choices")
        WebDriverWait(driver, WAIT_SECONDS).until(lambda d: d.execute_script("return window.e2eProgress"))
        ui.wait_for_path("/flow/secondary2", timeout=WAIT_SECONDS * 2)
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                               {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    expect_screen(ui, "/flow/secondary2")
    expect(driver.execute_script("return window.e2eProgress"), "no progress shown while the answer was slow")
    expect(not driver.execute_script("return document.documentElement.classList.contains('is-loading')"),
           "the progress indicator stays after the page came in")
    _mark_document(ui)
    ui.driver.execute_script(
        "document.querySelector('main').insertAdjacentHTML('beforeend', '<a id=\"e2e-health\" href=\"/healthz\">health</a>')")
    ui.find("#e2e-health").click()
    ui.wait_for_path("/healthz")
    WebDriverWait(driver, WAIT_SECONDS).until(lambda d: not _same_document(ui))
    expect(ui.driver.execute_script("return document.contentType") == "text/plain",
           "the plain-text answer was not shown as a document of its own")
