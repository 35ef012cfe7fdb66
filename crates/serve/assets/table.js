// capicua's browser table: an ordinary client of the engine protocol (docs/protocol.md).
//
// The page knows no rule of the game. It asks the engine for everything: a round's deal
// (`deal`), who is to move and the legal moves, the line of play, tile counts, the numbers
// each seat is known to lack and the result (`referee`), each bot's move (`go` with a
// `player` spec), hints and the review (`go`), and who holds what (`beliefs`). What it knows
// is the protocol's notation: a move is "a-b", "a-b@e", "pass" or "draw…"; in partnership
// variants team 0 is seats 0 and 2.

"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const HUMAN = 0;

// ---------------------------------------------------------------------------------------
// The connection

class Engine {
  constructor(url) {
    this.url = url;
    this.nextId = 1;
    this.waiting = new Map();
    this.onclose = null;
  }

  connect() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url);
      this.ws = ws;
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error("cannot reach the engine"));
      ws.onclose = () => {
        for (const [, w] of this.waiting) w.reject(new Error("the connection closed"));
        this.waiting.clear();
        if (this.onclose) this.onclose();
      };
      ws.onmessage = (ev) => {
        let reply;
        try { reply = JSON.parse(ev.data); } catch (e) { return; }
        if (reply.type === "info") return;
        const w = this.waiting.get(reply.id);
        if (!w) return;
        this.waiting.delete(reply.id);
        w.resolve(reply);
      };
    });
  }

  // One request, its final reply. An `error` reply rejects with the engine's message.
  request(req) {
    const id = this.nextId++;
    const line = JSON.stringify(Object.assign({}, req, { id }));
    return new Promise((resolve, reject) => {
      this.waiting.set(id, {
        resolve: (r) => r.type === "error"
          ? reject(Object.assign(new Error(r.message), { reply: r }))
          : resolve(r),
        reject,
      });
      this.ws.send(line);
    });
  }
}

// ---------------------------------------------------------------------------------------
// State

const S = {
  engine: null,
  hello: null,
  settings: null,
  players: 4,
  partners: true,
  target: 100,
  names: [],
  specs: [],
  roundNo: 0,
  scores: null,        // match score before this round (null: zeros)
  pendingTies: 0,
  deal: null,
  moves: [],
  view: null,          // the last referee reply
  decisions: [],       // your turns with a choice: the move index
  busy: false,
  generation: 0,       // bumped by a new match, so that old loops stop
  selected: null,
  result: null,
};

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const isTileMove = (m) => /^\d-\d/.test(m);
const tileOf = (m) => m.split("@")[0];

function setState(state, status) {
  document.body.dataset.state = state;
  if (status !== undefined) $("status").textContent = status;
}

function sideOf(seat) {
  return S.partners ? seat % 2 : seat;
}

function seatName(seat) {
  if (seat === HUMAN) return "You";
  if (S.partners && seat === (HUMAN + 2) % 4) return "Partner";
  const rel = (seat - HUMAN + S.players) % S.players;
  if (S.players === 2) return "Opponent";
  if (rel === 1) return "Right";
  return rel === S.players - 1 ? "Left" : "Across";
}

function sideName(side) {
  if (S.partners) return side === sideOf(HUMAN) ? "You and partner" : "Opponents";
  return side === HUMAN ? "You" : seatName(side);
}

// ---------------------------------------------------------------------------------------
// Requests built from the round

function refereeRequest() {
  const d = S.deal;
  const req = {
    type: "referee", variant: S.settings.variant, first: d.first, hands: d.hands,
    moves: S.moves, pending_ties: S.pendingTies,
  };
  if (d.boneyard.length) req.boneyard = d.boneyard;
  if (d.forced_lead) req.forced_lead = d.forced_lead;
  if (S.scores) req.scores = S.scores;
  return req;
}

// Seat `seat`'s view of the first `upto` moves: another seat's draw hides its tile.
function position(seat, upto) {
  const n = upto === undefined ? S.moves.length : upto;
  const movers = S.view.movers;
  const moves = S.moves.slice(0, n).map((m, k) =>
    m.startsWith("draw") && movers[k] !== seat ? "draw" : m);
  const p = {
    variant: S.settings.variant, seat, first: S.deal.first, hand: S.deal.hands[seat],
    moves, pending_ties: S.pendingTies,
  };
  if (S.deal.forced_lead) p.forced_lead = S.deal.forced_lead;
  if (S.scores) p.scores = S.scores;
  return p;
}

