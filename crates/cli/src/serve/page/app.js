// boardfile's page: files opened from the served folder or dropped here,
// boards drawn by the hand records' renderer, conversions downloaded.
// Every request goes to the server that served this page, with the run's
// token in a header. The token comes in the address's fragment (which the
// browser never sends), is kept in this tab's sessionStorage and taken
// out of the address; never in a cookie, which the browser would send to
// every program listening on this computer.
"use strict";

const TOKEN = (() => {
  const given = /(?:^#|&)token=([0-9a-f]+)/.exec(location.hash);
  if (given) {
    sessionStorage.setItem("boardfile-token", given[1]);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem("boardfile-token") || "";
})();

const $ = (id) => document.getElementById(id);
const state = { file: null, game: null, formats: null, next: 0, more: false };
// The most boards kept on the page: older ones go as newer ones come.
const MOST_KEPT = 48;
const PAGE = 12;

function say(text) {
  $("status").textContent = text;
}

// A problem is said at the top of what it concerns, and brought into view,
// with the actions it suggests as buttons: [label, what it does].
function problem(text, actions = []) {
  const box = $("problems");
  box.textContent = plainNames(text);
  for (const [label, act] of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", act);
    box.append(" ", button);
  }
  if (text && box.offsetParent) box.scrollIntoView({ block: "nearest" });
}

async function api(path, params = {}, init = {}) {
  const query = new URLSearchParams(params).toString();
  const headers = { ...(init.headers || {}), "X-Boardfile-Token": TOKEN };
  const response = await fetch(query ? `${path}?${query}` : path, { ...init, headers });
  if (response.status === 403 && !TOKEN) {
    throw new Error("Open the address boardfile serve printed: it holds this run's key.");
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      message = (await response.json()).error || message;
    } catch (_) {
      // Not JSON: the status says it.
    }
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return response;
}

async function json(path, params, init) {
  return (await api(path, params, init)).json();
}

function size(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1 << 20) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1 << 20)).toFixed(1)} MiB`;
}

async function loadFiles() {
  const listed = await json("/api/files");
  state.files = listed.files;
  state.dir = listed.dir;
  $("dir").textContent = listed.dir ? `From ${listed.dir}` : "No folder served: drop files to open them.";
  const list = $("files");
  list.replaceChildren();
  for (const f of listed.files) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.id = f.id;
    button.textContent = f.name;
    if (!f.folder) {
      const s = document.createElement("span");
      s.className = "size";
      s.textContent = size(f.size);
      button.append(s);
    }
    button.addEventListener("click", () => openFile(f.id, f.name));
    item.append(button);
    list.append(item);
  }
  return listed.files;
}

async function upload(files) {
  let first = null;
  for (const f of files) {
    say(`Uploading ${f.name}…`);
    try {
      const entry = await json("/api/upload", { name: f.name }, { method: "POST", body: f });
      first = first || entry;
      if (entry.again) say(`${f.name} is here already, as ${entry.name}`);
    } catch (e) {
      problem(`${f.name}: ${e.message}`);
    }
  }
  await loadFiles();
  if (first) {
    const again = $("status").textContent;
    await openFile(first.id, first.name);
    if (first.again) say(again);
  } else say("");
}

// What the page's work made lives in the server's private folder, gone
// when the server stops: until each is saved to the folder or downloaded,
// the page says so, and asks before it is closed. A result is known by
// its file and what made it (a solve made again writes the same file
// anew: not kept yet); what was kept is remembered for this tab and this
// run of the server (a reload keeps it, another run does not).
const results = new Map();
const KEPT_KEY = `boardfile-kept-${TOKEN.slice(0, 16)}`;
const keptIds = new Set(JSON.parse(sessionStorage.getItem(KEPT_KEY) || "[]"));

function madeHere(id, by) {
  results.set(id, `${id}@${by}`);
  showUnsaved();
}

function kept(id) {
  const made = results.get(id);
  if (!made || keptIds.has(made)) return;
  keptIds.add(made);
  sessionStorage.setItem(KEPT_KEY, JSON.stringify([...keptIds]));
  showUnsaved();
}

function unsaved() {
  return [...results].filter(([, made]) => !keptIds.has(made)).map(([id]) => id);
}

function showUnsaved() {
  const left = unsaved();
  const note = $("unsaved");
  note.hidden = left.length === 0;
  const where = state.dir ? "Save them to the folder or download them" : "Download them";
  note.textContent = left.length === 0 ? "" :
    `Not kept yet: ${left.map(plainNames).join(", ")}. They go when the server stops. ${where}.`;
}

window.addEventListener("beforeunload", (e) => {
  if (unsaved().length) {
    e.preventDefault();
    e.returnValue = "";
  }
});

// Saves a file of the private folder into the folder served, under `name`;
// a name taken there is replaced only when the user says so.
async function saveFile(id, name, replace) {
  problem("");
  try {
    const params = { file: id, name };
    if (replace) params.replace = "true";
    const saved = await json("/api/save", params, { method: "POST" });
    kept(id);
    await loadFiles();
    say(`Saved ${saved.name} in ${state.dir}`);
  } catch (e) {
    if (e.status === 409) {
      problem(`${name} is in the folder already: replace it, or save under another name.`, [
        ["Replace it", () => saveFile(id, name, true)],
      ]);
    } else problem(e.message);
  }
}

$("save").addEventListener("submit", (e) => {
  e.preventDefault();
  const name = new FormData(e.target).get("name").trim();
  if (name) saveFile(e.target.dataset.id, name);
});

async function formats() {
  if (!state.formats) state.formats = await json("/api/formats");
  return state.formats;
}

// Opens a file; `readAs`: as that format, whatever its extension says.
async function openFile(id, name, readAs) {
  problem("");
  say(`Opening ${name}…`);
  for (const b of document.querySelectorAll("#files button")) {
    b.setAttribute("aria-current", b.dataset.id === id ? "true" : "false");
  }
  $("welcome").hidden = true;
  $("view").hidden = false;
  // On a phone the file's boards come first, the file list after them.
  document.querySelector(".layout").classList.add("viewing");
  $("view-title").textContent = name;
  const save = $("save");
  save.hidden = !(state.dir && id.startsWith("upload/"));
  save.elements.name.value = name;
  save.dataset.id = id;
  $("boards").replaceChildren();
  $("warnings").replaceChildren();
  $("more").hidden = true;
  let opened;
  try {
    opened = await json("/api/open", readAs ? { file: id, as: readAs } : { file: id });
  } catch (e) {
    // Nothing of the file before stays in reach: no tool acts on it.
    state.file = null;
    state.as = undefined;
    $("view-format").textContent = "";
    $("tools-bar").hidden = true;
    $("othello").hidden = true;
    $("tournament").hidden = true;
    const choices = readChoices(e.message).map(([as, shown]) =>
      [`Read as ${shown} anyway`, () => openFile(id, name, as)]);
    problem(e.message, choices);
    say("");
    return;
  }
  state.file = id;
  state.as = readAs;
  state.game = opened.game;
  $("view-format").textContent = `${opened.format}${readAs ? " (as you chose)" : ""} · ${opened.game === "bridge" ? "bridge" : "Othello"}`;
  for (const el of document.querySelectorAll(".bridge-only")) el.hidden = opened.game !== "bridge";
  $("tournament").hidden = opened.game !== "tournament";
  $("tools-bar").hidden = opened.game === "tournament";
  $("verdict").textContent = "";
  $("report").replaceChildren();
  for (const el of document.querySelectorAll(".convertible")) el.hidden = opened.game === "tournament";
  const to = $("to");
  to.replaceChildren();
  const also = $("also");
  also.replaceChildren();
  for (const f of (await formats())[opened.game] || []) {
    if (opened.game === "bridge" && (f.name === "PDF" || f.name === "HTML")) continue;
    const o = document.createElement("option");
    o.value = f.name.toLowerCase();
    o.textContent = `${f.name} (.${f.extension})`;
    o.title = f.description;
    to.append(o);
    const label = document.createElement("label");
    const tick = document.createElement("input");
    tick.type = "checkbox";
    tick.name = "also";
    tick.value = o.value;
    label.append(tick, ` ${f.name}`);
    also.append(label);
  }
  const joinable = $("join-with");
  joinable.replaceChildren();
  for (const f of state.files || []) {
    if (f.folder || f.id === id) continue;
    const o = document.createElement("option");
    o.value = f.id;
    o.textContent = f.name;
    joinable.append(o);
  }
  $("othello").hidden = opened.game !== "othello";
  $("replay").hidden = true;
  if (opened.game === "bridge") await showBoards({ from: 0 }, true);
  else if (opened.game === "othello") await findGames({}, true);
  say(`Opened ${name}`);
}

// A request's parameters, with the format the file is read as when the
// user chose one.
function withAs(params) {
  return state.as ? { ...params, as: state.as } : params;
}

async function showBoards(where, fresh) {
  let page;
  try {
    page = await json("/api/boards", withAs({ file: state.file, count: PAGE, ...where }));
  } catch (e) {
    problem(e.message);
    return;
  }
  const boards = $("boards");
  if (fresh) boards.replaceChildren();
  for (const b of page.boards) {
    const template = document.createElement("template");
    template.innerHTML = b.html;
    const section = template.content.firstElementChild;
    if (section && b.game) {
      // The auction, contract and play, as text (its columns kept).
      const game = document.createElement("pre");
      game.className = "game";
      game.textContent = b.game;
      section.append(game);
    }
    boards.append(template.content);
  }
  while (boards.children.length > MOST_KEPT) boards.firstElementChild.remove();
  const last = page.boards[page.boards.length - 1];
  state.next = last ? last.index + 1 : state.next;
  state.more = page.more;
  $("more").hidden = !page.more;
  const warnings = $("warnings");
  warnings.replaceChildren();
  for (const w of page.warnings.slice(0, 50)) {
    const li = document.createElement("li");
    li.textContent = plainNames(w);
    warnings.append(li);
  }
  if (page.error) {
    // The file stops reading here: the boards before are shown.
    const before = page.boards.length || !fresh ? " The boards before it are shown." : "";
    problem(`${page.error}${before}`);
  } else if (fresh && page.boards.length === 0) {
    problem(where.number ? `No board ${where.number} or after it.` : "No boards.");
  }
  return page;
}

async function download(params, fallback) {
  problem("");
  say("Converting…");
  try {
    const response = await api("/api/convert", withAs({ file: state.file, ...params }));
    const disposition = response.headers.get("Content-Disposition") || "";
    const named = /filename="([^"]+)"/.exec(disposition);
    const blob = await response.blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = named ? named[1] : fallback;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    kept(state.file);
    say(`Downloaded ${link.download}`);
  } catch (e) {
    problem(e.message);
    say("");
  }
}

function formParams(form, submitter) {
  const params = {};
  for (const [k, v] of new FormData(form, submitter)) {
    if (String(v).trim() !== "") params[k] = v;
  }
  return params;
}

$("convert").addEventListener("submit", async (e) => {
  e.preventDefault();
  const params = formParams(e.target);
  delete params.also;
  if (state.game !== "bridge") {
    delete params.boards;
    delete params.renumber;
  }
  // The format chosen, then each one ticked under "Several at once".
  const also = [...document.querySelectorAll("#also input:checked")].map((c) => c.value);
  for (const to of [params.to, ...also.filter((t) => t !== params.to)]) {
    await download({ ...params, to }, "converted");
  }
});

$("join").addEventListener("submit", async (e) => {
  e.preventDefault();
  problem("");
  const others = [...$("join-with").selectedOptions].map((o) => o.value);
  if (!others.length) {
    problem("Choose the sets to join after this one.");
    return;
  }
  const renumber = Number(new FormData(e.target).get("renumber")) || undefined;
  try {
    const made = await json("/api/join", {}, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ files: [state.file, ...others], renumber }),
    });
    madeHere(made.id, `join-${Date.now()}`);
    await loadFiles();
    await openFile(made.id, made.name);
    say(`Joined into ${made.name}`);
  } catch (err) {
    problem(err.message);
  }
});

$("records").addEventListener("submit", (e) => {
  e.preventDefault();
  const params = formParams(e.target, e.submitter);
  params.to = params.as || "pdf";
  delete params.as;
  download(params, `records.${params.to}`);
});

$("jump").addEventListener("submit", async (e) => {
  e.preventDefault();
  const number = new FormData(e.target).get("number");
  if (number) await showBoards({ number }, true);
});

$("more").addEventListener("click", () => showBoards({ from: state.next }, false));

// More boards as the end of the list comes into view.
new IntersectionObserver((seen) => {
  if (seen.some((s) => s.isIntersecting) && state.more && state.file) {
    state.more = false;
    showBoards({ from: state.next }, false);
  }
}).observe($("more"));

$("pick").addEventListener("change", (e) => upload([...e.target.files]));

const drop = $("drop");
for (const kind of ["dragenter", "dragover"]) {
  document.addEventListener(kind, (e) => {
    e.preventDefault();
    drop.classList.add("over");
  });
}
document.addEventListener("dragleave", () => drop.classList.remove("over"));
document.addEventListener("drop", (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  upload([...e.dataTransfer.files]);
});

// Long work: each job followed by its server-sent events until it ends;
// a reloaded page finds the jobs still running and follows them again.
const followed = new Set();
// Jobs that had ended before this page was loaded: shown folded, their
// errors not put back under the form that started them.
const stale = new Set();

// The page's own words: files named without the server's `upload/` (the
// private folder) and `dir/` (the folder served) before them, and no
// command-line options (what they do is a button here: readAs).
function plainNames(text) {
  return (text || "")
    .replace(/(^|[\s("'])(?:upload|dir)\//g, "$1")
    .replace(/; give (?:--from \S+ to read it as [^,;]+?(?:, or | all the same))+/, ".")
    .replace(/; name it with --from \(([^)]*)\)/, ": it is not a bridge or Othello file boardfile reads")
    .replace(/; --force solves them/, ": Solve them all solves them")
    .replace(/ \(--verbose lists every one\)/, "");
}

// The formats a message offers to read a file as (the command line's
// `--from`): [name for the server, name shown].
function readChoices(text) {
  // What follows the file's name: a name may hold any words.
  const at = (text || "").lastIndexOf(" as its extension says");
  const tail = at < 0 ? "" : text.slice(at);
  return [...tail.matchAll(/--from (\S+) to read it as ([^,;]+?)(?=, or | all the same)/g)]
    .map((m) => [m[1], m[2]]);
}

function jobItem(status) {
  let item = document.getElementById(`job-${status.id}`);
  if (!item) {
    item = document.createElement("li");
    item.id = `job-${status.id}`;
    $("jobs").prepend(item);
    $("jobs-panel").hidden = false;
  }
  return item;
}

// Finished work folds away: in view, the running jobs and the one that
// finished last (`newest`: its result and buttons); the rest under
// "Earlier work". `all`: every finished job folds (after a reload, none
// is news).
function foldJobs(newest, all) {
  const finished = [...$("jobs").children].filter((li) => li.dataset.running === "false");
  for (const li of finished) {
    if (all || li !== newest) $("jobs-done").prepend(li);
  }
  const earlier = $("jobs-done").children.length;
  $("jobs-earlier-count").textContent = String(earlier);
  $("jobs-earlier").hidden = earlier === 0;
}

function showJob(status) {
  const item = jobItem(status);
  const what = status.kind === "solve" ? `Solving ${plainNames(status.file)}`
    : status.kind === "leads" ? `Studying leads: ${plainNames(status.output)}`
    : `Dealing ${plainNames(status.output)}`;
  const parts = [];
  const title = document.createElement("strong");
  title.textContent = what;
  parts.push(title);
  if (status.running) {
    const bar = document.createElement("progress");
    bar.max = Math.max(status.total, 1);
    bar.value = Math.min(status.done, bar.max);
    bar.setAttribute("aria-label", `${what}: progress`);
    const text = document.createElement("span");
    text.className = "job-message";
    text.textContent = status.queued != null
      ? `waiting for a free place: ${status.queued} ahead`
      : jobMessage(status) || "starting…";
    const stop = document.createElement("button");
    stop.type = "button";
    stop.textContent = "Cancel";
    stop.addEventListener("click", () => json(`/api/jobs/${status.id}/cancel`, {}, { method: "POST" }));
    parts.push(bar, text, stop);
  } else if (status.error) {
    const text = document.createElement("span");
    text.className = "failed";
    text.textContent = plainNames(status.error);
    parts.push(text);
    if (status.kind === "deal" && !stale.has(status.id)) scriptError(status.error);
  } else {
    const text = document.createElement("span");
    text.className = "job-message";
    text.textContent = status.cancelled ? "Cancelled: starting it again goes on from where it stopped." : (plainNames(status.summary) || "Done.");
    parts.push(text);
    if (!status.cancelled && status.notes && status.notes.length) {
      const notes = document.createElement("ul");
      notes.className = "job-notes";
      for (const line of status.notes) {
        const note = document.createElement("li");
        note.textContent = plainNames(line);
        notes.append(note);
      }
      parts.push(notes);
    }
    if (!status.cancelled && status.kind === "solve" && status.kept > 0) {
      const all = document.createElement("button");
      all.type = "button";
      all.textContent = "Solve them all";
      all.title = `${status.kept} boards kept the table their file stored; solve those too`;
      const params = { file: status.file, force: "true" };
      if (status.file === state.file && state.as) params.as = state.as;
      all.addEventListener("click", () => start("/api/solve", params));
      parts.push(all);
    }
    if (!status.cancelled) {
      madeHere(status.output, `job-${status.id}`);
      if (state.dir) {
        const save = document.createElement("button");
        save.type = "button";
        save.textContent = "Save to folder";
        save.addEventListener("click", () => saveFile(status.output, plainNames(status.output)));
        parts.push(save);
      }
      const open = document.createElement("button");
      open.type = "button";
      if (status.kind === "leads") {
        // Not boards: the study, shown under its form.
        open.textContent = "Show the leads";
        open.addEventListener("click", () => showLeads(status.output));
        if (!stale.has(status.id) && !shownLeads.has(status.id)) {
          shownLeads.add(status.id);
          showLeads(status.output);
        }
      } else {
        open.textContent = `Open ${plainNames(status.output)}`;
        open.addEventListener("click", () => openFile(status.output, status.output.replace(/^upload\//, "")));
      }
      parts.push(open);
    }
  }
  item.replaceChildren(...parts);
  item.dataset.running = String(status.running);
  if (!status.running && item.parentElement === $("jobs")) foldJobs(item, stale.has(status.id));
}

// What a running job has done: a solve says it itself; a deal by script
// tells boards made and deals generated, and the rate is worked out here.
const began = new Map();

function jobMessage(status) {
  if (status.kind !== "deal" || !status.total) return status.message;
  if (!began.has(status.id)) began.set(status.id, performance.now());
  const seconds = Math.max((performance.now() - began.get(status.id)) / 1000, 0.001);
  const generated = Number(status.message) || 0;
  const rate = Math.round(generated / seconds);
  return `${status.done} of ${status.total} boards, ${generated} deals generated (${rate}/s)`;
}

// A job's server-sent events, read from a fetched stream (which carries
// the token, where an EventSource could not): each event's data to
// `heard`, until the stream ends.
async function events(path, heard) {
  const response = await api(path);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).replace(/^ /, "")).join("\n");
      if (data) heard(data);
    }
  }
}

function follow(status) {
  showJob(status);
  if (!status.running || followed.has(status.id)) return;
  followed.add(status.id);
  events(`/api/jobs/${status.id}/events`, (data) => {
    const now = JSON.parse(data);
    showJob(now);
    if (!now.running) loadFiles();
  }).catch(() => {
    // The server went away (or the job is gone): stop asking.
  }).finally(() => followed.delete(status.id));
}

async function start(path, params, body) {
  problem("");
  try {
    const init = { method: "POST" };
    if (body) {
      init.headers = { "Content-Type": "application/json" };
      init.body = JSON.stringify(body);
    }
    follow(await json(path, params, init));
  } catch (e) {
    problem(e.message);
  }
}

$("solve").addEventListener("submit", (e) => {
  e.preventDefault();
  start("/api/solve", withAs({ file: state.file }));
});

// A script's error points at its line and column: the editor goes there.
function scriptError(message) {
  $("script-error").textContent = plainNames(message);
  const at = /:(\d+):(\d+):/.exec(message) || /line (\d+), column (\d+)/.exec(message);
  if (!at) return;
  const [line, column] = [Number(at[1]), Number(at[2])];
  const editor = $("script");
  const lines = editor.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(column - 1, 0);
  $("dealing").hidden = false;
  editor.focus();
  editor.setSelectionRange(offset, offset + 1);
}

function dealMode() {
  const mode = new FormData($("deal")).get("mode");
  for (const m of ["practice", "tournament", "script"]) {
    for (const el of document.querySelectorAll(`.for-${m}`)) el.hidden = m !== mode;
  }
  // A tournament set is dealt for its owner: the form asks for one.
  $("deal").elements.owner.required = mode === "tournament";
  return mode;
}

$("new-deal").addEventListener("click", () => {
  $("welcome").hidden = true;
  $("dealing").hidden = false;
  $("dealing").scrollIntoView();
});

for (const radio of document.querySelectorAll("#deal input[name=mode]")) {
  radio.addEventListener("change", dealMode);
}

$("deal").addEventListener("submit", (e) => {
  e.preventDefault();
  $("script-error").textContent = "";
  const form = new FormData(e.target);
  const mode = dealMode();
  const body = { boards: Number(form.get("boards")) || undefined, first: Number(form.get("first")) || undefined };
  if (mode === "practice") body.seed = form.get("seed");
  if (mode === "tournament") body.owner = form.get("owner");
  if (mode === "script") body.script = form.get("script");
  start("/api/deal", {}, body);
});

// Opening leads: a study as a job; its result, a lead a row, drawn as a
// table with a bar for the share of deals each lead beats the contract
// (its 95% interval a line across the bar).
const shownLeads = new Set();

$("new-leads").addEventListener("click", () => {
  $("welcome").hidden = true;
  $("leading").hidden = false;
  $("leading").scrollIntoView();
});

$("leads").addEventListener("submit", (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  const body = {
    hand: form.get("hand"),
    contract: form.get("contract"),
    declarer: form.get("declarer"),
    deals: Number(form.get("deals")) || undefined,
    seed: form.get("seed") || undefined,
    script: form.get("script") || undefined,
  };
  start("/api/leads", {}, body);
});

function percent(x) {
  return `${(100 * x).toFixed(1)}%`;
}

async function showLeads(output) {
  let rows;
  try {
    rows = await json("/api/leads-result", { file: output });
  } catch (e) {
    problem(e.message);
    return;
  }
  if (!rows.length) return;
  const first = rows[0];
  const seats = { N: "North", E: "East", S: "South", W: "West" };
  $("leads-title").textContent = `Leads from ${first.hand} against ${first.contract} by ${seats[first.declarer] || first.declarer}, over ${first.deals} deals`;
  const body = $("leads-table").tBodies[0];
  body.replaceChildren();
  const symbols = { S: "♠", H: "♥", D: "♦", C: "♣" };
  for (const r of rows) {
    const row = body.insertRow();
    row.insertCell().textContent = (symbols[r.lead[0]] || r.lead[0]) + r.lead.slice(1);
    const cells = [r.tricks.toFixed(2), percent(r.beats), `${percent(r.beats_low)} – ${percent(r.beats_high)}`, percent(r.best)];
    for (const text of cells) {
      const cell = row.insertCell();
      cell.className = "number";
      cell.textContent = text;
    }
    row.cells[2].title = `95% interval: ${cells[2]}`;
    const bar = document.createElement("div");
    bar.className = "bar";
    bar.setAttribute("aria-hidden", "true");
    const share = document.createElement("span");
    share.className = "share";
    share.style.width = percent(r.beats);
    const interval = document.createElement("span");
    interval.className = "interval";
    interval.style.left = percent(r.beats_low);
    interval.style.width = percent(r.beats_high - r.beats_low);
    bar.append(share, interval);
    row.insertCell().append(bar);
  }
  $("welcome").hidden = true;
  $("leading").hidden = false;
  $("leads-result").hidden = false;
  $("leads-result").scrollIntoView({ block: "nearest" });
}

async function resume() {
  for (const status of (await json("/api/jobs")).reverse()) {
    if (!status.running) stale.add(status.id);
    follow(status);
  }
}

// Othello: the games a query keeps, and a game replayed on a board, its
// last positions' exact values from the solver.
const games = { query: {}, next: 0, total: 0 };

async function findGames(query, fresh) {
  if (fresh) {
    games.query = query;
    games.next = 0;
    $("games").tBodies[0].replaceChildren();
  }
  let page;
  try {
    page = await json("/api/games", { file: state.file, from: games.next, count: 50, ...games.query });
  } catch (e) {
    problem(e.message);
    return;
  }
  games.total = page.total;
  const body = $("games").tBodies[0];
  let numbered = false;
  for (const g of page.games) {
    numbered ||= named(g) !== g;
    const row = body.insertRow();
    const n = named(g);
    for (const text of [g.index + 1, n.black, n.white, n.tournament, g.year, g.black_discs]) {
      row.insertCell().textContent = text ?? "";
    }
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Replay";
    button.setAttribute("aria-label", `Replay game ${g.index + 1}`);
    button.addEventListener("click", () => replay(n));
    row.insertCell().append(button);
  }
  if (fresh) {
    const from = state.file.startsWith("upload/") ? "Upload them too" : "Put them in the same folder";
    $("games-note").textContent = numbered
      ? `Players and tournaments are shown by their numbers: their names are in the names files, WTHOR.JOU and WTHOR.TRN, which are not beside this file. ${from}, then open it again.`
      : "";
  }
  games.next += page.games.length;
  $("games-count").textContent = `${page.total} games${games.next < page.total ? `, ${games.next} shown` : ""}`;
  $("more-games").hidden = games.next >= page.total;
}

$("query").addEventListener("submit", (e) => {
  e.preventDefault();
  findGames(formParams(e.target), true);
});

$("more-games").addEventListener("click", () => findGames(games.query, false));

// A game with names for its players and tournament: its own, or, when the
// names files are missing, their numbers ("player 95"). The game itself
// when it has its names.
function named(g) {
  if (g.black !== undefined && g.white !== undefined && g.tournament !== undefined) return g;
  const or = (name, id, what) => name ?? (id !== undefined ? `${what} ${id}` : "");
  return {
    ...g,
    black: or(g.black, g.black_id, "player"),
    white: or(g.white, g.white_id, "player"),
    tournament: or(g.tournament, g.tournament_id, "tournament"),
  };
}

const DIRECTIONS = [-9, -8, -7, -1, 1, 7, 8, 9];

function flips(board, side, square) {
  if (board[square] !== "-") return [];
  const other = side === "X" ? "O" : "X";
  const found = [];
  for (const d of DIRECTIONS) {
    const run = [];
    let at = square;
    for (;;) {
      const col = at % 8;
      at += d;
      if (at < 0 || at >= 64 || Math.abs((at % 8) - col) > 1) break;
      if (board[at] === other) run.push(at);
      else {
        if (board[at] === side && run.length) found.push(...run);
        break;
      }
    }
  }
  return found;
}

// Every position of a game: [board, side to move, the square just played].
function positions(moves) {
  let board = Array(64).fill("-");
  board[27] = board[36] = "O";
  board[28] = board[35] = "X";
  let side = "X";
  const all = [[board.join(""), side, null]];
  for (let i = 0; i + 1 < moves.length; i += 2) {
    const square = (moves.charCodeAt(i) - 97) + 8 * (Number(moves[i + 1]) - 1);
    let turned = flips(board, side, square);
    if (!turned.length) {
      // The side to move had to pass.
      side = side === "X" ? "O" : "X";
      turned = flips(board, side, square);
      if (!turned.length) break;
    }
    board = board.slice();
    board[square] = side;
    for (const t of turned) board[t] = side;
    side = side === "X" ? "O" : "X";
    // A side with no move passes: the other moves next.
    const canMove = (s) => board.some((_, sq) => flips(board, s, sq).length > 0);
    const other = side === "X" ? "O" : "X";
    if (!canMove(side) && canMove(other)) side = other;
    all.push([board.join(""), side, square]);
  }
  return all;
}

const replaying = { game: null, at: 0, all: [], values: new Map() };

function replay(game) {
  replaying.game = game;
  replaying.all = positions(game.moves || "");
  replaying.at = replaying.all.length - 1;
  replaying.values = new Map();
  $("replay").hidden = false;
  $("replay-title").textContent = `${game.black} – ${game.white}, ${game.tournament || ""} ${game.year || ""}`;
  const list = $("replay-moves");
  list.replaceChildren();
  for (let i = 0; i + 1 < (game.moves || "").length; i += 2) {
    const li = document.createElement("li");
    li.textContent = game.moves.slice(i, i + 2);
    list.append(li);
  }
  drawReplay();
  valuesNearTheEnd();
  $("replay").scrollIntoView();
}

function drawReplay() {
  const [board, side, last] = replaying.all[replaying.at];
  const grid = $("othello-board");
  grid.replaceChildren();
  for (let i = 0; i < 64; i++) {
    const cell = document.createElement("span");
    cell.className = board[i] + (i === last ? " last" : "");
    grid.append(cell);
  }
  const black = [...board].filter((c) => c === "X").length;
  const white = [...board].filter((c) => c === "O").length;
  grid.setAttribute("aria-label", `After move ${replaying.at}: black ${black}, white ${white}`);
  const end = replaying.at === replaying.all.length - 1;
  const stored = replaying.game.black_discs;
  $("replay-status").textContent = `Move ${replaying.at} of ${replaying.all.length - 1}: Black ${black}, White ${white}` +
    (end && stored !== undefined ? `. The file gives Black ${stored} discs.` : "");
  const value = replaying.values.get(replaying.at);
  $("replay-value").textContent = value === undefined ? "" :
    `Exact value: ${value > 0 ? "+" : ""}${value} for ${side === "X" ? "Black" : "White"} to move, with perfect play.`;
  [...$("replay-moves").children].forEach((li, i) => li.classList.toggle("current", i === replaying.at - 1));
}

// The solver on the positions of at most 14 empty squares; the move that
// turned a win or draw into a loss is marked.
async function valuesNearTheEnd() {
  const wanted = [];
  replaying.all.forEach(([board, side], i) => {
    if ([...board].filter((c) => c === "-").length <= 14) wanted.push([i, `${board} ${side}`]);
  });
  if (!wanted.length) return;
  let solved;
  try {
    solved = (await json("/api/positions", {}, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ positions: wanted.map((w) => w[1]) }),
    })).solved;
  } catch (e) {
    problem(e.message);
    return;
  }
  const scores = new Map();
  solved.forEach((line, k) => {
    const [i] = wanted[k];
    const moves = new Map();
    let best = null;
    for (const m of line.slice(66).matchAll(/([A-H][1-8]|PS)?:?([+-]\d+)/g)) {
      const v = Number(m[2]);
      if (m[1]) moves.set(m[1].toLowerCase(), v);
      best = best === null ? v : Math.max(best, v);
    }
    scores.set(i, moves);
    if (best !== null) replaying.values.set(i, best);
  });
  const list = $("replay-moves").children;
  for (const [i, moves] of scores) {
    const next = replaying.all[i + 1];
    if (!next || next[2] === null) continue;
    const played = String.fromCharCode(97 + (next[2] % 8)) + (Math.floor(next[2] / 8) + 1);
    const best = replaying.values.get(i);
    const got = moves.get(played);
    if (best !== undefined && got !== undefined && best >= 0 && got < 0 && list[i]) list[i].classList.add("lost");
  }
  drawReplay();
}

for (const button of document.querySelectorAll(".steps button")) {
  button.addEventListener("click", () => {
    const last = replaying.all.length - 1;
    const to = { first: 0, back: replaying.at - 1, next: replaying.at + 1, last }[button.dataset.step];
    replaying.at = Math.max(0, Math.min(last, to));
    drawReplay();
  });
}

// SquareDeal: a verdict a file, and the sessions made.
async function squaredeal(action) {
  problem("");
  say(action === "verify" ? "Verifying…" : "Making the sessions…");
  $("verdict").textContent = "";
  $("report").replaceChildren();
  try {
    const done = await json("/api/squaredeal", { file: state.file, action }, { method: "POST" });
    const verdict = $("verdict");
    verdict.className = `verdict ${done.good ? "good" : "bad"}`;
    const summary = done.report.find((l) => / files identical /.test(l));
    verdict.textContent = action === "make" ? "Made." : (summary || (done.good ? "Good." : "Problems found."));
    for (const line of done.report) {
      const li = document.createElement("li");
      li.textContent = line;
      if (/DIFFERS/.test(line)) li.className = "differs";
      $("report").append(li);
    }
    if (action === "make") await loadFiles();
  } catch (e) {
    problem(e.message);
  }
  say("");
}

$("verify").addEventListener("click", () => squaredeal("verify"));
$("make").addEventListener("click", () => squaredeal("make"));

// The files first: the work list's buttons depend on a folder being served.
loadFiles()
  .catch((e) => problem(e.message))
  .then(resume)
  .catch((e) => problem(e.message));

// On a phone the tools fold into a bar, closed, so that the boards come
// first; on a wider screen they stand open.
if (window.matchMedia("(max-width: 700px)").matches) $("tools-bar").open = false;
// A mode the browser restored shows its own fields.
dealMode();
