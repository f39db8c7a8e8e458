// The rules explorer: the page's only script. It asks the JSON API of the same server
// (/api/openapi.json describes it) and draws the board itself, as SVG, from the score's
// position (its stones) and point map (how the chosen ruleset counts each point), so that a
// chain can be clicked and every ruleset's score is one request per move or click.
"use strict";

const $ = (id) => document.getElementById(id);
const COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const state = {
  sgf: "", move: 0, moves: 0, dead: null, toml: null, report: null, position: null,
  selected: 0, seq: 0, diffSeq: 0, deadSource: "auto",
};

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, init);
  const kind = r.headers.get("content-type") || "";
  const data = kind.startsWith("application/json") ? await r.json() : await r.text();
  if (!r.ok) {
    const e = new Error(data.error || String(data));
    e.line = data.line; e.column = data.column;
    throw e;
  }
  return data;
}

function showError(el, e) {
  if (!e) { el.hidden = true; el.textContent = ""; return; }
  const at = e.line ? `line ${e.line}${e.column ? `, column ${e.column}` : ""}: ` : "";
  el.textContent = at + e.message;
  el.hidden = false;
}

function pointName(x, y, height) { return COLUMNS[x] + (height - y); }

// ---- Record and score ----

// `move`: the move to show (-1: the end, once the answer says how many moves there are).
function loadSgf(text, move = -1) {
  state.sgf = text;
  state.dead = null;
  state.move = move;
  $("sgf").value = text;
  score();
}

async function score() {
  if (!state.sgf) return;
  const seq = ++state.seq;
  const body = {
    sgf: state.sgf,
    rules: $("rules-list").value,
    counting: $("counting").value,
    dead: state.dead === null ? $("dead-source").value : (state.dead.join(",") || "none"),
    unfinished: true,
  };
  if (state.toml !== null) body.rules_toml = [state.toml];
  if (state.move >= 0) body.move = state.move;
  try {
    const answer = await api("/api/score", body);
    if (seq !== state.seq) return; // a later request is on its way
    showError($("message"), null);
    state.report = answer.games[0];
    state.position = answer.positions[0];
    state.moves = state.position.moves;
    state.move = state.position.move;
    if (state.selected >= columns().length) state.selected = 0;
    render();
  } catch (e) {
    if (seq === state.seq) showError($("message"), e);
  }
}

function columns() {
  const out = [];
  if (!state.report) return out;
  for (const r of state.report.rulesets) for (const s of r.scores) out.push({ r, s });
  return out;
}

function render() {
  const p = state.position;
  $("move").max = String(state.moves);
  $("move").value = String(state.move);
  const last = p.last_move ? `, last ${p.last_move}` : "";
  $("move-label").textContent = `Move ${state.move} of ${state.moves}${last}`;
  $("captures").textContent = `Captures: Black ${p.captures[0]}, White ${p.captures[1]}`;
  const g = state.report.game;
  $("dead-points").value = g.dead_stones.join(",");
  $("game-info").textContent =
    `${g.size} board, komi ${g.komi}, ${g.moves} moves, dead stones ${g.dead_stones.length ? g.dead_stones.join(" ") : "none"} (${g.dead_source})` +
    (g.result ? `, record's result ${g.result}` : "");
  renderTable();
  renderBoard();
  const diffs = $("differences");
  diffs.replaceChildren();
  for (const d of state.report.differences) {
    const li = document.createElement("li");
    li.textContent = `${d.other} against ${d.reference}: ${d.delta > 0 ? "+" : ""}${d.delta}` +
      `${d.winner_changes ? " (the winner changes)" : ""}: ${d.reasons.join("; ")}`;
    diffs.append(li);
  }
  if (!state.report.differences.length) {
    const li = document.createElement("li");
    li.textContent = "Every score gives the same margin.";
    diffs.append(li);
  }
  const notes = $("notes");
  notes.replaceChildren();
  for (const r of state.report.rulesets) {
    for (const n of [].concat(r.notes || [])) {
      const li = document.createElement("li");
      li.textContent = `${r.ruleset}: ${n}`;
      notes.append(li);
    }
  }
}

const PARTS = [
  ["territory", (s) => s.territory],
  ["stones", (s) => s.stones],
  ["captures", (s) => s.prisoners.captures],
  ["dead", (s) => s.prisoners.dead_stones],
  ["pass stones", (s) => s.prisoners.pass_stones],
  ["komi", (s) => s.komi],
  ["handicap", (s) => s.handicap_compensation],
  ["bonus", (s) => s.bonus],
  ["group tax", (s) => s.group_tax],
];