// The round as the project's tools read it: a `referee` request (what `capicua solve`
// takes), with the players and the seed beside it.
function exportRound() {
  const r = refereeRequest();
  r.players = S.specs.map((s, i) => (i === HUMAN ? "human" : s));
  r.seed = S.settings.seed;
  r.round = S.roundNo;
  return r;
}

function download(obj, name) {
  const blob = new Blob([JSON.stringify(obj, null, 1) + "\n"], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// ---------------------------------------------------------------------------------------
// Drawing tiles

const L = 60, W = 30; // a tile's long and short sides in board units

// Pips of 0..9 on a 3x3 grid of (column, row) in -1..1.
const PIPS = {
  0: [], 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  7: [[-1, -1], [1, -1], [-1, 0], [0, 0], [1, 0], [-1, 1], [1, 1]],
  8: [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]],
  9: [[-1, -1], [0, -1], [1, -1], [-1, 0], [0, 0], [1, 0], [-1, 1], [0, 1], [1, 1]],
};

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// A tile in the rectangle (x, y, w, h): `a` on the top or left half, `b` on the other.
function drawTile(parent, x, y, w, h, a, b) {
  const g = el("g", { class: "tile" }, parent);
  el("rect", { class: "face", x, y, width: w, height: h, rx: 4 }, g);
  const vertical = h > w;
  const half = vertical ? h / 2 : w / 2;
  if (vertical) el("line", { class: "bar", x1: x + 3, y1: y + half, x2: x + w - 3, y2: y + half }, g);
  else el("line", { class: "bar", x1: x + half, y1: y + 3, x2: x + half, y2: y + h - 3 }, g);
  const side = vertical ? w : h;
  const r = side * 0.075, step = side * 0.27;
  [[a, 0], [b, 1]].forEach(([n, k]) => {
    const cx = vertical ? x + w / 2 : x + half * k + half / 2;
    const cy = vertical ? y + half * k + half / 2 : y + h / 2;
    for (const [c, rr] of PIPS[n] || []) {
      el("circle", { class: "pip", cx: cx + c * step, cy: cy + rr * step, r }, g);
    }
  });
  return g;
}

// ---------------------------------------------------------------------------------------
// The line of play, turning corners like a real table
//
// The lead lies in the middle. The tiles to its right run east and, at the edge of the
// table, turn down a corner and come back west, and so on; the tiles to its left run west
// and turn up. Doubles lie across the line, except at a corner. The engine gives the line
// left to right, each tile with the numbers on its left and right halves as it lies.

const REACH = 5.5 * L; // how far a row runs from the middle

function layoutLine(line) {
  const placed = [];
  const lead = line.findIndex((t) => t.side === "lead");
  if (lead < 0) return { placed, ends: [] };
  const t0 = line[lead];
  const dbl0 = t0.left === t0.right;
  const r0 = dbl0 ? { x: -W / 2, y: -L / 2, w: W, h: L } : { x: -L / 2, y: -W / 2, w: L, h: W };
  placed.push({ t: t0, rect: r0, a: t0.left, b: t0.right });
  // each arm: tiles outward from the lead, with their near (toward the lead) and far numbers
  const right = line.slice(lead + 1).map((t) => ({ t, near: t.left, far: t.right }));
  const left = line.slice(0, lead).reverse().map((t) => ({ t, near: t.right, far: t.left }));
  const ends = [];
  ends.push(walk(left, { x: r0.x, y: 0, dir: -1, turn: -1 }, placed));
  ends.push(walk(right, { x: r0.x + r0.w, y: 0, dir: 1, turn: 1 }, placed));
  return { placed, ends }; // ends[0]: where the next tile on the left would lie, ends[1]: right
}

// Lays an arm from point p (the edge it grows from), running in `dir` (1 east, -1 west) and
// turning rows toward `turn` (1 down, -1 up). Returns the slot of the next tile.
function walk(arm, p, placed) {
  let { x, y, dir } = p;
  const turn = p.turn;
  let afterCorner = false;
  const place = (item, probe) => {
    const dbl = item.near === item.far && !afterCorner;
    const ext = dbl ? W : L;
    const fits = dir > 0 ? x + ext <= REACH : x - ext >= -REACH;
    if (fits) {
      const rect = dbl
        ? { x: dir > 0 ? x : x - W, y: y - L / 2, w: W, h: L }
        : { x: dir > 0 ? x : x - L, y: y - W / 2, w: L, h: W };
      // the near half touches the tile before
      const [a, b] = dir > 0 ? [item.near, item.far] : [item.far, item.near];
      if (!probe) { x += dir * ext; afterCorner = false; }
      return { rect, a, b };
    }
    // a corner: the tile turns down (or up) at the end of the row
    const rect = {
      x: dir > 0 ? x : x - W,
      y: turn > 0 ? y - W / 2 : y + W / 2 - L,
      w: W, h: L,
    };
    const [a, b] = turn > 0 ? [item.near, item.far] : [item.far, item.near];
    if (!probe) {
      x = dir > 0 ? x + W : x - W;
      y += turn * L;
      dir = -dir;
      afterCorner = true;
    }
    return { rect, a, b };
  };
  for (const item of arm) {
    const { rect, a, b } = place(item, false);
    placed.push({ t: item.t, rect, a, b });
  }
  return place({ near: 0, far: 1 }, true).rect;
}

function renderBoard(svg, view, targets) {
  svg.textContent = "";
  const line = view ? view.line : [];
  svg.dataset.moves = JSON.stringify(S.moves);
  svg.dataset.ends = JSON.stringify(view ? view.ends : []);
  const { placed, ends } = layoutLine(line);
  // the newest tile is marked, so that a bot's move is easy to follow
  const newest = line.reduce((m, t) => Math.max(m, t.move), -1);
  const byMove = new Map(placed.map((p) => [p.t.move, p]));
  let minX = -REACH - L, maxX = REACH + L, minY = -2 * L, maxY = 2 * L;
  // DOM order is the line's order, left to right (the browser test reads it)
  for (const t of line) {
    const p = byMove.get(t.move);
    const g = drawTile(svg, p.rect.x, p.rect.y, p.rect.w, p.rect.h, p.a, p.b);
    g.dataset.tile = t.tile;
    g.dataset.seat = t.seat;
    g.dataset.left = t.left;
    g.dataset.right = t.right;
    if (t.move === newest) g.classList.add("fresh");
    minY = Math.min(minY, p.rect.y); maxY = Math.max(maxY, p.rect.y + p.rect.h);
  }
  for (const tg of targets || []) {
    const r = tg.side === "lead" ? { x: -L / 2, y: -W / 2, w: L, h: W } : ends[tg.side === "left" ? 0 : 1];
    if (!r) continue;
    const g = el("g", { class: "end-target" }, svg);
    g.dataset.move = tg.move;
    el("rect", { x: r.x, y: r.y, width: r.w, height: r.h, rx: 4 }, g);
    const label = el("text", { x: r.x + r.w / 2, y: r.y + r.h / 2 + 5 }, g);
    label.textContent = tg.label;
    g.addEventListener("click", () => playHuman(tg.move));
    minY = Math.min(minY, r.y); maxY = Math.max(maxY, r.y + r.h);
  }
  svg.setAttribute("viewBox", `${minX} ${minY - 10} ${maxX - minX} ${maxY - minY + 20}`);
}

// ---------------------------------------------------------------------------------------
// Seats, hand and score

function renderSeats(view) {
  const spots = S.players === 2 ? { 1: "top" }
    : S.players === 3 ? { 1: "right", 2: "left" }
    : { 1: "right", 2: "top", 3: "left" };
  for (const id of ["top", "left", "right", "bottom"]) $("seat-" + id).textContent = "";
  for (let s = 0; s < S.players; s++) {
    const spot = s === HUMAN ? "bottom" : spots[(s - HUMAN + S.players) % S.players];
    const box = $("seat-" + spot);
    box.dataset.seat = s;
    const count = view ? view.counts[s] : 0;
    const voids = view ? view.voids[s] : [];
    box.dataset.count = count;
    box.dataset.voids = JSON.stringify(voids);
    box.classList.toggle("to-move", !!view && !view.result && view.to_move === s);
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = seatName(s) + (s === HUMAN ? "" : ` · ${count} tiles`);
    box.appendChild(name);
    if (s !== HUMAN) {
      const spec = document.createElement("div");
      spec.className = "spec";
      spec.textContent = S.specs[s];
      box.appendChild(spec);
      const backs = document.createElement("div");
      backs.className = "backs";
      for (let i = 0; i < count; i++) {
        const b = document.createElement("span");
        b.className = "back";
        backs.appendChild(b);
      }
      box.appendChild(backs);
    }
    const v = document.createElement("div");
    v.className = "voids";
    v.textContent = voids.length ? (s === HUMAN ? "lack " : "lacks ") + voids.join(", ") : "";
    box.appendChild(v);
    const said = document.createElement("div");
    said.className = "said";
    said.id = "said-" + s;
    box.appendChild(said);
  }
}

function renderScore(scores) {
  const box = $("score");
  const sc = scores || new Array(S.partners ? 2 : S.players).fill(0);
  box.dataset.scores = JSON.stringify(sc);
  box.textContent = "";
  sc.forEach((p, side) => {
    const span = document.createElement("span");
    span.className = "side";
    span.dataset.side = side;
    span.textContent = `${sideName(side)} ${p}`;
    box.appendChild(span);
  });
  const t = document.createElement("span");
  t.className = "target";
  t.textContent = `(to ${S.target})`;
  box.appendChild(t);
}

// Your tiles, upright; the legal ones marked, with the moves each allows.
function renderHand(view, hints) {
  const svg = $("hand");
  svg.textContent = "";
  const played = new Set(view ? view.line.map((t) => t.tile) : []);
  const mine = S.deal ? S.deal.hands[HUMAN].filter((t) => !played.has(t)) : [];
  const yourTurn = view && !view.result && view.to_move === HUMAN && !S.busy;
  const legal = yourTurn ? view.legal.filter(isTileMove) : [];
  const gap = 8;
  svg.setAttribute("viewBox", `0 -18 ${Math.max(1, mine.length) * (W * 1.3 + gap)} ${L * 1.3 + 22}`);
  svg.dataset.tiles = JSON.stringify(mine);
  mine.forEach((tile, i) => {
    const [a, b] = tile.split("-").map(Number);
    const g = drawTile(svg, i * (W * 1.3 + gap), 0, W * 1.3, L * 1.3, a, b);
    g.dataset.tile = tile;
    const moves = legal.filter((m) => tileOf(m) === tile);
    g.dataset.moves = JSON.stringify(moves);
    if (moves.length) {
      g.classList.add("legal");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `play ${tile}`);
      g.addEventListener("pointerdown", (ev) => startDrag(ev, g, tile, moves));
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter") chooseTile(tile, moves); });
    }
    if (hints && hints.has(tile)) {
      const t = el("text", { class: "hint", x: i * (W * 1.3 + gap) + W * 0.65, y: -5 }, svg);
      t.textContent = hints.get(tile);
    }
  });
}

