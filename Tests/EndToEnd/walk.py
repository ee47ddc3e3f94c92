"""What every step shares: the walker (who they are, which server), the demo library's names, and
what "the screen matches the URL" means."""

import re

from ui import expect


FLOW_TITLES = {"/flow": "Primary", "/flow/secondary1": "Secondary 1",
               "/flow/secondary2": "Secondary 2", "/flow/secondary1/tertiary": "Tertiary"}

# The demo library (the server's default `--demo-data library`): its shelves by slug, and the titles
# of the items the walk opens. Item n of shelf c (c < 8) has the id (c - 1) * 50 + n; the
# Periodicals' 1,950 issues run from 351, fifty to a page of the list.
CATEGORY_NAMES = {1: "Novels & Stories", 2: "Poetry & Drama", 3: "History", 4: "Science & Nature",
                  5: "Art, Design & Photography", 6: "Children’s Books", 7: "Computing", 8: "Periodicals"}
ITEM_TITLES = {35: "Kokoro (こゝろ)", 56: "Romeo & Juliet", 59: "Doctor Faustus",
               106: "The History of the Decline & Fall of the Roman Empire"}
PERIODICALS = "/library/category-8"
PAGE_SIZE = 50


def first_periodical_on_page(page):
    """The id of the first issue page `page` of the Periodicals lists."""
    return 351 + (page - 1) * PAGE_SIZE


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
        self.display_name = "Walker <b>&</b> Co"


def expect_screen(ui, path):
    """The page on screen is the one `path` names: right heading, right tab, right selection."""
    expect(ui.path() == path, f"address bar shows {ui.path()}, expected {path}")
    if path in FLOW_TITLES:
        expect(ui.current_tab() == "Flow", f"{path}: current tab is {ui.current_tab()}")
        expect(ui.text("h1") == FLOW_TITLES[path], f"{path}: heading is '{ui.text('h1')}'")
        return
    library = re.fullmatch(
        r"/library/category-(\d+)(?:\?page=(\d+)|/items/(\d+)(?:/(overview|details|options))?)?", path)
    if library:
        expect(ui.current_tab() == "Library", f"{path}: current tab is {ui.current_tab()}")
        name = CATEGORY_NAMES[int(library[1])]
        expect(ui.text("#list-title") == name, f"{path}: list is '{ui.text('#list-title')}', not {name}")
        selected_rows = ui.find_all(".item-list a[aria-current='page']")
        if library[2] is not None:
            current = [link.get_attribute("textContent").strip() for link in ui.find_all(".pager a[aria-current='page']")]
            expect(current == [f"Page {library[2]}"], f"{path}: the pager marks {current} as the current page")
        if library[3] is None:
            expect(not ui.exists("#detail-title"), f"{path}: an item is still shown")
            expect(not selected_rows, f"{path}: an item is still selected in the list")
        else:
            item_id = int(library[3])
            title = ui.text("#detail-title")
            expect(ITEM_TITLES.get(item_id, title) == title, f"{path}: detail is '{title}', not {ITEM_TITLES.get(item_id)}")
            tab = (library[4] or "overview").capitalize()
            expect(ui.text(".detail-tabs a[aria-current='page']") == tab, f"{path}: item tab is not {tab}")
            # The list beside the item stands on the page that holds it, with the item marked.
            expect(len(selected_rows) == 1 and selected_rows[0].get_attribute("href").endswith(f"/items/{item_id}"),
                   f"{path}: list selection does not match the item")
            row_title = selected_rows[0].find_element("css selector", ".item-title").get_attribute("textContent")
            expect(row_title.replace("★", "").replace("(favourite)", "").strip() == title,
                   f"{path}: the list marks '{row_title.strip()}', the detail shows '{title}'")
        return
    if path.startswith("/screen"):
        expect(ui.current_tab() == "Screen", f"{path}: current tab is {ui.current_tab()}")
        expect(ui.exists("dialog[open]") == (path == "/screen/sheet"), f"{path}: sheet presence is wrong")