function renderTable() {
  const head = $("score-table").tHead;
  head.replaceChildren();
  const hr = head.insertRow();
  for (const h of ["show", "ruleset", "counting", ...PARTS.map((p) => p[0]), "total", "result"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = h;
    hr.append(th);
  }
  const body = $("score-table").tBodies[0];
  body.replaceChildren();
  columns().forEach(({ r, s }, i) => {
    const tr = body.insertRow();
    tr.dataset.score = `${r.ruleset}:${s.counting}`;
    if (i === state.selected) tr.className = "selected";
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "board";
    b.setAttribute("aria-pressed", String(i === state.selected));
    b.setAttribute("aria-label", `Draw ${r.ruleset} ${s.counting} on the board`);
    b.onclick = () => { state.selected = i; render(); };
    tr.insertCell().append(b);
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = r.ruleset + (r.legal ? "" : " (illegal move)");
    tr.append(th);
    tr.insertCell().textContent = s.counting;
    const bd = s.breakdown;
    for (const [, f] of PARTS) {
      const c = tr.insertCell();
      c.className = "num";
      c.textContent = bd ? `${f(bd.black)} / ${f(bd.white)}` : "";
    }
    const t = tr.insertCell();
    t.className = "num total";
    t.textContent = `${s.black} / ${s.white}`;
    const res = tr.insertCell();
    res.className = "result";
    res.textContent = s.result;
  });
}

// ---- The board ----

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

function renderBoard() {
  const rows = state.position.board;
  const h = rows.length, w = rows[0].length;
  const cell = 30, pad = 30;
  const svg = el("svg", { viewBox: `0 0 ${2 * pad + (w - 1) * cell} ${2 * pad + (h - 1) * cell}` });
  el("rect", { x: 0, y: 0, width: "100%", height: "100%", fill: "#dcb35c" }, svg);
  const X = (x) => pad + x * cell, Y = (y) => pad + y * cell;
  for (let x = 0; x < w; x++) {
    el("line", { x1: X(x), y1: Y(0), x2: X(x), y2: Y(h - 1), stroke: "#333" }, svg);
    el("text", { x: X(x), y: 14, "text-anchor": "middle", "font-size": 11 }, svg).textContent = COLUMNS[x];
  }
  for (let y = 0; y < h; y++) {
    el("line", { x1: X(0), y1: Y(y), x2: X(w - 1), y2: Y(y), stroke: "#333" }, svg);
    el("text", { x: 4, y: Y(y) + 4, "font-size": 11 }, svg).textContent = String(h - y);
  }
  const col = columns()[state.selected];
  const map = col && col.s.points ? col.s.points.rows : null;
  const dead = new Set(state.report.game.dead_stones);
  const last = state.position.last_move ? state.position.last_move.split(" ")[1] : null;
  let stones = 0, deadCount = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const stone = rows[y][x];
      const code = map ? map[y][x] : ".";
      const name = pointName(x, y, h);
      if (stone !== ".") {
        stones++;
        const isDead = dead.has(name);
        if (isDead) deadCount++;
        const c = el("circle", {
          cx: X(x), cy: Y(y), r: cell * 0.47, fill: stone === "X" ? "#111" : "#fafafa",
          stroke: "#111", "fill-opacity": isDead ? 0.45 : 1, class: "stone",
          "data-point": name, "data-dead": String(isDead),
        }, svg);
        c.style.cursor = "pointer";
        el("title", {}, c).textContent = `${stone === "X" ? "Black" : "White"} ${name}${isDead ? ", dead" : ""}: click to toggle`;
        c.onclick = () => toggleChain(x, y);
        if (code === "S" || code === "s") {
          el("circle", { cx: X(x), cy: Y(y), r: cell * 0.3, fill: "none", stroke: "#c00", "stroke-width": 2 }, svg);
        }
        if (isDead) {
          const d = cell * 0.2;
          el("path", { d: `M${X(x) - d} ${Y(y) - d}L${X(x) + d} ${Y(y) + d}M${X(x) + d} ${Y(y) - d}L${X(x) - d} ${Y(y) + d}`, stroke: "#c00", "stroke-width": 2 }, svg);
        }
        if (name === last) {
          el("circle", { cx: X(x), cy: Y(y), r: cell * 0.18, fill: "none", stroke: stone === "X" ? "#fff" : "#111", "stroke-width": 2, class: "last-move" }, svg);
        }
      }
      // The count's mark on the point: territory, or a point the ruleset leaves out.
      const owner = { x: "#111", o: "#fafafa", "#": "#fafafa", "@": "#111" }[code];
      if (owner && !(stone !== "." && (code === "x" || code === "o"))) {
        const s = cell * 0.3;
        el("rect", { x: X(x) - s / 2, y: Y(y) - s / 2, width: s, height: s, fill: owner, stroke: "#555", class: "mark" }, svg);
      } else if ("EeFf".includes(code)) {
        el("text", { x: X(x), y: Y(y) + 4, "text-anchor": "middle", "font-size": 12, fill: "#a00" }, svg)
          .textContent = code.toLowerCase();
      }
    }
  }
  const board = $("board");
  board.replaceChildren(svg);
  const what = col ? `${col.r.ruleset} ${col.s.counting}: ${col.s.result}` : "";
  board.setAttribute("aria-label",
    `${w} by ${h} board after move ${state.move}, ${stones} stones, ${deadCount} called dead; ${what}`);
}