// ---------------------------------------------------------------------------------------
// Choosing a move: click a tile, or drag it to an end of the line

function targetsFor(moves) {
  const ends = S.view.ends;
  return moves.map((m) => {
    const at = m.includes("@") ? Number(m.split("@")[1]) : null;
    if (ends.length === 0) return { move: m, side: "lead", label: "lead" };
    // "@e" names the end showing e; the engine keeps the left end first
    const side = at === null ? "left" : (at === ends[0] ? "left" : "right");
    return { move: m, side, label: at === null ? "" : String(at) };
  });
}

function chooseTile(tile, moves) {
  if (moves.length === 1) return playHuman(moves[0]);
  // the tile joins either end: show both, and the click or drop on one decides
  S.selected = tile;
  for (const g of $("hand").querySelectorAll(".tile")) g.classList.toggle("selected", g.dataset.tile === tile);
  renderBoard($("board"), S.view, targetsFor(moves));
  $("status").textContent = `Where does ${tile} go? Click an end of the line.`;
}

function startDrag(ev, g, tile, moves) {
  if (ev.button !== 0) return;
  ev.preventDefault();
  const x0 = ev.clientX, y0 = ev.clientY;
  let ghost = null;
  let over = null;
  const targetAt = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    return hit && hit.closest ? hit.closest(".end-target") : null;
  };
  const move = (e) => {
    if (!ghost && Math.hypot(e.clientX - x0, e.clientY - y0) > 6) {
      ghost = g.cloneNode(true);
      const svg = document.createElementNS(SVGNS, "svg");
      svg.id = "drag-ghost";
      const box = g.getBBox();
      svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
      svg.setAttribute("width", 40); svg.setAttribute("height", 80);
      svg.appendChild(ghost);
      document.body.appendChild(svg);
      ghost = svg;
      g.classList.add("dragging");
      renderBoard($("board"), S.view, targetsFor(moves));
    }
    if (ghost) {
      ghost.style.left = (e.clientX - 20) + "px";
      ghost.style.top = (e.clientY - 40) + "px";
      const t = targetAt(e.clientX, e.clientY);
      if (over && over !== t) over.classList.remove("over");
      over = t;
      if (over) over.classList.add("over");
    }
  };
  const up = (e) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    if (!ghost) return chooseTile(tile, moves);
    ghost.remove();
    g.classList.remove("dragging");
    const t = targetAt(e.clientX, e.clientY);
    if (t) return playHuman(t.dataset.move);
    // dropped elsewhere: a single move is played anyway, two wait for a click
    if (moves.length === 1) return playHuman(moves[0]);
    chooseTile(tile, moves);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
}

