// Run by scripts/check-records.sh in a page that holds the hand records
// in an iframe (#records) as wide as a phone (headless Chromium's window
// is at least 500 px wide) or in the records page itself: at that width,
// nothing overflows sideways and every board, hand and compass is laid out
// inside its board, boards apart from one another.
function check(win) {
const document = win.document;
const problems = [];
const width = win.innerWidth;
const scroll = document.documentElement.scrollWidth;
if (scroll > width) problems.push("scrollWidth " + scroll + " > innerWidth " + width);
const boards = [...document.querySelectorAll("section.board")];
const rects = boards.map(b => b.getBoundingClientRect());
boards.forEach((b, i) => {
  const r = rects[i], id = b.id;
  if (r.left < 0 || r.right > width) problems.push(id + ": " + r.left + ".." + r.right + " outside 0.." + width);
  const parts = [...b.querySelectorAll(".hand, svg.compass, table.dd, .par, .info")];
  if (b.querySelectorAll(".hand").length !== 4) problems.push(id + ": not four hands");
  parts.forEach(p => {
    const pr = p.getBoundingClientRect();
    if (pr.left < r.left - 1 || pr.right > r.right + 1 || pr.top < r.top - 1 || pr.bottom > r.bottom + 1)
      problems.push(id + ": " + p.className.baseVal + p.className + " sticks out");
    if (pr.width < 10 || pr.height < 10) problems.push(id + ": " + p.className + " not shown");
  });
  const red = b.querySelectorAll("svg.compass polygon.vul").length;
  if (![0, 2, 4].includes(red)) problems.push(id + ": " + red + " vulnerable bands");
  if (i > 0) {
    const o = rects[i - 1];
    const apart = r.top >= o.bottom + 4 || r.left >= o.right + 4 || o.left >= r.right + 4;
    if (!apart) problems.push(id + " touches " + boards[i - 1].id);
  }
});
return (problems.length ? "PROBLEMS " + problems.join("; ") : "OK " + boards.length + " boards") +
  " at " + width + "px, scrollWidth " + scroll;
}