function chainAt(x, y) {
  const rows = state.position.board;
  const colour = rows[y][x];
  const seen = new Set([`${x},${y}`]);
  const todo = [[x, y]];
  const out = [];
  while (todo.length) {
    const [a, b] = todo.pop();
    out.push(pointName(a, b, rows.length));
    for (const [c, d] of [[a - 1, b], [a + 1, b], [a, b - 1], [a, b + 1]]) {
      if (d < 0 || d >= rows.length || c < 0 || c >= rows[0].length) continue;
      if (rows[d][c] === colour && !seen.has(`${c},${d}`)) {
        seen.add(`${c},${d}`);
        todo.push([c, d]);
      }
    }
  }
  return out;
}

// As OGS's stone removal: a click calls the whole chain dead, or alive again.
function toggleChain(x, y) {
  const chain = chainAt(x, y);
  const dead = new Set(state.report.game.dead_stones);
  const allDead = chain.every((p) => dead.has(p));
  for (const p of chain) { if (allDead) dead.delete(p); else dead.add(p); }
  state.dead = [...dead];
  score();
}

function goTo(n) {
  if (!state.report) return;
  state.move = Math.max(0, Math.min(state.moves, n));
  state.dead = null; // each position's own dead stones, from the source chosen
  score();
}

// ---- Rules ----

async function loadRules() {
  const list = await api("/api/rulesets");
  const knobs = [];
  for (const rs of list) for (const k of rs.knobs) if (!knobs.includes(k.knob)) knobs.push(k.knob);
  const value = (rs, knob) => rs.knobs.filter((k) => k.knob === knob).map((k) => k.value).join("; ");
  const head = $("matrix").tHead;
  const hr = head.insertRow();
  const corner = document.createElement("th");
  corner.textContent = "knob";
  corner.scope = "col";
  hr.append(corner);
  for (const rs of list) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = rs.id;
    th.title = rs.name;
    hr.append(th);
  }
  const body = $("matrix").tBodies[0];
  for (const knob of knobs) {
    const tr = body.insertRow();
    const values = list.map((rs) => value(rs, knob));
    if (new Set(values).size > 1) tr.className = "differs";
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = knob;
    tr.append(th);
    for (const v of values) tr.insertCell().textContent = v;
  }
  for (const id of ["diff-a", "diff-b"]) {
    for (const rs of list) $(id).append(new Option(rs.id, rs.id));
  }
  $("diff-a").value = list[0].id;
  $("diff-b").value = list[1] ? list[1].id : list[0].id;
  diff();
}

// Answers can arrive out of order when both rulesets change quickly: only the latest request's
// answer is drawn.
async function diff() {
  const mine = ++state.diffSeq;
  const d = await api(`/api/rulesets/diff?a=${encodeURIComponent($("diff-a").value)}&b=${encodeURIComponent($("diff-b").value)}`);
  if (mine !== state.diffSeq) return;
  const head = $("diff").tHead;
  head.replaceChildren();
  const hr = head.insertRow();
  for (const h of ["knob", d.a, d.b]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = h;
    hr.append(th);
  }
  const body = $("diff").tBodies[0];
  body.replaceChildren();
  if (!d.knobs.length) body.insertRow().insertCell().textContent = "They set every knob alike.";
  for (const k of d.knobs) {
    const tr = body.insertRow();
    for (const v of [k.knob, k.a, k.b]) tr.insertCell().textContent = v;
  }
}

async function checkToml() {
  const text = $("toml").value;
  try {
    const rs = await api("/api/rulesets/check", { toml: text });
    showError($("toml-error"), null);
    $("toml").removeAttribute("aria-invalid");
    $("toml-ok").textContent = `${rs.id} (${rs.name}) reads well: ${rs.knobs.length} knobs.`;
    return true;
  } catch (e) {
    $("toml-ok").textContent = "";
    showError($("toml-error"), e);
    $("toml").setAttribute("aria-invalid", "true");
    if (e.line) {
      // Select the line of the error in the editor.
      const lines = text.split("\n");
      const start = lines.slice(0, e.line - 1).reduce((n, l) => n + l.length + 1, 0);
      $("toml").setSelectionRange(start, start + (lines[e.line - 1] || "").length);
    }
    return false;
  }
}