// ---------------------------------------------------------------------------------------
// The round

function logMove(seat, mv, ends) {
  const li = document.createElement("li");
  if (seat === HUMAN) li.className = "you";
  let text;
  if (mv === "pass") text = `${seatName(seat)} ${seat === HUMAN ? "pass" : "passes"}` + (ends.length ? ` on ${ends.join("|")}` : "");
  else if (mv.startsWith("draw")) text = `${seatName(seat)} ${seat === HUMAN ? "draw" : "draws"}` + (seat === HUMAN && mv.includes(":") ? " " + mv.split(":")[1] : "");
  else text = `${seatName(seat)} ${seat === HUMAN ? "play" : "plays"} ${mv}`;
  li.textContent = text;
  $("log").appendChild(li);
  li.scrollIntoView({ block: "nearest" });
  const said = $("said-" + seat);
  if (said) said.textContent = mv === "pass" ? "passed" : "";
}

async function referee() {
  S.view = await S.engine.request(refereeRequest());
  return S.view;
}

function render() {
  renderBoard($("board"), S.view, null);
  renderSeats(S.view);
  renderHand(S.view, null);
  document.body.dataset.seed = S.settings.seed;
  document.body.dataset.round = S.roundNo;
  document.body.dataset.first = S.deal ? S.deal.first : "";
  document.body.dataset.moves = JSON.stringify(S.moves);
}

