"""Steps 5–6: the sign-in guard, form errors, registering and coming back, adding, editing and
deleting an item; signing out and in, and resetting a forgotten password through the outbox."""

import glob
import os
import re
import time
from urllib.parse import quote

from ui import expect
from walk import CATEGORY_NAMES


def step_account_and_items(walk):
    """5. Adding while signed out leads to sign-in; invalid input shows errors; register, come back,
    add, edit and delete an item."""
    ui = walk.ui
    ui.click_link("Library", within=".tab-bar")
    ui.click_link(CATEGORY_NAMES[3], within=".category-list", then="/library/category-3")
    ui.click_link("New item", within="main", then="/login?next=" + quote("/library/category-3/items/new", safe=""))
    ui.snap("login required")
    ui.type_into("username", "nobody here")
    ui.type_into("password", "")
    ui.wait_for_new_page(ui.press("Sign in", within="main"))
    expect(ui.path().startswith("/login?next="), f"invalid sign-in left the page: {ui.path()}")
    expect(ui.text(".error-summary h2") == "Sign-in failed", f"the summary says '{ui.text('.error-summary h2')}', not 'Sign-in failed'")
    expect(ui.exists("#field-password-error"), "no inline error for the empty password")
    expect(ui.find("#field-password").get_attribute("aria-invalid") == "true", "password not marked invalid")
    expect(ui.find("#field-username").get_attribute("value") == "nobody here", "username was not kept")
    expect(any(a.get_attribute("href").endswith("#field-password") for a in ui.find_all(".error-summary a")),
           "summary does not link to the password field")
    focused = ui.driver.execute_script("const e = document.activeElement; return e ? e.tagName + '.' + e.className : null")
    expect(focused == "DIV.error-summary", f"after the refused sign-in the focus is on {focused}, not the error summary")
    ui.snap("login invalid")
    ui.click_link("Create an account", within="main",
                  then="/register?next=" + quote("/library/category-3/items/new", safe=""))
    ui.type_into("email", "not-an-email")
    ui.type_into("username", walk.username)
    ui.type_into("password", "short")
    ui.wait_for_new_page(ui.press("Create account", within="main"))
    expect(ui.text(".error-summary h2") == "Account not created", "no 'Account not created' summary on register")
    expect(ui.exists("#field-email-error") and ui.exists("#field-password-error"), "register field errors missing")
    expect(ui.find("#field-password").get_attribute("value") == "", "the password was sent back")
    ui.snap("register invalid")
    ui.type_into("email", walk.email)
    ui.type_into("username", walk.username)
    ui.type_into("password", walk.password)
    ui.press("Create account", within="main")
    ui.wait_for_path("/library/category-3/items/new")
    expect(ui.exists("dialog[open] #field-title"), "did not land back on the New item sheet")
    # textContent, not Selenium's visible text: with the sheet open the page behind it is inert and
    # scrolled, which Selenium may count as hidden.
    expect(walk.username in ui.driver.execute_script("return document.querySelector('.account-area').textContent"),
           "not signed in after registering")
    ui.snap("new item sheet")
    ui.wait_for_new_page(ui.press("Add item", within="dialog"))
    expect(ui.exists("dialog[open] .error-summary") and ui.exists("#field-title-error"), "empty title accepted")
    expect(ui.text("dialog[open] .error-summary h2") == "Item not added", "the new item sheet's summary is not 'Item not added'")
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
    expect(_category_count(ui, CATEGORY_NAMES[3]) == "51", f"sidebar count is {_category_count(ui, CATEGORY_NAMES[3])}, expected 51")
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
    expect(_category_count(ui, CATEGORY_NAMES[3]) == "50", f"sidebar count is {_category_count(ui, CATEGORY_NAMES[3])} after deleting")
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
    ui.submit_with_enter("password")
    ui.wait_for_text(".account-area strong", walk.username)
    expect(not ui.path().startswith("/login"), f"still on the sign-in page: {ui.path()}")
    ui.snap("signed in with new password")
