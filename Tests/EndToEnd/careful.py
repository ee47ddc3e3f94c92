"""What the round-3 steps share: a second account of their own (so they need nothing from the steps
before them) and an item it owns."""

from ui import expect

CAREFUL_USER = "careful"
CAREFUL_PASSWORD = "careful-password-3"


def is_signed_in(ui):
    return bool(ui.find_all(".account-area .signed-in"))


def sign_in(walk):
    """Signs in as the careful user, registering the account the first time."""
    ui = walk.ui
    if not ui.exists(".account-area"):
        ui.open("/flow")  # error pages carry no account area
    if is_signed_in(ui):
        if CAREFUL_USER in ui.driver.execute_script("return document.querySelector('.account-area').textContent"):
            return
        ui.press("Sign out", within=".account-area")
        ui.wait_for_text(".account-area a", "Sign in")
    if not getattr(walk, "careful_registered", False):
        ui.open("/register")
        ui.type_into("email", CAREFUL_USER + "@example.com")
        ui.type_into("username", CAREFUL_USER)
        ui.type_into("password", CAREFUL_PASSWORD)
        ui.press("Create account", within="main")
        walk.careful_registered = True
    else:
        ui.open("/login")
        ui.type_into("username", CAREFUL_USER)
        ui.type_into("password", CAREFUL_PASSWORD)
        ui.press("Sign in", within="main")
    ui.wait_for_text(".account-area strong", CAREFUL_USER)


def sign_out(ui):
    if is_signed_in(ui):
        ui.press("Sign out", within=".account-area")
        ui.wait_for_text(".account-area a", "Sign in")


def add_item(walk, category, title, subtitle="Added by a careful user"):
    """Adds an item through the New item sheet; returns its path."""
    ui = walk.ui
    sign_in(walk)
    ui.open(f"/library/category-{category}/items/new")
    ui.type_into("title", title)
    ui.type_into("subtitle", subtitle)
    ui.press("Add item", within="dialog")
    ui.wait_for_path_matching(rf"/library/category-{category}/items/\d+")
    expect(ui.text("#detail-title") == title, f"the new item shows '{ui.text('#detail-title')}'")
    return ui.path()