function setButtons(yourTurn) {
  $("hint-button").disabled = !yourTurn;
  $("beliefs-button").disabled = !S.view || !!S.view.result;
  $("export-button").disabled = !S.deal;
}

// Plays the round on until it is your turn with a choice, or the round is over.
async function advance() {
  const gen = S.generation;
  S.busy = true;
  try {
    for (;;) {
      const view = await referee();
      if (gen !== S.generation) return;
      S.busy = view.to_move !== HUMAN || !!view.result;
      render();
      if (view.result) return roundOver(view);
      const seat = view.to_move;
      if (seat === HUMAN) {
        // a forced pass or draw is played for you
        if (view.legal.length === 1 && !isTileMove(view.legal[0])) {
          setState("bots", view.legal[0] === "pass" ? "You cannot play: you pass." : "You cannot play: you draw.");
          await sleep(S.settings.pace);
          if (gen !== S.generation) return;
          logMove(HUMAN, view.legal[0], view.ends);
          S.moves.push(view.legal[0]);
          continue;
        }
        S.busy = false;
        S.decisions.push(S.moves.length);
        render();
        setButtons(true);
        setState("your-turn", view.ends.length ? `Your turn: the ends show ${view.ends.join(" and ")}.` : "Your lead.");
        return;
      }
      setButtons(false);
      setState("bots", `${seatName(seat)} is thinking…`);
      let mv;
      if (view.legal.length === 1) {
        mv = view.legal[0];
      } else {
        const b = await S.engine.request({ type: "go", position: position(seat), player: S.specs[seat] });
        if (gen !== S.generation) return;
        // the seat's own search writes a forced draw without its tile; the referee with it
        mv = view.legal.find((m) => m === b.move || (b.move === "draw" && m.startsWith("draw")));
        if (!mv) throw new Error(`${seatName(seat)} chose ${b.move}, which the referee does not list`);
      }
      // at a readable pace
      await sleep(S.settings.pace);
      if (gen !== S.generation) return;
      logMove(seat, mv, view.ends);
      S.moves.push(mv);
    }
  } catch (e) {
    if (gen === S.generation) setState("error", "The engine said: " + e.message);
  }
}

