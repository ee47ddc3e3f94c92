"""Step 10: a long list a page at a time. The Periodicals (1,950 issues) are listed fifty to a page:
the pager is a labelled navigation with the current page marked, Next leads to `?page=2` (with
JavaScript the list starts at its top again), selecting an issue keeps the list on its page (the tab
bar remembers both), and Back returns to the page, then to the first."""

from ui import expect
from walk import CATEGORY_NAMES, PERIODICALS, expect_screen, first_periodical_on_page

LIST_SCROLL_JS = "return document.querySelector('.item-list').scrollTop"


def _rows(ui):
    return [link.get_attribute("href") for link in ui.find_all(".item-list a")]


def _expect_page(ui, page):
    path = PERIODICALS if page == 1 else f"{PERIODICALS}?page={page}"
    expect_screen(ui, path)
    rows = _rows(ui)
    first = first_periodical_on_page(page)
    expect(len(rows) == 50 and rows[0].endswith(f"/items/{first}"),
           f"{path}: the list holds {len(rows)} rows from {rows[0] if rows else None}, expected 50 from item {first}")


def step_pages(walk):
    """10. Periodicals: next page, select an issue there, Back to the page and to the first one."""
    ui = walk.ui
    ui.click_link("Library", within=".tab-bar")
    ui.click_link(CATEGORY_NAMES[8], within=".category-list", then=PERIODICALS)
    pager = ui.find("nav.pager")
    expect(pager.get_attribute("aria-label") == "Pages of Periodicals", f"pager label: {pager.get_attribute('aria-label')}")
    expect(ui.text(".pager-status") == "Items 1–50 of 1,950", f"pager status: {ui.text('.pager-status')}")
    expect(not ui.find_all(".pager a[rel='prev']"), "the first page offers a previous page")
    _expect_page(ui, 1)
    ui.snap("periodicals page 1")
    if ui.javascript:
        scrolled = ui.driver.execute_script(
            "const list = document.querySelector('.item-list'); list.scrollTop = list.scrollHeight; return list.scrollTop")
        expect(scrolled > 0, "the list of fifty issues does not scroll")

    ui.click_link("Next", within=".pager", then=PERIODICALS + "?page=2")
    _expect_page(ui, 2)
    expect(ui.text(".pager-status") == "Items 51–100 of 1,950", f"pager status: {ui.text('.pager-status')}")
    expect(ui.find(".pager a[rel='prev']").get_attribute("href").endswith(PERIODICALS), "Previous does not lead to page 1")
    expect(ui.driver.execute_script(LIST_SCROLL_JS) == 0, "the next page of the list did not start at its top")
    expect(ui.tab_links().get("Library") == PERIODICALS + "?page=2",
           f"the Library tab does not stand on page 2: {ui.tab_links()}")
    ui.snap("periodicals page 2")

    item = first_periodical_on_page(2) + 9
    link = ui.find(f".item-list a[href$='/items/{item}']")
    title = link.find_element("css selector", ".item-title").get_attribute("textContent").strip()
    ui.click_link(" ".join(link.text.split()), within=".item-list", then=f"{PERIODICALS}/items/{item}")
    expect_screen(ui, f"{PERIODICALS}/items/{item}")
    expect(ui.text("#detail-title") == title, f"the detail shows '{ui.text('#detail-title')}', not '{title}'")
    expect(_rows(ui)[0].endswith(f"/items/{first_periodical_on_page(2)}"), "the list left page 2 for the item")
    current = [a.get_attribute("textContent").strip() for a in ui.find_all(".pager a[aria-current='page']")]
    expect(current == ["Page 2"], f"beside the item the pager marks {current}")
    backs = [a.get_attribute("href") for a in ui.find_all("a.back-link")]
    expect(any(href.endswith(PERIODICALS + "?page=2") for href in backs), f"no way back to page 2: {backs}")
    crumbs = [a.get_attribute("href") for a in ui.find_all(".breadcrumbs a")]
    expect(crumbs and crumbs[-1].endswith(PERIODICALS + "?page=2"), f"breadcrumbs lead to {crumbs}")
    ui.snap("periodicals issue on page 2")

    # The Flow tab and back by the tab bar: the issue, and the list on its page, come back.
    ui.click_link("Flow", within=".tab-bar")
    flow_path = ui.path()
    expect(ui.tab_links().get("Library") == f"{PERIODICALS}/items/{item}", f"Library tab forgot the issue: {ui.tab_links()}")
    ui.click_link("Library", within=".tab-bar", then=f"{PERIODICALS}/items/{item}")
    expect_screen(ui, f"{PERIODICALS}/items/{item}")
    expect(_rows(ui)[0].endswith(f"/items/{first_periodical_on_page(2)}"), "the tab link did not restore page 2")

    history = [("back", flow_path), ("back", f"{PERIODICALS}/items/{item}"), ("back", PERIODICALS + "?page=2"),
               ("back", PERIODICALS), ("forward", PERIODICALS + "?page=2")]
    for direction, expected in history:
        getattr(ui.driver, direction)()
        ui.wait_for_path(expected)
        expect_screen(ui, expected)
        ui.driver.refresh()  # and the server, asked again, agrees
        ui.wait_for_path(expected)
        expect_screen(ui, expected)
    ui.snap("periodicals back to page 2", focus=False)
    # The server followed the browser back: the Library tab stands on page 2, no issue selected.
    ui.click_link("Screen", within=".tab-bar")
    expect(ui.tab_links().get("Library") == PERIODICALS + "?page=2", f"after Back the Library tab is {ui.tab_links()}")
