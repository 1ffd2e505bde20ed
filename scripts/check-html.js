const problems = [];
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
    const c = getComputedStyle(b.querySelector(".hand span." + cls)).color;
    if (c !== "rgb(204, 0, 0)") problems.push(id + ": " + cls + " is " + c);
  }
  if (getComputedStyle(b.querySelector(".hand span.s")).color !== "rgb(0, 0, 0)") problems.push(id + ": spades not black");
  if (b.querySelectorAll("table.dd td").length !== 20) problems.push(id + ": no 20-entry DD table");
  if (!b.querySelector(".par")) problems.push(id + ": no par");
  for (let j = 0; j < i; j++) {
    const o = rects[j];
    if (r.left < o.right - 1 && o.left < r.right - 1 && r.top < o.bottom - 1 && o.top < r.bottom - 1) problems.push(id + " overlaps " + boards[j].id);
  }
});
const v = document.createElement("pre");
v.id = "verdict";
v.textContent = problems.length ? "PROBLEMS " + problems.join("; ") : "OK " + boards.length + " boards";
document.body.appendChild(v);