function playHuman(mv) {
  if (!S.view || S.view.result || S.view.to_move !== HUMAN || S.busy) return;
  if (!S.view.legal.includes(mv)) return;
  S.busy = true;
  S.selected = null;
  $("hint-panel").hidden = true;
  logMove(HUMAN, mv, S.view.ends);
  S.moves.push(mv);
  setButtons(false);
  // not your turn any more from this moment: the referee's reply comes later, and until it
  // does the page must not still say "your-turn" to anyone watching `data-state`
  setState("bots", "Playing your move…");
  advance();
}

// ---------------------------------------------------------------------------------------
// Hints and beliefs

async function showHint() {
  if (!S.view || S.view.to_move !== HUMAN || S.view.result) return;
  const gen = S.generation, at = S.moves.length;
  $("hint-button").disabled = true;
  $("hint-note").textContent = `(${S.settings.coach}, thinking…)`;
  try {
    const b = await S.engine.request({ type: "go", position: position(HUMAN), player: S.settings.coach });
    if (gen !== S.generation || at !== S.moves.length) return;
    const body = $("hint-table").querySelector("tbody");
    body.textContent = "";
    const rows = b.moves.slice().sort((x, y) => y.win - x.win || y.margin - x.margin);
    const byTile = new Map();
    for (const m of rows) {
      const tr = document.createElement("tr");
      if (m.move === b.move) tr.className = "best";
      for (const v of [m.move, pct(m.win), signed(m.margin), m.visits]) {
        const td = document.createElement("td");
        td.textContent = v;
        tr.appendChild(td);
      }
      body.appendChild(tr);
      const t = tileOf(m.move);
      if (!byTile.has(t)) byTile.set(t, pct(m.win));
    }
    $("hint-note").textContent = `(${S.settings.coach}; ${b.iterations} iterations in ${b.time_ms} ms)`;
    $("hint-panel").hidden = false;
    renderHand(S.view, byTile);
  } catch (e) {
    $("hint-note").textContent = "(" + e.message + ")";
    $("hint-panel").hidden = false;
  } finally {
    $("hint-button").disabled = S.view.to_move !== HUMAN || !!S.view.result;
  }
}

const pct = (x) => (100 * x).toFixed(0) + "%";
const signed = (x) => (x >= 0 ? "+" : "") + x.toFixed(1);

async function showBeliefs() {
  if (!S.view) return;
  $("beliefs-note").textContent = "(thinking…)";
  $("beliefs-panel").hidden = false;
  try {
    const b = await S.engine.request({ type: "beliefs", position: position(HUMAN), budget: { iterations: 4000 } });
    const table = $("beliefs-table");
    table.textContent = "";
    const others = [];
    for (let s = 0; s < S.players; s++) if (s !== HUMAN) others.push(s);
    const head = document.createElement("tr");
    for (const h of ["tile", ...others.map(seatName), "out"]) {
      const th = document.createElement("th");
      th.textContent = h;
      head.appendChild(th);
    }
    table.appendChild(head);
    for (const [tile, p] of Object.entries(b.tiles)) {
      const tr = document.createElement("tr");
      const td0 = document.createElement("td");
      td0.textContent = tile;
      tr.appendChild(td0);
      for (const k of [...others.map(String), "out"]) {
        const td = document.createElement("td");
        td.className = "p";
        const v = p[k] || 0;
        td.textContent = v < 0.005 ? "·" : pct(v);
        td.style.background = `rgba(31, 107, 69, ${Math.min(1, v).toFixed(2)})`;
        if (v > 0.55) td.style.color = "#fff";
        tr.appendChild(td);
      }
      table.appendChild(tr);
    }
    $("beliefs-note").textContent = `(${b.kind}${b.iterations ? ", " + b.iterations + " deals" : ""})`;
  } catch (e) {
    $("beliefs-note").textContent = "(" + e.message + ")";
  }
}

// ---------------------------------------------------------------------------------------
// The end of a round: the result, every hand, and your moves rated

