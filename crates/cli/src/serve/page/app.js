// boardfile's page: files opened from the served folder or dropped here,
// boards drawn by the hand records' renderer, conversions downloaded.
// Every request goes to the server that served this page; its cookie
// carries the run's token.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { file: null, game: null, formats: null, next: 0, more: false };
// The most boards kept on the page: older ones go as newer ones come.
const MOST_KEPT = 48;
const PAGE = 12;

function say(text) {
  $("status").textContent = text;
}

function problem(text) {
  $("problems").textContent = text || "";
}

async function api(path, params = {}, init = {}) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(query ? `${path}?${query}` : path, init);
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      message = (await response.json()).error || message;
    } catch (_) {
      // Not JSON: the status says it.
    }
    throw new Error(message);
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
    } catch (e) {
      problem(`${f.name}: ${e.message}`);
    }
  }
  await loadFiles();
  if (first) await openFile(first.id, first.name);
  else say("");
}

async function formats() {
  if (!state.formats) state.formats = await json("/api/formats");
  return state.formats;
}

async function openFile(id, name) {
  problem("");
  say(`Opening ${name}…`);
  for (const b of document.querySelectorAll("#files button")) {
    b.setAttribute("aria-current", b.dataset.id === id ? "true" : "false");
  }
  $("welcome").hidden = true;
  $("view").hidden = false;
  $("view-title").textContent = name;
  $("boards").replaceChildren();
  $("warnings").replaceChildren();
  $("more").hidden = true;
  let opened;
  try {
    opened = await json("/api/open", { file: id });
  } catch (e) {
    $("view-format").textContent = "";
    problem(e.message);
    say("");
    return;
  }
  state.file = id;
  state.game = opened.game;
  $("view-format").textContent = `${opened.format} · ${opened.game === "bridge" ? "bridge" : "Othello"}`;
  for (const el of document.querySelectorAll(".bridge-only")) el.hidden = opened.game !== "bridge";
  const to = $("to");
  to.replaceChildren();
  for (const f of (await formats())[opened.game]) {
    if (opened.game === "bridge" && (f.name === "PDF" || f.name === "HTML")) continue;
    const o = document.createElement("option");
    o.value = f.name.toLowerCase();
    o.textContent = `${f.name} (.${f.extension})`;
    o.title = f.description;
    to.append(o);
  }
  if (opened.game === "bridge") await showBoards({ from: 0 }, true);
  say("");
}

async function showBoards(where, fresh) {
  let page;
  try {
    page = await json("/api/boards", { file: state.file, count: PAGE, ...where });
  } catch (e) {
    problem(e.message);
    return;
  }
  const boards = $("boards");
  if (fresh) boards.replaceChildren();
  const template = document.createElement("template");
  template.innerHTML = page.boards.map((b) => b.html).join("");
  boards.append(template.content);
  while (boards.children.length > MOST_KEPT) boards.firstElementChild.remove();
  const last = page.boards[page.boards.length - 1];
  state.next = last ? last.index + 1 : state.next;
  state.more = page.more;
  $("more").hidden = !page.more;
  const warnings = $("warnings");
  warnings.replaceChildren();
  for (const w of page.warnings.slice(0, 50)) {
    const li = document.createElement("li");
    li.textContent = w;
    warnings.append(li);
  }
  if (fresh && page.boards.length === 0) {
    problem(where.number ? `No board ${where.number} or after it.` : "No boards.");
  }
  return page;
}

async function download(params, fallback) {
  problem("");
  say("Converting…");
  try {
    const response = await api("/api/convert", { file: state.file, ...params });
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

$("convert").addEventListener("submit", (e) => {
  e.preventDefault();
  download({ to: $("to").value }, "converted");
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

function showJob(status) {
  const item = jobItem(status);
  const what = status.kind === "solve" ? `Solving ${status.file}` : `Dealing ${status.output.replace(/^upload\//, "")}`;
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
    text.textContent = status.message || "starting…";
    const stop = document.createElement("button");
    stop.type = "button";
    stop.textContent = "Cancel";
    stop.addEventListener("click", () => json(`/api/jobs/${status.id}/cancel`, {}, { method: "POST" }));
    parts.push(bar, text, stop);
  } else if (status.error) {
    const text = document.createElement("span");
    text.className = "failed";
    text.textContent = status.error;
    parts.push(text);
    if (status.kind === "deal") scriptError(status.error);
  } else {
    const text = document.createElement("span");
    text.className = "job-message";
    text.textContent = status.cancelled ? "Cancelled: starting it again goes on from where it stopped." : (status.summary || "Done.");
    parts.push(text);
    if (!status.cancelled) {
      const open = document.createElement("button");
      open.type = "button";
      open.textContent = `Open ${status.output.replace(/^upload\//, "")}`;
      open.addEventListener("click", () => openFile(status.output, status.output.replace(/^upload\//, "")));
      parts.push(open);
    }
  }
  item.replaceChildren(...parts);
  item.dataset.running = String(status.running);
}

function follow(status) {
  showJob(status);
  if (!status.running || followed.has(status.id)) return;
  followed.add(status.id);
  const events = new EventSource(`/api/jobs/${status.id}/events`);
  events.onmessage = (e) => {
    const now = JSON.parse(e.data);
    showJob(now);
    if (!now.running) {
      events.close();
      followed.delete(now.id);
      loadFiles();
    }
  };
  events.onerror = () => {
    // The server went away (or the job is gone): stop asking.
    events.close();
    followed.delete(status.id);
  };
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
  start("/api/solve", { file: state.file });
});

// A script's error points at its line and column: the editor goes there.
function scriptError(message) {
  $("script-error").textContent = message;
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

async function resume() {
  for (const status of (await json("/api/jobs")).reverse()) follow(status);
}

loadFiles().catch((e) => problem(e.message));
resume().catch((e) => problem(e.message));
