// The door offline (issue 26, docs/decisions/024-offline-door.md): the check-in page's own script
// for when the signal goes. Built on its own by scripts/vite-islands.ts (no React, a few KB).
// - Online, it keeps the event's door list on the phone (./store.ts) and says when it was updated;
//   it keeps this script and the page's stylesheet in the "door" cache, from which the service
//   worker opens the page offline.
// - Offline (or when requests fail though the phone says it is online: a weak signal), it hides
//   the page's own search and walk-in form (they need the server) and shows its own: search in the list kept, "Check in", "Admit anyway" and walk-ins, each queued with an id
//   made here: "Offline: 12 check-ins waiting to send".
// - Back online, it sends the queue in order; the server applies each action once by its id, and
//   says who was first when someone had been checked in by another volunteer. Then the page reads
//   its count again, and a walk-in's "waiting to send" note says it was sent.
import {
  type DoorCounts,
  doorCountWords,
  DOOR_LIST_CHANGED,
  DOOR_REACHABLE,
  DOOR_SENT,
  DOOR_UNREACHABLE,
  DOOR_WAIT_MS,
  type DoorList,
  type DoorPerson,
  type DoorResult,
  type DoorUnreachable,
  fullForVolunteer,
} from "../door-types";
import { dequeue, dropExpired, enqueue, type Queued, queued, readList, saveList } from "./store";
import { SITE_TIME_ZONE } from "~/lib/constants";
import { PHONE_PATTERN } from "~/lib/phone-text";
import { straightApostrophes, wordCounts } from "~/lib/search-text";
import { signInPath } from "~/lib/sign-in-path";

const SEND_AT_ONCE = 200;
const SHOWN = 25;
const big = "w-full rounded-lg px-5 py-4 text-lg font-bold shadow-sm";
const input = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-3 text-lg";

type Child = Node | string | null | false;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { [data: `data-${string}` | `aria-${string}`]: string } = {}, ...children: Child[]) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props) as [string, unknown][]) {
    if (key.startsWith("data-") || key.startsWith("aria-")) element.setAttribute(key, String(value));
    else (element as unknown as Record<string, unknown>)[key] = value;
  }
  for (const child of children) if (child) element.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  return element;
}

/** The door's count from the list kept on this phone, with what is queued counted as done (a walk-in is added confirmed). */
function countOnPhone(list: DoorList, queue: Queued[]): DoorCounts {
  const walkIns = queue.filter((entry) => entry.action.kind === "walk-in").length;
  const confirmed = list.people.filter((p) => p.status === "confirmed");
  return {
    confirmed: confirmed.length + walkIns,
    confirmedIn: confirmed.filter((p) => p.checkedInText).length + walkIns,
    othersIn: list.people.filter((p) => p.status !== "confirmed" && p.checkedInText).length,
  };
}

// Malawi time, as every time the server writes, whatever zone the phone is set to.
const clock = (date: Date) => date.toLocaleTimeString("en-GB", { timeZone: SITE_TIME_ZONE, hour: "2-digit", minute: "2-digit", hour12: false });
const checkIns = (n: number) => `${n} check-in${n === 1 ? "" : "s"}`;
const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

/** What the phone's search matches: a name (each word typed, in any order, as the server's search), the code, or the last 3-4 digits of the phone. */
function matches(person: DoorPerson, query: string): boolean {
  const text = straightApostrophes(query.trim().toLowerCase());
  if (!text) return false;
  const digits = text.replace(/\D/g, "");
  if (/^[\d\s]+$/.test(text)) return digits.length >= 3 && person.phoneEnd.endsWith(digits.slice(-3));
  // His name, or (a man of a group) his leader's, as the page's own search.
  const hasEvery = (of: string) => {
    const name = straightApostrophes(of.toLowerCase());
    return wordCounts(text.split(/\s+/)).every(([word, times]) => name.split(word).length > times);
  };
  return hasEvery(person.name) || Boolean(person.groupLeader && hasEvery(person.groupLeader)) || person.code.toLowerCase() === text.replace(/\s/g, "");
}