async function roundOver(view) {
  const gen = S.generation;
  const r = view.result;
  S.result = r;
  setButtons(false);
  $("export-button").disabled = false;
  renderScore(r.scores);
  const how = r.end === "domino" ? "domino" : "blocked";
  $("round-title").textContent = r.winner === null
    ? "A tie: nobody scores"
    : `${sideName(r.winner)} ${S.partners || r.winner === HUMAN ? "win" : "wins"} ${r.points} points (${how})`;
  $("round-text").textContent = r.match_over
    ? `The match is over: ${sideName(r.scores.indexOf(Math.max(...r.scores)))} reached ${S.target}.`
    : `Score: ${r.scores.map((p, s) => sideName(s) + " " + p).join(", ")}.`;
  const hands = $("round-hands");
  hands.textContent = "";
  const played = new Set(view.line.map((t) => t.tile));
  for (let s = 0; s < S.players; s++) {
    const p = document.createElement("div");
    const left = S.deal.hands[s].filter((t) => !played.has(t));
    p.textContent = `${seatName(s)}: ${left.length ? left.join(" ") : "(none)"} — ${r.pips[s]} pips`;
    hands.appendChild(p);
  }
  $("next-round").textContent = r.match_over ? "New match" : "Next round";
  setState(r.match_over ? "match-over" : "round-over", $("round-title").textContent);
  $("review").textContent = "";
  $("review-note").textContent = "The engine is looking at each of your choices…";
  document.body.dataset.review = "running";
  // beside the table, not over it: the finished line of play stays in view
  $("hint-panel").hidden = true;
  $("beliefs-panel").hidden = true;
  if (!$("round-over").open) $("round-over").show();
  await review(gen);
}

// Each of your choices against the engine's: the win chance of the move you made and of
// the engine's best, from a `go` on the position you faced.
async function review(gen) {
  const list = $("review");
  let rated = 0;
  for (const k of S.decisions) {
    const mine = S.moves[k];
    let b;
    try {
      b = await S.engine.request({ type: "go", position: position(HUMAN, k), player: S.settings.coach });
    } catch (e) {
      if (gen !== S.generation) return;
      const li = document.createElement("li");
      li.textContent = `${mine}: ${e.message}`;
      list.appendChild(li);
      continue;
    }
    if (gen !== S.generation) return;
    const best = b.moves.reduce((x, y) => (y.win > x.win ? y : x));
    const played = b.moves.find((m) => m.move === mine) || best;
    const loss = best.win - played.win;
    const grade = played.move === best.move ? "best" : loss <= 0.02 ? "good" : loss <= 0.08 ? "inaccuracy" : "mistake";
    const li = document.createElement("li");
    li.className = grade;
    li.dataset.move = mine;
    li.dataset.grade = grade;
    li.textContent = played.move === best.move
      ? `${mine}: the engine's choice too (win ${pct(played.win)}, margin ${signed(played.margin)})`
      : `${mine}: ${grade} — win ${pct(played.win)}, margin ${signed(played.margin)}; the engine's ${best.move}: win ${pct(best.win)}, margin ${signed(best.margin)}`;
    list.appendChild(li);
    rated++;
  }
  $("review-note").textContent = S.decisions.length
    ? `${rated} of your moves rated by ${S.settings.coach}.`
    : "You had no choice to make this round.";
  document.body.dataset.review = "done";
}

async function nextRound() {
  $("round-over").close();
  const r = S.result;
  if (!r || r.match_over) {
    // a new match deals new rounds
    S.settings.seed += 1;
    return newMatch();
  }
  S.scores = r.scores;
  S.pendingTies = r.pending_ties;
  S.roundNo += 1;
  const first = r.next_first !== null ? r.next_first : r.suggested_first;
  await startRound(first === undefined || first === null ? undefined : first);
}

async function startRound(first) {
  S.generation += 1;
  S.moves = [];
  S.decisions = [];
  S.view = null;
  S.result = null;
  $("log").textContent = "";
  $("hint-panel").hidden = true;
  $("beliefs-panel").hidden = true;
  setState("dealing", "Dealing…");
  const req = { type: "deal", variant: S.settings.variant, seed: S.settings.seed, round: S.roundNo };
  if (first !== undefined) req.first = first;
  try {
    S.deal = await S.engine.request(req);
  } catch (e) {
    return setState("error", "The engine said: " + e.message);
  }
  renderScore(S.scores);
  const li = document.createElement("li");
  li.textContent = `Round ${S.roundNo + 1}: ${seatName(S.deal.first)} ${S.deal.first === HUMAN ? "lead" : "leads"}` +
    (S.deal.forced_lead ? ` with ${S.deal.forced_lead}` : "") + ".";
  $("log").appendChild(li);
  await advance();
}

// ---------------------------------------------------------------------------------------
// Settings and the match

