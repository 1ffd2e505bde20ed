// Run by scripts/check-html.sh in the hand records page itself (a desktop
// window) or in a page that holds them in an iframe (#records) 390 px
// wide, a phone's width (a headless window is never narrower than 500 px).
// Every board is laid out, with four hands of four suits, red hearts and
// diamonds, the DD table and par, no two boards overlapping; the size of
// every text shown is measured (an SVG text's by its size on the screen).
// On the phone, no text is under 12 px and each board's diagram fills the
// width inside the board.
const PHONE_MIN_PX = 12;
const PHONE_FILL = 0.9;

function layout(win, problems) {
  const document = win.document;
  const boards = [...document.querySelectorAll("section.board")];
  const page = document.documentElement.getBoundingClientRect();
  const rects = boards.map(b => b.getBoundingClientRect());
  boards.forEach((b, i) => {
    const r = rects[i], id = b.id;
    if (r.width < 200 || r.height < 200) problems.push(id + ": " + r.width + "x" + r.height);
    if (r.left < 0 || r.right > page.right + 1) problems.push(id + ": outside the page");
    const hands = b.querySelectorAll(".hand");
    if (hands.length !== 4) problems.push(id + ": " + hands.length + " hands");
    hands.forEach(h => {
      const hr = h.getBoundingClientRect();
      if (hr.height < 40 || hr.left < r.left - 1 || hr.right > r.right + 1) problems.push(id + ": a hand out of its board");
      if (h.querySelectorAll("span.s, span.h, span.d, span.c").length !== 4) problems.push(id + ": a hand without four suits");
    });
    for (const cls of ["h", "d"]) {
      const c = win.getComputedStyle(b.querySelector(".hand span." + cls)).color;
      if (c !== "rgb(204, 0, 0)") problems.push(id + ": " + cls + " is " + c);
    }
    if (win.getComputedStyle(b.querySelector(".hand span.s")).color !== "rgb(0, 0, 0)") problems.push(id + ": spades not black");
    if (b.querySelectorAll("table.dd td").length !== 20) problems.push(id + ": no 20-entry DD table");
    if (!b.querySelector(".par")) problems.push(id + ": no par");
    for (let j = 0; j < i; j++) {
      const o = rects[j];
      if (r.left < o.right - 1 && o.left < r.right - 1 && r.top < o.bottom - 1 && o.top < r.bottom - 1) problems.push(id + " overlaps " + boards[j].id);
    }
  });
  return boards;
}

// What a text is, for the report: its element and the nearest class.
function what(el) {
  const own = el.getAttribute("class");
  if (own) return el.tagName.toLowerCase() + "." + own.split(" ")[0];
  const up = el.parentElement && el.parentElement.closest("[class]");
  const cls = up ? up.getAttribute("class").split(" ")[0] : "";
  return el.tagName.toLowerCase() + (cls ? " in ." + cls : "");
}

// The smallest size on the screen, in CSS px, of each kind of text shown.
function textSizes(win) {
  const document = win.document;
  const smallest = new Map();
  const walker = document.createTreeWalker(document.body, win.NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest("#verdict, script, style")) continue;
    if (el.getClientRects().length === 0) continue;
    let px = parseFloat(win.getComputedStyle(el).fontSize);
    if (el instanceof win.SVGElement) {
      const m = el.getScreenCTM();
      px *= Math.hypot(m.a, m.b);
    }
    const key = what(el);
    if (!smallest.has(key) || px < smallest.get(key)) smallest.set(key, px);
  }
  return [...smallest.entries()].sort((a, b) => a[1] - b[1]);
}

// How much of the width inside a board its diagram (hands, compass, the
// board's number) spans.
function fill(win, b) {
  const style = win.getComputedStyle(b);
  const r = b.getBoundingClientRect();
  const inner = r.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
  const parts = [...b.querySelectorAll(".diagram > *")].map(p => p.getBoundingClientRect());
  const left = Math.min(...parts.map(p => p.left)), right = Math.max(...parts.map(p => p.right));
  return (right - left) / inner;
}

function check(win) {
  const problems = [];
  const boards = layout(win, problems);
  const width = win.innerWidth;
  const phone = width < 600;
  const sizes = textSizes(win);
  if (phone) {
    for (const [key, px] of sizes) {
      if (px < PHONE_MIN_PX - 0.01) problems.push(key + " " + px.toFixed(1) + "px");
    }
    boards.forEach(b => {
      const f = fill(win, b);
      if (f < PHONE_FILL) problems.push(b.id + ": the diagram fills " + (100 * f).toFixed(0) + "% of the width");
    });
  }
  const fills = boards.map(b => fill(win, b));
  const least = fills.length ? Math.min(...fills) : 0;
  return (problems.length ? "PROBLEMS " + problems.join("; ") : "OK " + boards.length + " boards") +
    " at " + width + "px; text sizes: " + sizes.slice(0, 6).map(([k, px]) => k + " " + px.toFixed(1)).join(", ") +
    "; the diagram fills at least " + (100 * least).toFixed(0) + "%";
}
