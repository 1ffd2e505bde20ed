// Appended to a page check (scripts/check-html.js, check-records.js) by
// scripts/in-page.py: runs the check's `check(window)` on the hand records
// (the page itself, or the iframe #records once loaded) and leaves its
// verdict in a pre element, id verdict, for headless Chromium's --dump-dom.
function report(text) {
  const v = window.document.createElement("pre");
  v.id = "verdict";
  v.textContent = text;
  window.document.body.appendChild(v);
}

const frame = window.document.getElementById("records");
if (frame) {
  frame.addEventListener("load", () => report(check(frame.contentWindow)));
} else {
  report(check(window));
}