type Note = { text: string; walkIn?: string; signIn?: true; problem?: true };

/**
 * Each event's notes and their list, kept while the page is open: the page may start the door for
 * its event again (React re-mounting it), and "Walk-in sent: …" must not vanish with the old start.
 */
const keptNotes = new Map<number, { notes: Note[]; noteList: HTMLUListElement }>();

function notesOf(eventId: number) {
  let kept = keptNotes.get(eventId);
  if (!kept) keptNotes.set(eventId, (kept = { notes: [], noteList: el("ul", { className: "mt-2 space-y-1 text-sm font-medium" }) }));
  return kept;
}

/**
 * Starts the door on `root` (its `data-door` is the event's id) and returns what stops it: the
 * check-in page starts it each time it is shown (React Router opens pages without a reload, and
 * another event's page is another door), and stops it when the volunteer leaves the page.
 */
export function startDoor(root: HTMLElement): () => void {
  const eventId = Number(root.dataset.door);
  let stopped = false;
  const stops: (() => void)[] = [];
  const on = (type: string, listener: (event: Event) => void) => {
    addEventListener(type, listener);
    stops.push(() => removeEventListener(type, listener));
  };
  const every = (ms: number, work: () => void) => {
    const timer = setInterval(work, ms);
    stops.push(() => clearInterval(timer));
  };
  const shell = root.hasAttribute("data-door-shell");
  let list: DoorList | undefined;
  let queue: Queued[] = [];
  let sending = false;
  /**
   * What the volunteer is told; a walk-in's note carries its action's id until it is sent. A note
   * with `signIn` starts with a link to sign in again and come back to this page. Only a `problem`
   * (something for the volunteer or the desk to do) is red.
   */
  const { notes, noteList } = notesOf(eventId);

  const title = el("h2", { className: "text-lg font-bold text-stone-900" }, "Door list on this phone");
  const saved = el("p", { className: "text-sm text-stone-700" });
  const status = el("p", { className: "mt-2 rounded-lg bg-amber-100 px-3 py-2 font-semibold text-amber-950" });
  status.setAttribute("role", "status");
  // Offline, the page's own count (the server's) stands still: this one counts what this phone did.
  const count = el("p", { className: "mt-2 rounded-lg bg-brand-900 px-4 py-3 text-white" });
  count.setAttribute("role", "status");
  // Beside the page's count (its slot, near the top), not under a long page; the page opened from
  // the phone has no slot, and shows them in its own part.
  const search = el("input", { id: "door-search", type: "search", autocomplete: "off", className: input });
  const results = el("ul", { className: "mt-3 space-y-3" });
  const walkName = el("input", { id: "door-walk-name", name: "full_name", required: true, autocomplete: "off", className: input });
  // The same rule as the page's own walk-in form (online): a number with at least 7 digits.
  const walkPhone = el("input", { id: "door-walk-phone", name: "phone_number", type: "tel", required: true, pattern: PHONE_PATTERN, title: "A phone number with at least 7 digits", autocomplete: "off", className: input });
  // Why a walk-in was not added (the page's own form says the same online): what was typed stays.
  const walkInRefused = el("p", { className: "text-sm font-semibold text-red-800" });
  walkInRefused.setAttribute("role", "alert");
  walkInRefused.hidden = true;
  const walkIn = el(
    "form",
    { className: "mt-4 space-y-3 rounded-xl border border-stone-200 bg-white p-4" },
    el("h3", { className: "font-semibold text-stone-900" }, "Add walk-in"),
    el("div", {}, el("label", { htmlFor: "door-walk-name", className: "block text-sm font-medium text-stone-800" }, "Full name"), walkName),
    el("div", {}, el("label", { htmlFor: "door-walk-phone", className: "block text-sm font-medium text-stone-800" }, "Phone number"), walkPhone),
    walkInRefused,
    el("button", { type: "submit", className: `${big} bg-brand-700 text-white` }, "Add and check in"),
  );
  const offlinePart = el(
    "div",
    { className: "mt-4" },
    el(
      "form",
      { role: "search", className: "flex items-end gap-2" },
      el("div", { className: "min-w-0 flex-1" }, el("label", { htmlFor: "door-search", className: "block text-sm font-medium text-stone-800" }, "Search the list on this phone"), search),
    ),
    results,
    walkIn,
  );
  const backOnline = el("a", { href: location.pathname, className: "mt-2 inline-block font-semibold text-brand-800 underline" }, "Back online: open the full check-in page");
  const noteSlot = document.querySelector<HTMLElement>("[data-door-notes]");
  noteSlot?.replaceChildren(noteList);
  root.replaceChildren(el("section", { className: "mt-4 rounded-xl border border-stone-200 bg-stone-50 p-4" }, title, saved, count, status, noteSlot ? null : noteList, backOnline, offlinePart));

  // The page opened from the phone (the shell) has no server parts: its own search and walk-in form
  // stay, online or not; back online it sends, and reads the list again, like the full page.
  // A phone on a weak signal says it is online while requests fail or hang: after a request that
  // got no answer (here, or the page's own: DOOR_UNREACHABLE) the door works as offline until the
  // server answers again.
  let unreachable = false;
  const offline = () => !navigator.onLine || unreachable;

  /** Whether the server answered; when it did not, it is asked again soon (retrySoon). */
  function reachable(answered: boolean) {
    if (!answered) retrySoon();
    if (unreachable === !answered) return;
    unreachable = !answered;
    render();
    if (answered) {
      retryDelay = 0;
      dispatchEvent(new Event(DOOR_REACHABLE));
    }
  }

  /** A request to the server, or null when none came back in time (DOOR_WAIT_MS, `wait` times). */
  async function ask(url: string, init: RequestInit = {}, wait = 1): Promise<Response | null> {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(DOOR_WAIT_MS * wait) }).catch(() => null);
    reachable(response !== null);
    return response;
  }

  /** His code and phone's end, which his buttons are described by: two men of the same name have buttons of the same name. */
  const whoId = (p: DoorPerson) => `door-who-${p.id}`;

  /** This person's check-ins taken on this phone and not sent yet. */
  const queuedFor = (registrationId: number) => queue.filter((entry) => entry.action.kind !== "walk-in" && entry.action.registrationId === registrationId);

  /** A wrong tap, while it still waits on this phone: taken off the queue, never sent. Once sent, the full page's Undo takes it back. */
  function takeBackButton(p: DoorPerson): HTMLElement {
    const button = el("button", { type: "button", className: "min-h-11 rounded-lg border border-stone-400 bg-white px-4 py-2 font-semibold text-stone-900", "aria-describedby": whoId(p) }, "Take back", el("span", { className: "sr-only" }, `: ${p.name}`));
    button.addEventListener("click", () => void takeBack(p));
    return button;
  }

  async function takeBack(p: DoorPerson) {
    // What is being sent is out of the phone's hands: the button is not shown then.
    if (sending) return;
    const taken = queuedFor(p.id);
    if (!taken.length) return;
    queue = queue.filter((entry) => !taken.includes(entry));
    await dequeue(taken.map((entry) => entry.seq!));
    // The list as kept (what was queued is marked on it only here, in memory), marked again.
    list = (await readList(eventId)) ?? list;
    queue = await queued(eventId);
    markQueued();
    notes.push({ text: `Check-in taken back: ${p.name} is not checked in.` });
    render();
  }

  function person(p: DoorPerson): HTMLElement {
    const confirmed = p.status === "confirmed";
    const action = (kind: "checkin" | "admit", label: string, colour: string) => {
      const button = el("button", { type: "button", className: `${big} ${colour}`, "aria-describedby": whoId(p) }, label, el("span", { className: "sr-only" }, `: ${p.name}`));
      button.addEventListener("click", () => void take({ id: crypto.randomUUID(), at: new Date().toISOString(), kind, registrationId: p.id }, p.name));
      return button;
    };
    return el(
      "li",
      { className: `rounded-xl border p-4 ${p.checkedInText ? "border-green-300 bg-green-50" : "border-stone-200 bg-white"}` },
      el("p", { className: "text-lg font-semibold break-words text-stone-900" }, p.name),
      el("p", { className: "text-sm text-stone-700", id: whoId(p) }, el("span", { className: "font-mono" }, p.code), ` · …${p.phoneEnd}`),
      p.groupLeader ? el("p", { className: "text-sm text-stone-700" }, `In ${p.groupLeader}'s group`) : null,
      // Cash is recorded once the phone is online again (the page's "Take cash").
      p.feeText ? el("p", { className: "mt-1 text-sm font-semibold text-amber-800" }, p.feeText) : null,
      confirmed ? null : el("p", { className: "mt-1 text-sm font-semibold text-amber-800" }, p.status === "waitlisted" ? "On the waiting list" : "Cancelled"),
      el(
        "div",
        { className: "mt-3" },
        p.checkedInText
          ? el(
              "div",
              { className: "flex flex-wrap items-center justify-between gap-2" },
              el("p", { className: "font-semibold text-green-800" }, `In ${p.checkedInText}${p.checkedInBy ? ` (${p.checkedInBy})` : " (waiting to send)"}`),
              !p.checkedInBy && queuedFor(p.id).length > 0 && !sending ? takeBackButton(p) : null,
            )
          : confirmed
            ? action("checkin", "Check in", "bg-brand-700 text-white")
            : el("div", { className: "space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3" }, el("p", { className: "font-semibold text-amber-950" }, "Not confirmed – admit anyway?"), action("admit", "Admit anyway", "bg-amber-600 text-white")),
      ),
    );
  }

  function render() {
    if (stopped) return;
    const isOffline = offline();
    backOnline.hidden = !shell || isOffline || sending || queue.length > 0;
    offlinePart.hidden = !(isOffline || shell) || !list;
    for (const part of document.querySelectorAll<HTMLElement>("[data-online-only]")) part.hidden = isOffline;
    if (shell && list) title.textContent = `Check-in: ${list.event.name}`;
    saved.textContent = list
      ? `Saved on this phone: ${people(list.people.length)}, updated ${new Date(list.savedAt).toLocaleString("en-US", { timeZone: SITE_TIME_ZONE, day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hour12: false })}.`
      : isOffline
        ? "This event's door list is not saved on this phone: open the check-in page once with a connection."
        : "Saving the door list on this phone…";
    const phoneCount = list && (isOffline || shell) ? doorCountWords(countOnPhone(list, queue)) : null;
    count.hidden = !phoneCount;
    count.textContent = phoneCount ? `On this phone: ${phoneCount.number} ${phoneCount.rest}${phoneCount.others ? ` ${phoneCount.others}` : ""}` : "";
    const waiting = queue.length;
    status.hidden = !waiting && !isOffline && !sending && !shell;
    status.textContent = sending
      ? `Sending ${checkIns(waiting)}…`
      : waiting
        ? `${isOffline ? "Offline: " : ""}${checkIns(waiting)} waiting to send`
        : isOffline
          ? "Offline: check-ins are kept on this phone and sent when the connection is back."
          : shell
            ? "Back online: every check-in on this phone was sent."
            : "";
    noteList.replaceChildren(
      ...notes.map((note) => el("li", { className: note.problem ? "text-red-800" : "text-green-800" }, note.signIn ? el("a", { href: signInPath(location.pathname), className: "underline" }, "Sign in again") : null, note.text)),
    );
    const query = search.value;
    const found = list && query.trim() ? list.people.filter((p) => matches(p, query)) : [];
    // The phone keeps only a number's last 3 digits: more typed are matched on those, and it says so.
    const digits = /^[\d\s]+$/.test(query.trim()) ? query.replace(/\D/g, "") : "";
    const lastThree = digits.length > 3 && found.length ? [el("li", { className: "text-sm text-stone-700" }, `This phone keeps only the last 3 digits of a number: these end in …${digits.slice(-3)}. Check the name or the code.`)] : [];
    results.replaceChildren(
      ...lastThree,
      ...found.slice(0, SHOWN).map(person),
      ...(query.trim() && !found.length ? [el("li", { className: "rounded-lg border border-dashed border-stone-300 bg-white px-4 py-6 text-center text-stone-700" }, `Nobody matches “${query}”.`)] : []),
    );
  }

  /** The list as kept, with what is still queued shown as done. */
  function markQueued() {
    for (const entry of queue) {
      const p = entry.action.kind !== "walk-in" ? list?.people.find((one) => one.id === (entry.action as { registrationId: number }).registrationId) : undefined;
      if (p && !p.checkedInText) Object.assign(p, { checkedInText: clock(new Date(entry.action.at)), checkedInBy: null });
    }
  }

  async function take(action: Queued["action"], name: string) {
    await enqueue({ eventId, action, name });
    queue = await queued(eventId);
    markQueued();
    render();
    if (!offline()) void sync();
  }

  async function refresh() {
    if (stopped || !navigator.onLine) return;
    const response = await ask(`/api/admin/events/${eventId}/door-list`, { headers: { Accept: "application/json" } });
    if (!response?.ok) return;
    list = (await response.json()) as DoorList;
    await saveList(list);
    markQueued();
    render();
  }

  // A send that fails (the signal came back weak, the server was busy), or a request that got no
  // answer, is tried again soon, then less often (2, 4, 8… up to 30 seconds), not only at the next
  // 30-second round.
  let retryDelay = 0;
  let retrying = false;
  function retrySoon() {
    if (retrying) return;
    retrying = true;
    retryDelay = Math.min(retryDelay ? retryDelay * 2 : 2_000, 30_000);
    setTimeout(() => {
      retrying = false;
      if (!stopped) void sync();
    }, retryDelay);
  }

  /** Sends what waits, then reads the list again. */
  async function sync() {
    await send();
    await refresh();
  }

  async function send() {
    if (stopped || sending || !navigator.onLine || !queue.length) return;
    sending = true;
    render();
    let sent = false;
    try {
      while (queue.length) {
        const batch = queue.slice(0, SEND_AT_ONCE);
        // 200 actions are 200 small writes: more time than one tap.
        const response = await ask(
          `/api/admin/events/${eventId}/door-actions`,
          { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify({ actions: batch.map((entry) => entry.action) }) },
          3,
        );
        // No answer: the queue stays, and goes with the next chance (ask tries again soon).
        if (!response) return;
        if (response.status === 401) {
          notes.splice(0, notes.length, { text: ` to send the ${checkIns(queue.length)} waiting on this phone.`, signIn: true, problem: true });
          return;
        }
        if (!response.ok) {
          retrySoon();
          return;
        }
        const { results: answers } = (await response.json()) as { results: DoorResult[] };
        for (const answer of answers) {
          const name = answer.person?.name ?? batch.find((entry) => entry.action.id === answer.id)?.name ?? "Someone";
          // A walk-in's note no longer waits: it was sent, or the note below says why not.
          const waiting = notes.findIndex((note) => note.walkIn === answer.id);
          if (waiting >= 0) notes.splice(waiting, 1);
          const holder = answer.registered;
          if (holder?.same && answer.outcome === "checked-in") notes.push({ text: `${name} was registered already (code ${holder.code}): checked in, not added twice.` });
          if (answer.outcome === "walk-in") notes.push({ text: `Walk-in sent: ${name} is checked in.` });
          if (holder && !holder.same && answer.outcome === "walk-in") {
            const as = holder.name ? `as ${holder.name} (code ${holder.code})` : "under another name";
            notes.push({ text: `${name}'s number is also registered ${as}. If it is the same man, tell the desk.`, problem: true });
          }
          if (answer.outcome === "already-checked-in") notes.push({ text: `${name}: already checked in by ${answer.person?.checkedInBy ?? "someone"} at ${answer.person?.checkedInText ?? "?"}.`, problem: true });
          // Checked in here as confirmed, but the desk cancelled him (or he left the list) meanwhile: he was let in all the same.
          // Said from what the server recorded (let in while not confirmed), so an answer lost on a weak
          // signal and asked for again (resent) still says it, and a check-in recorded before the desk's cancel does not.
          const tapped = batch.find((entry) => entry.action.id === answer.id)?.action.kind;
          if (answer.outcome === "checked-in" && tapped === "checkin" && answer.person && answer.person.status !== "confirmed" && answer.person.admittedAnyway)
            notes.push({ text: `${name} was ${answer.person.status === "cancelled" ? "cancelled" : "moved to the waiting list"} before this check-in was sent: let in anyway. Tell the desk.`, problem: true });
          if (answer.outcome === "not-found") notes.push({ text: `${name}: no longer on the list; tell the desk.`, problem: true });
        }
        await dequeue(batch.map((entry) => entry.seq!));
        queue = await queued(eventId);
        retryDelay = 0;
        sent = true;
      }
    } catch {
      // The answer broke off: the queue stays, and goes with the next chance.
      retrySoon();
    } finally {
      sending = false;
      render();
      if (sent) dispatchEvent(new Event(DOOR_SENT));
    }
  }

  search.addEventListener("input", render);
  walkIn.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = walkName.value.trim();
    const phone = walkPhone.value.trim();
    if (!name || !phone) return;
    // A door volunteer adds nobody beyond the places, with a signal or without: the list kept says how many are taken.
    const taken = list ? countOnPhone(list, queue).confirmed : 0;
    if (list?.mayGoOver === false && list.places != null && taken >= list.places) {
      walkInRefused.textContent = fullForVolunteer(list.places, taken);
      walkInRefused.hidden = false;
      return;
    }
    walkInRefused.hidden = true;
    const id = crypto.randomUUID();
    notes.push({ text: `Walk-in added: ${name} is checked in (waiting to send).`, walkIn: id });
    void take({ id, at: new Date().toISOString(), kind: "walk-in", name, phone }, name).then(() => {
      walkIn.reset();
      render();
    });
  });
  on("online", () => void sync());
  on(DOOR_LIST_CHANGED, () => void refresh());
  on("offline", render);
  // The page's own tap or search got no answer: the tap is kept here, and this list searched instead.
  on(DOOR_UNREACHABLE, (event) => {
    const { action, search: typed } = (event as CustomEvent<DoorUnreachable>).detail;
    if (typed !== undefined) search.value = typed;
    reachable(false);
    if (action) {
      search.value = action.name;
      void take({ id: action.id, at: new Date().toISOString(), kind: action.kind, registrationId: action.registrationId }, action.name);
    }
  });
  every(30_000, () => void (queue.length ? sync() : undefined));
  // What other volunteers (and this page's own taps online) did, for when the signal goes next.
  every(120_000, () => {
    if (document.visibilityState === "visible") void refresh();
  });

  void (async () => {
    await dropExpired();
    list = await readList(eventId);
    queue = await queued(eventId);
    markQueued();
    render();
    if (!offline()) {
      await sync();
      void navigator.serviceWorker?.register("/sw.js");
      void keepDoorFiles();
    }
  })();

  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

/** This script and the page's stylesheet, for the service worker to open the page offline. */
async function keepDoorFiles() {
  const files = [import.meta.url, document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href].filter((url): url is string => Boolean(url));
  const cache = await caches.open("door");
  const kept = (await cache.keys()).map((request) => request.url);
  if (files.every((url) => kept.includes(url))) return;
  await Promise.all(kept.map((url) => cache.delete(url)));
  await cache.addAll(files);
}

// The page opened from the phone (the service worker's shell) loads this script by a <script> tag.
const shellRoot = document.querySelector<HTMLElement>("[data-door-shell]");
if (shellRoot) startDoor(shellRoot);
