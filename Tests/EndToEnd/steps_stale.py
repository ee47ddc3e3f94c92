"""Step 15, with JavaScript on and off: Back shows a page the server did not send again. Chromium keeps
`no-store` pages in its back/forward cache, and without script nothing tells the server that the
user went back; the next link followed from that page must still find the server on it."""

from careful import add_item
from ui import expect
from walk import expect_screen

FLOW = ["/flow", "/flow/secondary1", "/flow/secondary1/tertiary"]


def step_back_leaves_no_stale_screen(walk):
    """15. /flow → Secondary 1 → Tertiary, Back, Back, Library, Flow: the Flow tab opens /flow. Options →
    the delete sheet, Back, Flow, Library: the sheet does not come back, the item's Options do."""
    ui = walk.ui
    ui.open(FLOW[0])
    ui.click_link("Secondary 1", within=".choices", then=FLOW[1])
    ui.click_link("Tertiary", within=".choices", then=FLOW[2])
    ui.driver.back()
    ui.wait_for_path(FLOW[1])
    ui.driver.back()
    ui.wait_for_path(FLOW[0])
    expect_screen(ui, FLOW[0])
    ui.click_link("Library", within=".tab-bar")
    flow_link = ui.tab_links().get("Flow")
    expect(flow_link == FLOW[0], f"after Back to /flow the Flow tab links to {flow_link}, a screen the user left")
    ui.snap("library after back to flow root", focus=False)
    ui.click_link("Flow", within=".tab-bar", then=FLOW[0])
    expect_screen(ui, FLOW[0])

    item = add_item(walk, 4, "Stale sheet check")
    ui.click_link("Options", within=".detail-tabs", then=item + "/options")
    ui.click_link("Delete this item", within=".detail-options", then=item + "/delete")
    expect(ui.exists("dialog[open]"), "no delete sheet")
    ui.driver.back()
    ui.wait_for_path(item + "/options")
    ui.click_link("Flow", within=".tab-bar", then=FLOW[0])
    library_link = ui.tab_links().get("Library")
    expect(library_link == item + "/options", f"after Back from the delete sheet the Library tab links to {library_link}")
    ui.click_link("Library", within=".tab-bar", then=item + "/options")
    expect(not ui.exists("dialog"), "the 'Delete item?' sheet came back after the user left it with Back")
    expect_screen(ui, item + "/options")
    ui.snap("options after back from the delete sheet", focus=False)
