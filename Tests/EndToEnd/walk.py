"""What every step shares: the walker (who they are, which server), the demo seed's names, and what
"the screen matches the URL" means."""

import re

from ui import expect


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
        self.display_name = "Walker <b>&</b> Co"


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