// ---- Claims ----

async function loadClaims() {
  for (const c of await api("/api/claims")) {
    const o = new Option(`${c.name} (expected to ${c.expected === "holds" ? "hold" : "fail"})`, c.name);
    o.title = c.statement;
    $("claim-named").append(o);
  }
}

let counterexample = null;

async function runClaim() {
  $("claim-run").disabled = true;
  $("claim-verdict").textContent = "Running...";
  $("claim-replay").hidden = true;
  $("claim-text").textContent = "";
  try {
    const r = await api("/api/claims/fuzz", { claim: $("claim").value, games: Number($("claim-games").value) });
    showError($("claim-error"), null);
    const partial = r.stopped_by_budget ? ` (stopped at the time budget: ${r.games} of ${r.games_asked} games)` : "";
    $("claim-verdict").textContent = r.holds
      ? `The claim holds in ${r.games} games${partial}.`
      : `The claim fails in ${r.failures} of ${r.games} games${partial}.`;
    $("claim-text").textContent = r.explanation;
    counterexample = r.counterexamples.length ? r.counterexamples[0].sgf_text : null;
    $("claim-replay").hidden = counterexample === null;
  } catch (e) {
    $("claim-verdict").textContent = "";
    showError($("claim-error"), e);
  } finally {
    $("claim-run").disabled = false;
  }
}

// ---- Wiring ----

async function loadExample(name) {
  const r = await fetch(`/api/examples/${encodeURIComponent(name)}`);
  if (r.ok) loadSgf(await r.text());
}

function readFile(file) {
  const reader = new FileReader();
  reader.onload = () => loadSgf(String(reader.result));
  reader.readAsText(file);
}

async function init() {
  const examples = await api("/api/examples");
  for (const e of examples) $("example").append(new Option(e.title, e.name));
  $("example").onchange = () => { if ($("example").value) loadExample($("example").value); };
  $("file").onchange = () => { if ($("file").files[0]) readFile($("file").files[0]); };
  $("load").onclick = () => loadSgf($("sgf").value);
  const drop = $("drop");
  drop.ondragover = (e) => { e.preventDefault(); drop.classList.add("over"); };
  drop.ondragleave = () => drop.classList.remove("over");
  drop.ondrop = (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (e.dataTransfer.files[0]) readFile(e.dataTransfer.files[0]);
  };
  for (const id of ["rules-list", "counting", "dead-source"]) $(id).onchange = () => { state.dead = null; score(); };
  $("move").oninput = () => goTo(Number($("move").value));
  $("first").onclick = () => goTo(0);
  $("prev").onclick = () => goTo(state.move - 1);
  $("next").onclick = () => goTo(state.move + 1);
  $("last").onclick = () => goTo(state.moves);
  document.addEventListener("keydown", (e) => {
    const t = e.target.tagName;
    if (t === "INPUT" && e.target.type !== "range" || t === "TEXTAREA" || t === "SELECT") return;
    if (e.key === "ArrowLeft") { e.preventDefault(); goTo(state.move - 1); }
    if (e.key === "ArrowRight") { e.preventDefault(); goTo(state.move + 1); }
    if (e.key === "Home") { e.preventDefault(); goTo(0); }
    if (e.key === "End") { e.preventDefault(); goTo(state.moves); }
  });
  $("dead-apply").onclick = () => {
    state.dead = $("dead-points").value.split(",").map((s) => s.trim().toUpperCase()).filter(Boolean);
    score();
  };
  $("diff-a").onchange = diff;
  $("diff-b").onchange = diff;
  $("toml-check").onclick = checkToml;
  $("toml-use").onclick = async () => {
    if (await checkToml()) { state.toml = $("toml").value; score(); }
  };
  $("toml-drop").onclick = () => { state.toml = null; $("toml-ok").textContent = ""; score(); };
  $("claim-named").onchange = () => { if ($("claim-named").value) $("claim").value = $("claim-named").value; };
  $("claim-run").onclick = runClaim;
  $("claim-replay").onclick = () => {
    $("dead-source").value = "markup"; // the counterexample's agreed-dead stones are its markup
    loadSgf(counterexample, 0);
    document.getElementById("board-area").scrollIntoView();
  };
  await Promise.all([loadRules(), loadClaims()]);
}

init().catch((e) => showError($("message"), e));
