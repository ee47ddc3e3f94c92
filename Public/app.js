/* Waypoint's one script, an enhancement only: without it every link and form works as plain HTML.
   With it, links and forms fetch the next page and swap in only what changed (the list keeps its
   scroll); Back/Forward and the back/forward cache ask the server for the shown URL, so its
   coordinator adopts what the browser shows; sheets act as modal dialogs. */
(() => {
  "use strict";
  const root = document.documentElement;
  const here = () => location.pathname + location.search;
  let shown = here();   // the path whose content is on screen
  let current = null;   // the navigation in flight
  let opener = null;    // [element, href] that opened the sheet on screen
  let saving = 0;
  history.scrollRestoration = "manual";

  // Scroll positions (the window and every scrolled element with an id) live in the history entry.
  function remember() {
    if (current || here() !== shown) return;
    const panes = {};
    for (const element of document.querySelectorAll("[id]")) if (element.scrollTop) panes[element.id] = element.scrollTop;
    history.replaceState({y: scrollY, panes}, "");
  }
  function restore(state) {
    if (!state) return;
    for (const id in state.panes) {
      const element = document.getElementById(id);
      if (element) element.scrollTop = state.panes[id];
    }
    scrollTo({top: state.y, behavior: "instant"});
  }

  // Makes `old` look like `fresh`, keeping the nodes that match (so scrolled lists and focus survive).
  // Children match by id, else by position and tag; form controls are always replaced, so a kept
  // element never shows a value the server did not send (e.g. a password after a 422).
  function same(a, b) {
    return a.nodeType === b.nodeType && a.nodeName === b.nodeName && (a.id || "") === (b.id || "")
      && !/^(INPUT|SELECT|TEXTAREA)$/.test(a.nodeName);
  }
  function attributes(old, fresh) {
    for (const {name} of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
    for (const {name, value} of fresh.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  // An element whose data-scroll-key changes shows other content (the next page of a list): it
  // starts at its top; while the key stays, its scroll stays.
  function morph(old, fresh) {
    if (old.nodeType !== 1) {
      if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
      return;
    }
    const key = old.getAttribute("data-scroll-key");
    if (key !== null && key !== fresh.getAttribute("data-scroll-key")) old.scrollTop = 0;
    attributes(old, fresh);
    let cursor = old.firstChild;
    for (const child of [...fresh.childNodes]) {
      let match = null;
      for (let node = cursor; node && !match; node = child.id ? node.nextSibling : null) {
        if (same(node, child)) match = node;
      }
      if (match) {
        if (match !== cursor) old.insertBefore(match, cursor);
        morph(match, child);
        cursor = match.nextSibling;
      } else {
        old.insertBefore(document.importNode(child, true), cursor);
      }
    }
    while (cursor) {
      const next = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
  }

  const visible = element => Boolean(element && element.isConnected && element.getClientRects().length);
  function first(scope, selectors) {
    for (const selector of selectors) {
      const found = scope.querySelector(selector);
      if (found) return found;
    }
  }
  function focus(element) {
    if (!element) return false;
    if (!element.matches("a[href], button, input, select, textarea, [tabindex]")) element.tabIndex = -1;
    element.focus({preventScroll: true});
    return true;
  }

  // The sheet is modal: the page behind is inert, focus goes in when it opens (or to its errors) and
  // back to what opened it when it closes. Returns whether it placed the focus.
  function settleSheet(trigger) {
    const sheet = document.querySelector("dialog[open]");
    const page = document.getElementById("page");
    if (page) page.inert = Boolean(sheet);
    if (sheet) {
      const opening = !opener;
      if (opening) opener = [trigger, trigger && trigger.getAttribute("href")];
      return (opening || Boolean(sheet.querySelector(".error-summary")))
        && focus(first(sheet, [".error-summary", "input:not([type=hidden]), select, textarea", ".sheet-close"]));
    }
    if (!opener) return false;
    const [element, href] = opener;
    opener = null;
    return visible(element) && element.getAttribute("href") === href && focus(element);
  }

  function swap(page, trigger, pushed) {
    const href = trigger && trigger.getAttribute("href");
    document.title = page.title;
    attributes(root, page.documentElement);
    morph(document.body, page.body);
    if (settleSheet(trigger) || !pushed) return;
    const summary = document.querySelector(".error-summary");
    if (summary) {
      focus(summary);
      summary.scrollIntoView({block: "nearest", behavior: "instant"});
      return;
    }
    // A link that is still there and still goes to the same place keeps focus and scroll (a list
    // item, a tab); otherwise this is a new screen: its heading takes the focus, the window the top.
    if (visible(trigger) && trigger.getAttribute("href") === href) return;
    // "Back to the list" names the item's row (#item-45): the list opens there, its link focused.
    const row = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (row && row.closest(".item-list")) return reveal(row, "center") && focus(row.querySelector("a"));
    focus(first(document, ["#detail-title", "#settings-title", "#list-title", "main h1"]));
    scrollTo({top: 0, behavior: "instant"});
  }

  // Scrolls the item list (not the window) so `row` shows; true when there was one.
  function reveal(row, where) {
    const list = row && row.closest(".item-list");
    if (!list) return false;
    if (list.scrollHeight > list.clientHeight) {
      const top = row.offsetTop - list.offsetTop, bottom = top + row.offsetHeight;
      if (where === "center" || top < list.scrollTop || bottom > list.scrollTop + list.clientHeight)
        list.scrollTop = top - (list.clientHeight - row.offsetHeight) / 2;
    } else {
      row.scrollIntoView({block: where === "center" ? "center" : "nearest", behavior: "instant"});
    }
    return true;
  }

  async function visit(url, {method = "GET", body, trigger, push = true, state, sending = []} = {}) {
    if (current) current.abort();
    const mine = current = new AbortController();
    root.setAttribute("aria-busy", "true");
    const slow = setTimeout(() => root.classList.add("is-loading"), 150);
    let response;
    try {
      response = await fetch(url, {method, body, signal: mine.signal, credentials: "same-origin",
        cache: "no-store", headers: {Accept: "text/html"}});
      if (!/^text\/html/.test(response.headers.get("Content-Type") || "")) throw new Error("not a page");
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (!page.getElementById("main")) throw new Error("not a Waypoint page");
      if (mine !== current) return;
      current = null;
      remember();
      const to = new URL(response.url);
      to.hash = new URL(url, location.href).hash;
      // The element a #fragment picked stays :target until replaced; a new screen must not keep it.
      const target = document.querySelector(":target");
      if (target && to.hash !== location.hash) target.replaceWith(target.cloneNode(true));
      if (push && to.href !== location.href) history.pushState(null, "", to);
      else history.replaceState(history.state, "", to);
      shown = here();
      swap(page, trigger, push);
      if (!push) restore(state);
      document.dispatchEvent(new CustomEvent("waypoint:swap"));
    } catch (error) {
      if (error.name !== "AbortError") location.assign(response ? response.url : url);
    } finally {
      const [form, submitter] = sending;  // still here (an answer that kept them, or none came)
      if (form) form.removeAttribute("aria-busy");
      if (submitter) submitter.disabled = false;
      clearTimeout(slow);
      if (mine === current) current = null;
      if (!current) {
        root.classList.remove("is-loading");
        root.removeAttribute("aria-busy");
      }
    }
  }

  function closeSheet() {
    const close = document.querySelector("dialog[open] .sheet-close");
    if (close) close.click();
    return Boolean(close);
  }

  document.addEventListener("click", event => {
    const target = event.target instanceof Element ? event.target : document.body;
    if (target.closest(".sheet-backdrop")) return closeSheet();
    const link = target.closest("a[href]");
    if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey
      || event.altKey || link.target || link.hasAttribute("download") || link.origin !== location.origin) return;
    if (link.hash && link.pathname + link.search === here()) return;  // an anchor on this page
    event.preventDefault();
    visit(link.href, {trigger: link});
  });

  document.addEventListener("submit", event => {
    const form = event.target;
    const submitter = event.submitter;
    const method = ((submitter && submitter.getAttribute("formmethod")) || form.method).toLowerCase();
    const action = new URL((submitter && submitter.getAttribute("formaction")) || form.action, location.href);
    if (event.defaultPrevented || form.target || method === "dialog" || action.origin !== location.origin
      || form.enctype !== "application/x-www-form-urlencoded") return;
    event.preventDefault();
    if (form.hasAttribute("aria-busy")) return;  // sent already: a second click sends nothing
    const data = new URLSearchParams(new FormData(form, submitter));
    if (method === "get") {
      action.search = data;
      visit(action.href, {trigger: submitter});
    } else {
      // Until the answer is in, the form says it is sending and its button cannot send it again.
      form.setAttribute("aria-busy", "true");
      if (submitter) submitter.disabled = true;
      visit(action.href, {method: "POST", body: data, trigger: submitter, sending: [form, submitter]});
    }
  });

  document.addEventListener("keydown", event => {
    if (event.key === "Escape" && !event.defaultPrevented && closeSheet()) event.preventDefault();
  });

  // Back/Forward: the browser shows an entry the server may not know about; ask for it again (also
  // when an answer is still awaited: that one is dropped). A #fragment alone changes no screen.
  addEventListener("popstate", event => {
    if (here() !== shown || current) visit(location.href, {push: false, state: event.state});
  });
  addEventListener("pageshow", event => {
    if (event.persisted) visit(location.href, {push: false, state: history.state});
  });
  addEventListener("scroll", () => {
    clearTimeout(saving);
    saving = setTimeout(remember, 100);
  }, {capture: true, passive: true});

  // Live updates: what changes elsewhere (another browser, another tab) reaches this page. A page
  // showing the shelf or item that changed fetches itself again through the same swap (scroll and
  // focus kept), unless a form is being filled in or sent, which is never disturbed; a page showing an item
  // deleted elsewhere is replaced by its list (the server's URL for it). The status line says what
  // happened. Without script nothing changes: pages are right at the next request.
  const liveURL = document.body.dataset.live;
  if (liveURL && window.EventSource) {
    const handlers = [];
    const on = (name, handler) => handlers.push([name, handler]);
    const say = text => {
      const flash = document.querySelector(".flash");
      const line = document.createElement("p");
      line.textContent = text;
      if (flash) flash.replaceChildren(line);
    };
    const editing = () => Boolean(document.querySelector("dialog[open]")
      || (document.activeElement && document.activeElement.matches("input:not([type=hidden]), textarea, select")));
    const done = {added: "added", updated: "changed", removed: "deleted", moved: "moved"};
    on("catalog", async event => {
      const change = JSON.parse(event.data);
      const [section, shelf, items, item] = location.pathname.split("/").filter(Boolean);
      const showsItem = section === "library" && items === "items" && item === String(change.item);
      const showsShelf = section === "library" && (shelf === change.category || shelf === change.from);
      if (!showsItem && !showsShelf) return;
      const name = change.title ? `\u201C${change.title}\u201D` : "An item";
      if (showsItem && (change.change === "removed" || (change.change === "moved" && shelf !== change.category))) {
        await visit(change.list, {push: false});
        return say(`This item was ${done[change.change]}; here is its list.`);
      }
      if (editing()) return say(`${name} was ${done[change.change]}; this page updates when you move on.`);
      // A navigation or form in flight is not aborted for a refetch: its answer comes after the change.
      if (current) return;
      await visit(location.href, {push: false});
      say(`${name} was ${done[change.change]}.`);
    });
    on("signed-out", () => setTimeout(() => {
      // This tab's own sign-out has swapped the page by now; another tab's has not.
      if (document.querySelector(".logout-form")) say("You were signed out in another tab. What you typed here is kept: sign in again to save it.");
    }, 500));
    for (const name of ["signed-in", "reset"]) {
      on(name, () => { if (!editing() && !current) visit(location.href, {push: false}); });
    }
    // A page kept in the back/forward cache holds no stream (the browser allows a site only a few
    // connections, which pages on screen need); shown again, it opens a new one.
    const connect = () => {
      const source = new EventSource(liveURL);
      for (const [name, handler] of handlers) source.addEventListener(name, handler);
      return source;
    };
    let live = connect();
    addEventListener("pagehide", () => live.close());
    addEventListener("pageshow", event => { if (event.persisted) live = connect(); });
  }

  restore(history.state);
  // A deep-linked or restored selection shows in its list (a saved scroll, if any, came first).
  if (!history.state) reveal(document.querySelector(".item-list a[aria-current=page]")?.parentElement, "nearest");
  settleSheet(null);
})();