function readSettings() {
  const params = new URLSearchParams(location.search);
  const def = S.hello.default_player;
  const get = (k, d) => params.get(k) || d;
  return {
    variant: get("variant", "cuban"),
    partner: get("partner", S.hello.default_partner || def),
    opponents: get("opponents", def),
    coach: get("coach", def),
    pace: Math.max(0, Number(get("pace", "700"))),
    seed: Number(get("seed", String(Math.floor(Math.random() * 1e9)))),
  };
}

function fillSettingsForm() {
  const s = S.settings;
  const sel = $("variant");
  if (!sel.options.length) {
    for (const v of S.hello.variants) {
      const o = document.createElement("option");
      o.value = o.textContent = v;
      sel.appendChild(o);
    }
    const list = $("player-list");
    const suggestions = [S.hello.default_player, S.hello.default_partner, ...S.hello.players, "ismcts:ms=200", "pimc:ms=200"];
    for (const p of [...new Set(suggestions.filter(Boolean))]) {
      const o = document.createElement("option");
      o.value = p;
      list.appendChild(o);
    }
  }
  sel.value = s.variant;
  $("partner").value = s.partner;
  $("opponents").value = s.opponents;
  $("coach").value = s.coach;
  $("pace").value = s.pace;
  $("seed").value = s.seed;
}

// Checks the settings with the engine itself: the variant's rules, and each player spec
// on a real position (an unknown player or a refused one is the engine's to say).
async function applySettings(s) {
  const rules = await S.engine.request({ type: "rules", variant: s.variant });
  const probe = await S.engine.request({ type: "deal", variant: s.variant, seed: 0 });
  for (const [what, spec] of [["partner", s.partner], ["opponents", s.opponents], ["coach", s.coach]]) {
    const pos = { variant: s.variant, seat: probe.first, first: probe.first, hand: probe.hands[probe.first] };
    if (probe.forced_lead) pos.forced_lead = probe.forced_lead;
    try {
      await S.engine.request({ type: "go", position: pos, player: spec, budget: { iterations: 1 } });
    } catch (e) {
      throw new Error(`${what}: ${e.message}`);
    }
  }
  S.settings = s;
  S.players = rules.rules.players;
  S.partners = rules.rules.partners;
  S.target = rules.rules.target;
  S.specs = [];
  for (let seat = 0; seat < S.players; seat++) {
    S.specs.push(seat === HUMAN ? "you" : S.partners && seat === (HUMAN + 2) % 4 ? s.partner : s.opponents);
  }
}

async function newMatch() {
  S.roundNo = 0;
  S.scores = null;
  S.pendingTies = 0;
  renderScore(null);
  await startRound(undefined);
}

async function main() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  S.engine = new Engine(url);
  S.engine.onclose = () => setState("disconnected", "The connection to the engine closed: reload the page.");
  try {
    await S.engine.connect();
    S.hello = await S.engine.request({ type: "hello", protocol: 1 });
    await applySettings(readSettings());
  } catch (e) {
    return setState("error", "Cannot start: " + e.message);
  }
  // a quiet request now and then keeps an idle table's connection open
  setInterval(() => S.engine.request({ type: "ping" }).catch(() => {}), 4 * 60 * 1000);
  fillSettingsForm();
  $("settings-button").addEventListener("click", () => { fillSettingsForm(); $("settings-error").textContent = ""; $("settings").showModal(); });
  $("settings-cancel").addEventListener("click", () => $("settings").close());
  $("settings-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const s = {
      variant: $("variant").value, partner: $("partner").value.trim(),
      opponents: $("opponents").value.trim(), coach: $("coach").value.trim(),
      pace: Math.max(0, Number($("pace").value) || 0), seed: Math.max(0, Math.floor(Number($("seed").value) || 0)),
    };
    try {
      await applySettings(s);
    } catch (e) {
      $("settings-error").textContent = e.message;
      return;
    }
    $("settings").close();
    newMatch();
  });
  $("hint-button").addEventListener("click", showHint);
  $("beliefs-button").addEventListener("click", showBeliefs);
  const exp = () => download(exportRound(), `capicua-round-${S.settings.seed}-${S.roundNo + 1}.json`);
  $("export-button").addEventListener("click", exp);
  $("round-export").addEventListener("click", exp);
  $("next-round").addEventListener("click", nextRound);
  await newMatch();
}

// What the page holds, for the browser test and anyone debugging at the console.
window.capicua = {
  moves: () => S.moves.slice(),
  exportRound: () => (S.deal ? exportRound() : null),
  settings: () => S.settings,
};

main();
