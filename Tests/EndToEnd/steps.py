"""The walk a new user takes through Waypoint, one function per step of the issue, in order. Each step
starts from wherever the previous one left the browser, as a person would. STEPS run with JavaScript
on and off; SCRIPT_STEPS check what Public/app.js adds."""

from steps_account import step_account_and_items, step_sign_out_in_and_reset
from steps_navigation import step_category_and_tabs, step_deep_link, step_flow_and_history, step_sheet
from steps_pages import step_pages
from steps_script import step_back_syncs_server, step_in_place_keeps_scroll, step_sheet_dialog, step_slow_progress
from steps_careful import (step_back_after_delete, step_back_to_list_keeps_place, step_error_pages_name_the_request,
                           step_expired_form_keeps_draft, step_long_words_wrap, step_reset_navigation, step_selection_in_view,
                           step_sign_in_says_why, step_small_things, step_submit_once, step_wizard)
from steps_stale import step_back_leaves_no_stale_screen
from steps_settings import step_narrow, step_restart, step_theme

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
    ("10 pages of a long list", step_pages),
    ("15 Back leaves no stale screen", step_back_leaves_no_stale_screen),
    ("17 long words wrap", step_long_words_wrap),
    ("18 error pages name the request", step_error_pages_name_the_request),
    ("19 expired form keeps its draft", step_expired_form_keeps_draft),
    ("20 selection in view", step_selection_in_view),
    ("21 375 px back to the list keeps place", step_back_to_list_keeps_place),
    ("23 sign-in says why, the action resumes", step_sign_in_says_why),
    ("24 favicon, 404, forgot-password, inspector cards", step_small_things),
    ("25 reset navigation", step_reset_navigation),
    ("26 wizard in a sheet", step_wizard),
]

# What app.js adds, walked with JavaScript on only (after the steps above, in the same browser).
SCRIPT_STEPS = [
    ("11 Back tells the server", step_back_syncs_server),
    ("12 in place, list keeps scroll", step_in_place_keeps_scroll),
    ("13 sheet as a dialog", step_sheet_dialog),
    ("14 slow answer shows progress", step_slow_progress),
    ("16 submit once", step_submit_once),
    ("22 Back after delete", step_back_after_delete),
]
