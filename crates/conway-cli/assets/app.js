// The worksheet's pages: each reads its form, asks the server's API (the JSON of
// `conway ... --json`) and shows the answer. Text from the server is always inserted as text.
"use strict";

// ---- helpers --------------------------------------------------------------------------

/** An element with attributes (`on...` are listeners) and children (strings become text). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

const $ = (id) => document.getElementById(id);

/** The error an API call answered with: its message, column and limit. */
class ApiError extends Error {
  constructor(body, status) {
    super(body.error || `the server answered ${status}`);
    this.column = body.column ?? null;
    this.limit = body.limit ?? null;
    this.status = status;
  }
}

/** POSTs `body` as JSON to `path` and returns the answer's JSON (or text for `as: "text"`). */
async function api(path, body, { signal, as = "json" } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError({ error: `cannot reach the server: ${error.message}` }, 0);
  }
  if (!response.ok) {
    let answer;
    try { answer = await response.json(); } catch { answer = {}; }
    throw new ApiError(answer, response.status);
  }
  return as === "text" ? response.text() : response.json();
}

/** Shows `error` in `box`: the message, and under `input` a caret at its column. */
function showError(box, error, input) {
  box.textContent = "";
  if (!error) return;
  let text = error.message;
  if (error.column && input !== undefined) {
    text += `\n  ${input}\n  ${" ".repeat(error.column - 1)}^ column ${error.column}`;
  }
  box.textContent = text;
}

/** A value where there is one, else a dash. */
const shown = (value) => (value === null || value === undefined ? "—" : String(value));

const OUTCOMES = {
  P: "P: the previous player (who just moved) wins",
  N: "N: the next player (to move) wins",
  L: "L: Left wins, whoever starts",
  R: "R: Right wins, whoever starts",
  D: "D: a draw with best play",
};
const outcomeText = (outcome) => OUTCOMES[outcome] || shown(outcome);

// ---- pages ----------------------------------------------------------------------------

const PAGES = ["worksheet", "positions", "play", "sequences", "graphs"];

function showPage() {
  const page = PAGES.includes(location.hash.slice(1)) ? location.hash.slice(1) : "worksheet";
  for (const name of PAGES) $(name).hidden = name !== page;
  for (const link of document.querySelectorAll("nav a")) {
    if (link.getAttribute("href") === `#${page}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

// ---- worksheet ------------------------------------------------------------------------

const worksheet = {
  typed: [],
  place: 0,
  bindings: JSON.parse(sessionStorage.getItem("conway-bindings") || "[]"),

  start() {
    $("eval-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.evaluate($("expression").value);
    });
    $("expression").addEventListener("keydown", (event) => this.recall(event));
    this.showBindings();
  },

  /** The arrow keys step through what was typed. */
  recall(event) {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    event.preventDefault();
    const step = event.key === "ArrowUp" ? -1 : 1;
    this.place = Math.max(0, Math.min(this.typed.length, this.place + step));
    $("expression").value = this.typed[this.place] ?? "";
  },

  async evaluate(expression) {
    if (!expression.trim()) return;
    this.typed.push(expression);
    this.place = this.typed.length;
    showError($("eval-error"), null);
    try {
      const report = await api("/api/eval", { expression, bindings: this.bindings });
      if (/^\s*let\b/.test(expression)) {
        this.bindings.push(expression);
        sessionStorage.setItem("conway-bindings", JSON.stringify(this.bindings));
        this.showBindings();
      }
      $("history").prepend(this.entry(expression, report));
      $("expression").value = "";
    } catch (error) {
      showError($("eval-error"), error, expression);
    }
  },

  showBindings() {
    const box = $("bindings");
    box.textContent = "";
    if (this.bindings.length === 0) return;
    box.append(
      el("span", {}, "Bindings: "),
      ...this.bindings.map((b) => el("code", { class: "binding" }, b, " ")),
      el("button", {
        type: "button",
        onclick: () => {
          this.bindings = [];
          sessionStorage.removeItem("conway-bindings");
          this.showBindings();
        },
      }, "Forget them"),
    );
  },

  /** One evaluation in the history, with a button that draws its thermograph. */
  entry(expression, report) {
    const facts = [["value", report.value]];
    if (report.outcome !== undefined) {
      facts.push(
        ["outcome", outcomeText(report.outcome)],
        ["stops", `${shown(report.left_stop)} (Left), ${shown(report.right_stop)} (Right)`],
        ["mean", report.mean],
        ["temperature", report.temperature],
      );
    }
    const picture = el("div", { class: "thermograph" });
    const item = el("li", {},
      el("div", { class: "input" }, expression),
      el("dl", {}, facts.flatMap(([name, value]) => [el("dt", {}, name), el("dd", { "data-fact": name }, shown(value))])),
      picture);
    if (report.outcome !== undefined) {
      const button = el("button", {
        type: "button",
        onclick: () => this.thermograph(expression, picture, button),
      }, "Thermograph");
      item.insertBefore(button, picture);
    }
    return item;
  },

  async thermograph(expression, picture, button) {
    button.disabled = true;
    try {
      const body = { expression, bindings: this.bindings };
      const [walls, svg] = await Promise.all([
        api("/api/thermograph", body),
        api("/api/thermograph/svg", body, { as: "text" }),
      ]);
      picture.innerHTML = svg; // the server's own drawing, of numbers only
      const wall = (points) => points.map(([t, v]) => `(${t}, ${v})`).join(" ");
      picture.append(el("table", { class: "table walls" },
        el("caption", {}, "Walls as (temperature, value) breakpoints from −1 up; above the last, the mast"),
        el("tr", {}, el("th", {}, "left wall"), el("td", { class: "mono", "data-wall": "left" }, wall(walls.left_wall))),
        el("tr", {}, el("th", {}, "right wall"), el("td", { class: "mono", "data-wall": "right" }, wall(walls.right_wall))),
        el("tr", {}, el("th", {}, "mast"), el("td", { class: "mono" }, `mean ${walls.mean}, temperature ${walls.temperature}`))));
    } catch (error) {
      picture.append(el("div", { class: "error" }, error.message));
      button.disabled = false;
    }
  },
};

// ---- boards: positions drawn as grids of cells -----------------------------------------

/** Rows of single-character cells, split by `separator`; with `whole`, a move is picked only
 * once every cell it changes is clicked (both squares of a domino). */
const rowsBoard = (separator, cycle, names, whole = false) => ({
  whole,
  cells: (text) => text.trim().split(separator).filter((row) => row !== "").map((row) => [...row]),
  write: (grid) => grid.map((row) => row.join("")).join(separator === "|" ? "|" : " "),
  name: (cell) => names[cell] || cell,
  edit(grid, r, c) {
    grid[r][c] = cycle[(cycle.indexOf(grid[r][c]) + 1) % cycle.length];
    return this.write(grid);
  },
});

const BOARDS = {
  domineering: rowsBoard("|", [".", "#"], { ".": "empty", "#": "blocked" }, true),
  toads: rowsBoard(/\s+/, [".", "T", "F"], { ".": "empty", T: "toad", F: "frog" }),
  chomp: {
    lengths: (text) => text.trim().split(/\s+/).filter(Boolean).map(Number),
    cells(text) {
      const lengths = this.lengths(text);
      const width = Math.max(0, ...lengths);
      return lengths.map((n) => Array.from({ length: width }, (_, c) => (c < n ? "■" : " ")));
    },
    write: (lengths) => lengths.filter((n) => n > 0).join(" ") || "0",
    name: (cell) => (cell === "■" ? "square" : "eaten"),
    /** Clicking a square eats it and what lies right of and below it; an eaten one grows back. */
    edit(grid, r, c) {
      const lengths = grid.map((row) => row.filter((cell) => cell === "■").length);
      if (grid[r][c] === "■") {
        for (let i = r; i < lengths.length; i++) lengths[i] = Math.min(lengths[i], c);
      } else {
        for (let i = 0; i <= r; i++) lengths[i] = Math.max(lengths[i], c + 1);
      }
      return this.write(lengths);
    },
  },
};

/** Hex: rows of a rhombus after the player to move (`W:` or `B:`), drawn each row half a
 * cell right of the one above; a move changes one cell, so one click plays it. */
BOARDS.hex = {
  ...rowsBoard("|", [".", "W", "B"], { ".": "empty", W: "White stone", B: "Black stone" }),
  rhombus: true,
  cells: (text) => text.trim().replace(/^[WB]:/, "").split("|").map((row) => [...row]),
};

/** Squex: Hex's notation on a board of squares, drawn as a plain grid. */
BOARDS.squex = { ...BOARDS.hex, rhombus: false };

const boardOf = (game) => BOARDS[game.split(":")[0]];

/** Draws `text` as a grid of buttons; `click(r, c)` hears a cell's button. */
function drawBoard(board, text, click, picked = []) {
  let grid;
  try { grid = board.cells(text); } catch { return el("div"); }
  const width = Math.max(1, ...grid.map((row) => row.length));
  const area = board.rhombus
    ? el("div", { class: "board rhombus", role: "group", "aria-label": "board" })
    : el("div", { class: "board", role: "group", "aria-label": "board", style: `grid-template-columns: repeat(${width}, auto)` });
  grid.forEach((row, r) => {
    const line = board.rhombus ? el("div", { class: "row", style: `margin-left: ${1.2 * r}rem` }) : area;
    if (board.rhombus) area.append(line);
    for (let c = 0; c < width; c++) {
      if (c >= row.length) { line.append(el("span", { class: "gap" })); continue; }
      const isPicked = picked.some(([pr, pc]) => pr === r && pc === c);
      line.append(el("button", {
        type: "button",
        "data-row": r + 1,
        "data-col": c + 1,
        "data-cell": row[c],
        class: isPicked ? "picked" : null,
        "aria-label": `row ${r + 1}, column ${c + 1}: ${board.name(row[c])}`,
        onclick: () => click(r, c),
      }, row[c] === " " ? "" : row[c]));
    }
  });
  return area;
}

/** The cells a move from `from` to `to` changes, as "r,c" keys. */
function changedCells(board, from, to) {
  const a = board.cells(from), b = board.cells(to);
  const changed = new Set();
  for (let r = 0; r < Math.max(a.length, b.length); r++) {
    const width = Math.max(a[r]?.length ?? 0, b[r]?.length ?? 0);
    for (let c = 0; c < width; c++) {
      if ((a[r]?.[c] ?? " ") !== (b[r]?.[c] ?? " ")) changed.add(`${r},${c}`);
    }
  }
  return changed;
}

/** The move the clicked cells pick: among the moves changing every clicked cell, the one
 * that changes fewest cells, where exactly one does (on a `whole` board, the one whose cells
 * are all clicked); else the number of moves still open. */
function pickMove(board, position, moves, picked) {
  const keys = new Set(picked.map(([r, c]) => `${r},${c}`));
  const fits = moves
    .map((move) => ({ move, changed: changedCells(board, position, move.to) }))
    .filter(({ changed }) => [...keys].every((key) => changed.has(key)));
  if (fits.length === 0) return { open: 0 };
  if (board.whole) {
    const done = fits.find(({ changed }) => changed.size === keys.size);
    return done ? { move: done.move } : { open: fits.length };
  }
  const fewest = Math.min(...fits.map(({ changed }) => changed.size));
  const best = fits.filter(({ changed }) => changed.size === fewest);
  return best.length === 1 ? { move: best[0].move } : { open: best.length };
}

// ---- Hackenbush pictures ---------------------------------------------------------------

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and, for text, its words. */
function svgEl(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A Hackenbush position read for drawing: the picture's edges [from, to, colour] between
 * numbered vertices (0 the ground), and the stalks' colours; none for text that is not a
 * position, or too large to draw. */
function hackenbushParts(text) {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const edges = [], stalks = [];
  for (const word of words) {
    const edge = word.match(/^(\d+)-(\d+):([BRG])$/);
    if (edge) edges.push([Number(edge[1]), Number(edge[2]), edge[3]]);
    else if (/^[BRG]+$/.test(word)) stalks.push(word);
    else if (word !== "0") return null;
  }
  const size = edges.length + stalks.reduce((n, stalk) => n + stalk.length, 0);
  return size > 0 && size <= 400 ? { edges, stalks } : null;
}

/** A Hackenbush picture: the edges' vertices placed by their distance from the ground, then
 * each stalk straight up; each edge drawn in its colour with a pattern of its own (blue solid,
 * red dashed, green dotted) and its letter, so that it reads without colour. */
function hackenbushPicture(text) {
  const parts = hackenbushParts(text);
  if (!parts) return null;
  const level = new Map([[0, 0]]);
  for (let changed = true; changed;) {
    changed = false;
    for (const [a, b] of parts.edges) {
      for (const [u, v] of [[a, b], [b, a]]) {
        if (level.has(u) && (!level.has(v) || level.get(v) > level.get(u) + 1)) {
          level.set(v, level.get(u) + 1);
          changed = true;
        }
      }
    }
  }
  const rows = new Map();
  for (const [vertex, depth] of [...level].sort((x, y) => x[0] - y[0])) {
    if (vertex === 0) continue;
    if (!rows.has(depth)) rows.set(depth, []);
    rows.get(depth).push(vertex);
  }
  const columns = Math.max(0, ...[...rows.values()].map((row) => row.length)) + parts.stalks.length;
  const height = Math.max(1, ...rows.keys(), ...parts.stalks.map((stalk) => stalk.length));
  const W = 60 * columns + 40, H = 60 * height + 50, ground = H - 30;
  const x = (column) => 50 + 60 * column, y = (depth) => ground - 60 * depth;
  const place = new Map();
  for (const [depth, row] of rows) row.forEach((v, i) => place.set(`e${v}`, [x(i), y(depth)]));
  const edges = parts.edges.map(([a, b, colour]) => [`e${a}`, `e${b}`, colour]);
  const first = columns - parts.stalks.length;
  parts.stalks.forEach((stalk, k) => {
    [...stalk].forEach((colour, j) => {
      place.set(`s${k}.${j + 1}`, [x(first + k), y(j + 1)]);
      edges.push([j === 0 ? "e0" : `s${k}.${j}`, `s${k}.${j + 1}`, colour]);
    });
  });
  const picture = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "hackenbush", role: "img" });
  picture.append(svgEl("title", {}, `Hackenbush: ${text.trim()}`));
  picture.append(svgEl("line", { x1: 10, y1: ground, x2: W - 10, y2: ground, stroke: "#555", "stroke-width": 6 }));
  const STYLE = { B: ["#1a5fb4", "none"], R: ["#c01c28", "8 5"], G: ["#26a269", "2 4"] };
  const seen = new Map();
  for (const [a, b, colour] of edges) {
    const key = [a, b].sort().join("-");
    const copy = seen.get(key) || 0;
    seen.set(key, copy + 1);
    // The ground is wherever an edge meets it: straight below the other end.
    const [x1, y1] = place.get(a) || [place.get(b)[0], ground];
    const [x2, y2] = place.get(b) || [place.get(a)[0], ground];
    const [stroke, dash] = STYLE[colour];
    // Parallel edges bow out to alternate sides, across the line between their ends.
    const bend = copy === 0 ? 0 : (copy % 2 ? 1 : -1) * 24 * Math.ceil(copy / 2);
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [nx, ny] = [(y1 - y2) / length, (x2 - x1) / length];
    const [mx, my] = [(x1 + x2) / 2 + bend * nx, (y1 + y2) / 2 + bend * ny];
    const loop = a === b;
    const path = loop
      ? `M${x1} ${y1} c -25 -40, 25 -40, 0 0`
      : `M${x1} ${y1} Q ${mx} ${my} ${x2} ${y2}`;
    picture.append(svgEl("path", { d: path, fill: "none", stroke, "stroke-width": 4, "stroke-dasharray": dash, class: `edge ${colour}` }));
    const [lx, ly] = loop ? [x1 - 4, y1 - 34] : [((x1 + x2) / 2 + mx) / 2 + 6, ((y1 + y2) / 2 + my) / 2 + 12];
    picture.append(svgEl("text", { x: lx, y: ly, "font-size": 12, "font-weight": "bold" }, colour));
  }
  for (const [cx, cy] of place.values()) picture.append(svgEl("circle", { cx, cy, r: 4, fill: "#111" }));
  return picture;
}

/** A picture of the position where the game has one. */
function pictureOf(game, text) {
  return game.split(":")[0] === "hackenbush" ? hackenbushPicture(text) : null;
}

// ---- positions ------------------------------------------------------------------------

/** The game and position of a ruleset's example (`conway solve GAME "POSITION"`). */
function exampleOf(rule) {
  const words = rule.example.match(/"[^"]*"|\S+/g) || [];
  const unquote = (word) => (word || "").replace(/^"|"$/g, "");
  return { game: unquote(words[2]) || rule.name, position: unquote(words[3]) };
}

const positions = {
  rules: [],
  controller: null,

  async start() {
    $("position-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.analyse();
    });
    $("ruleset").addEventListener("change", () => this.choose($("ruleset").value));
    $("position-cancel").addEventListener("click", () => this.controller?.abort());
    $("position").addEventListener("input", () => this.drawEditor());
    $("game").addEventListener("change", () => this.drawEditor());
    $("play-this").addEventListener("click", () => {
      $("play-game").value = $("game").value;
      $("play-position").value = $("position").value;
      $("play-misere").checked = $("misere").checked;
      location.hash = "#play";
      play.start();
    });
    try {
      this.rules = await api("/api/rules");
    } catch (error) {
      showError($("position-error"), error);
      return;
    }
    $("ruleset").replaceChildren(...this.rules.map((rule) =>
      el("option", { value: rule.name }, `${rule.name} (${rule.kind})`)));
    this.choose("domineering");
  },

  choose(name) {
    const rule = this.rules.find((r) => r.name === name);
    if (!rule) return;
    $("ruleset").value = name;
    const { game, position } = exampleOf(rule);
    $("game").value = game;
    $("position").value = position;
    $("misere").disabled = rule.kind === "partizan";
    if (rule.kind === "partizan") $("misere").checked = false;
    $("rule-text").replaceChildren(
      el("p", {}, el("strong", {}, rule.name), ": ", rule.summary),
      el("p", {}, el("strong", {}, "Position: "), rule.notation),
      el("p", {}, el("strong", {}, "Misère: "), rule.misere),
      el("p", {}, el("strong", {}, "Example: "), el("code", {}, rule.example)),
    );
    $("analysis").textContent = "";
    this.drawEditor();
  },

  /** A clickable board for the games that have one (clicking a cell edits the position), or
   * a field per heap for a position of heap sizes. */
  drawEditor() {
    const board = boardOf($("game").value);
    const area = $("position-board");
    area.textContent = "";
    const text = $("position").value;
    if (board) {
      area.append(el("p", {}, "Click a cell to change it:"), drawBoard(board, text, (r, c) => {
        $("position").value = board.edit(board.cells(text), r, c);
        this.drawEditor();
      }));
    } else if (/^\s*\d+(\s+\d+)*\s*$/.test(text) && text.trim().split(/\s+/).length <= 40) {
      area.append(this.heapEditor(text.trim().split(/\s+/)));
    } else {
      const picture = pictureOf($("game").value, text);
      if (picture) area.append(picture);
    }
  },

  /** A number field per heap, with buttons to add and remove heaps. */
  heapEditor(heaps) {
    const write = () => { $("position").value = heaps.join(" "); };
    const redraw = () => { write(); this.drawEditor(); };
    return el("div", { class: "heaps", role: "group", "aria-label": "heaps" },
      heaps.map((size, i) => el("span", { class: "heap" },
        el("input", {
          type: "number", min: 0, value: size, size: 6, "aria-label": `heap ${i + 1}`,
          oninput: (event) => { heaps[i] = event.target.value.trim() || "0"; write(); },
        }),
        heaps.length > 1
          ? el("button", { type: "button", "aria-label": `remove heap ${i + 1}`, onclick: () => { heaps.splice(i, 1); redraw(); } }, "×")
          : null)),
      el("button", { type: "button", onclick: () => { heaps.push("1"); redraw(); } }, "Add a heap"));
  },

  async analyse(position = $("position").value) {
    $("position").value = position;
    this.drawEditor();
    showError($("position-error"), null);
    this.controller?.abort();
    const controller = this.controller = new AbortController();
    const signal = controller.signal;
    const game = $("game").value, misere = $("misere").checked;
    const out = $("analysis");
    out.replaceChildren(el("p", {}, "Analysing…"));
    $("position-cancel").disabled = false;
    try {
      const solved = await api("/api/solve", { game, position, misere }, { signal });
      const partizan = solved.kind === "partizan" || solved.kind === "loopy-partizan";
      const players = partizan ? ["left", "right"] : ["left"];
      const tables = await Promise.all(players.map((player) =>
        api("/api/moves", { game, position, misere, player, count: 200 }, { signal })));
      out.replaceChildren(this.summary(solved), ...tables.map((report) => this.table(report, game, misere)));
    } catch (error) {
      if (error.name === "AbortError") {
        if (this.controller === controller) out.replaceChildren(el("p", {}, "Cancelled: the server has stopped the analysis."));
        return;
      }
      out.textContent = "";
      showError($("position-error"), error, position);
    } finally {
      if (this.controller === controller) $("position-cancel").disabled = true;
    }
  },

  summary(solved) {
    const facts = [
      ["position", `${solved.game} ${solved.position} (${solved.play} play)`],
      ["outcome", outcomeText(solved.outcome)],
      ["value", solved.value],
    ];
    if (solved.left_stop !== null) {
      facts.push(["stops", `${solved.left_stop} (Left), ${solved.right_stop} (Right)`],
        ["mean", solved.mean], ["temperature", solved.temperature]);
    }
    return el("table", { class: "table", id: "position-summary" },
      facts.map(([name, value]) => el("tr", {}, el("th", {}, name), el("td", { class: "mono", "data-fact": name }, shown(value)))));
  },

  /** Every move of one player, with what it leads to; a position is a link to analyse it. */
  table(report, game, misere) {
    const who = report.player === "either" ? "Moves" : `${report.player === "left" ? "Left" : "Right"}'s moves`;
    const caption = `${who}: ${report.total} in all, those that win marked ✓ (and bold)` +
      (report.moves.length < report.total ? `; the first ${report.moves.length} shown` : "");
    return el("table", { class: "table moves-table", "data-player": report.player },
      el("caption", {}, caption),
      el("thead", {}, el("tr", {}, ["#", "move", "position after", "value after", "outcome after", "result"].map((h) => el("th", {}, h)))),
      el("tbody", {}, report.moves.map((move) => el("tr", { class: move.result },
        el("td", {}, move.index + 1),
        el("td", {}, move.move),
        el("td", { class: "mono" }, el("a", {
          href: "#positions",
          onclick: (event) => { event.preventDefault(); this.analyse(move.to); },
        }, move.to)),
        el("td", { class: "mono" }, shown(move.value)),
        el("td", {}, shown(move.outcome)),
        el("td", { class: "result" }, move.result)))));
  },
};

// ---- play -----------------------------------------------------------------------------

const play = {
  game: null,
  generation: 0,

  setUp() {
    $("play-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.start();
    });
    $("play-hints").addEventListener("change", () => this.game && this.game.yourTurn && this.turn());
  },

  start() {
    this.generation++;
    this.game = {
      name: $("play-game").value.trim(),
      position: $("play-position").value.trim(),
      misere: $("play-misere").checked,
      side: $("play-side").value,
      yourTurn: $("play-first").value === "you",
      picked: [],
      moveNumber: 0,
    };
    $("play-history").tBodies[0].textContent = "";
    $("play-status").textContent = "Starting a new game…";
    $("play-board").textContent = "";
    showError($("play-error"), null);
    this.turn();
  },

  mover() {
    const g = this.game;
    const other = g.side === "left" ? "right" : "left";
    return g.yourTurn ? g.side : other;
  },

  async turn() {
    const g = this.game, generation = this.generation;
    $("play-moves").textContent = "";
    let report;
    try {
      report = await api("/api/moves", { game: g.name, position: g.position, misere: g.misere, player: this.mover(), count: 1000 });
    } catch (error) {
      showError($("play-error"), error, g.position);
      $("play-status").textContent = "";
      return;
    }
    if (generation !== this.generation) return;
    g.impartial = report.player === "either";
    this.drawBoard(report);
    if (report.total === 0) return this.end(report);
    const draw = report.outcome === "D" ? " With best play this position is a draw." : "";
    if (g.yourTurn) {
      $("play-status").textContent = `${report.position}: your move${g.impartial ? "" : ` (${g.side})`}.${draw}`;
      this.offer(report);
    } else {
      $("play-status").textContent = `${report.position}: the engine is thinking…`;
      let index = report.perfect_play;
      let chosen = report.moves.find((m) => m.index === index);
      if (!chosen) {
        const page = await api("/api/moves", { game: g.name, position: g.position, misere: g.misere, player: this.mover(), from: index, count: 1 });
        chosen = page.moves[0];
      }
      if (generation !== this.generation) return;
      this.move(chosen, "engine");
    }
  },

  /** The player's choices: a button per move (with its value and result under hints), and
   * the board's cells for the games that have a board. */
  offer(report) {
    const hints = $("play-hints").checked;
    const list = el("div", { class: "moves", role: "group", "aria-label": "your moves" });
    for (const move of report.moves) {
      const hint = hints ? ` — ${move.result}${move.value !== null ? `, value ${move.value}` : ""}` : "";
      list.append(el("button", {
        type: "button",
        class: hints ? move.result : null,
        "data-to": move.to,
        onclick: () => this.move(move, "you"),
      }, `${move.move} → ${move.to}${hint}`));
    }
    const listed = report.total > report.moves.length ? ` (the first ${report.moves.length} of ${report.total})` : "";
    const title = hints ? "Your moves (hints show what each achieves)" : "Your moves";
    $("play-moves").replaceChildren(el("p", {}, `${title}${listed}:`), list);
  },

  drawBoard(report) {
    const g = this.game, board = boardOf(g.name);
    const area = $("play-board");
    area.textContent = "";
    if (!board) {
      const picture = pictureOf(g.name, g.position);
      if (picture) area.append(picture);
      return;
    }
    const yours = g.yourTurn && report.total > 0;
    area.append(drawBoard(board, g.position, (r, c) => yours && this.click(report, board, r, c), g.picked));
    if (yours) area.append(el("p", {}, "Click the cells your move changes (for a domino, its two squares)."));
  },

  click(report, board, r, c) {
    const g = this.game;
    g.picked.push([r, c]);
    let pick = pickMove(board, g.position, report.moves, g.picked);
    if (pick.open === 0) {
      g.picked = [[r, c]];
      pick = pickMove(board, g.position, report.moves, g.picked);
    }
    if (pick.move) return this.move(pick.move, "you");
    if (pick.open === 0) g.picked = [];
    this.drawBoard(report);
    $("play-status").textContent = pick.open
      ? `${g.position}: ${pick.open} of your moves change the cells clicked: click another cell your move changes.`
      : `${g.position}: no move of yours changes that cell.`;
  },

  move(move, who) {
    const g = this.game;
    g.moveNumber++;
    g.picked = [];
    const mover = g.impartial ? who : `${who} (${this.mover()})`;
    const after = move.value !== null ? move.value : `outcome ${shown(move.outcome)}`;
    $("play-history").tBodies[0].append(el("tr", {},
      el("td", {}, g.moveNumber), el("td", {}, mover), el("td", {}, move.move),
      el("td", { class: "mono" }, move.to), el("td", { class: "mono" }, after)));
    g.position = move.to;
    g.yourTurn = !g.yourTurn;
    this.turn();
  },

  /** Nobody may move on: who wins follows from who cannot move, and the play convention. */
  end(report) {
    const g = this.game;
    const misere = report.play === "misere";
    const youWin = g.yourTurn === misere;
    const cannot = g.yourTurn ? "You cannot move" : "The engine cannot move";
    const rule = misere ? "under misère play the player who cannot move wins" : "the player who cannot move loses";
    $("play-status").textContent = `${report.position}: ${cannot}, and ${rule}: ${youWin ? "you win!" : "the engine wins."}`;
    $("play-moves").textContent = "";
  },
};

// ---- sequences ------------------------------------------------------------------------

const sequences = {
  controller: null,

  start() {
    $("seq-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.compute();
    });
    $("seq-cancel").addEventListener("click", () => this.controller?.abort());
  },

  async compute() {
    const game = $("seq-game").value.trim(), to = Number($("seq-to").value);
    this.controller?.abort();
    const controller = this.controller = new AbortController();
    showError($("seq-error"), null);
    $("seq-result").textContent = "";
    const bar = el("progress", { "aria-label": "work done" });
    const words = el("span", {}, " starting…");
    $("seq-progress").replaceChildren(bar, words);
    $("seq-cancel").disabled = false;
    const started = performance.now();
    try {
      const response = await fetch("/api/seq", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ game, to, progress: true }),
        signal: controller.signal,
      });
      if (!response.ok) throw new ApiError(await response.json().catch(() => ({})), response.status);
      const answer = await this.read(response, (line) => {
        bar.max = line.limit;
        bar.value = line.listed;
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        words.textContent = ` ${line.listed.toLocaleString()} positions listed in ${seconds} s (the work limit is ${line.limit.toLocaleString()})`;
      });
      if (answer.error !== undefined) throw new ApiError(answer, 422);
      $("seq-progress").textContent = "";
      this.show(answer);
    } catch (error) {
      if (error.name === "AbortError") {
        $("seq-progress").textContent = "Cancelled: the server has stopped the computation.";
      } else {
        $("seq-progress").textContent = "";
        showError($("seq-error"), error, game);
      }
    } finally {
      if (this.controller === controller) $("seq-cancel").disabled = true;
    }
  },

  /** Reads the stream of lines: progress lines go to `heard`; the last line is the answer. */
  async read(response, heard) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = "", last = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let end;
      while ((end = pending.indexOf("\n")) >= 0) {
        const line = JSON.parse(pending.slice(0, end));
        pending = pending.slice(end + 1);
        if (line.listed !== undefined && line.limit !== undefined && Object.keys(line).length === 2) heard(line);
        else last = line;
      }
    }
    if (last === null) throw new ApiError({ error: "the server closed the answer before it was complete" }, 0);
    return last;
  },

  show(report) {
    const period = report.period === null ? "none seen" : `${report.period} (from heap ${report.preperiod}${report.saltus ? `, saltus ${report.saltus}` : ""}), ${report.proved ? "proved" : "seen, not proved"}`;
    const facts = [["game", report.game], ["heaps", `0 to ${report.to}`], ["period", period],
      ["largest value", report.max_value], ["rare values", shown(report.rare_count)], ["heaps computed", report.computed]];
    const out = $("seq-result");
    out.replaceChildren(el("table", { class: "table", id: "seq-summary" },
      facts.map(([name, value]) => el("tr", {}, el("th", {}, name), el("td", { "data-fact": name }, shown(value))))));
    if (!report.values) {
      out.append(el("p", {}, "Too many values to send to the page: write them to a file with conway seq --out."));
      return;
    }
    out.append(plot(report), el("p", {}, "The first values:"),
      el("p", { class: "mono", id: "seq-values" }, report.values.slice(0, 300).join(" ") + (report.values.length > 300 ? " …" : "")));
  },
};

/** The nim-sequence as a picture: one mark per heap, the period's start and each period's
 * end marked by dashed lines. */
function plot(report) {
  const svg = svgEl;
  const values = report.values, W = 800, H = 300, M = 40;
  const top = Math.max(1, report.max_value);
  const x = (n) => M + (n / Math.max(1, values.length - 1)) * (W - 2 * M);
  const y = (v) => H - M - (v / top) * (H - 2 * M);
  const picture = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "plot", role: "img", width: W, height: H });
  picture.append(svg("title", {}, `nim values of ${report.game} for heaps 0 to ${report.to}`));
  picture.append(svg("line", { x1: M, y1: H - M, x2: W - M, y2: H - M, stroke: "gray" }));
  picture.append(svg("line", { x1: M, y1: M, x2: M, y2: H - M, stroke: "gray" }));
  const label = (text, attributes) => picture.append(svg("text", { "font-size": 12, ...attributes }, text));
  label("0", { x: M - 14, y: H - M + 4 });
  label(String(top), { x: M - 8 - 7 * String(top).length, y: M + 4 });
  label(`heap ${values.length - 1}`, { x: W - M - 50, y: H - M + 18 });
  const r = values.length > 2000 ? 0.8 : 2;
  let path = "";
  values.forEach((v, n) => { path += `M${x(n).toFixed(1)} ${y(v).toFixed(1)}h0 `; });
  picture.append(svg("path", { d: path, stroke: "black", "stroke-width": 2 * r, "stroke-linecap": "round", class: "values" }));
  if (report.period !== null) {
    const mark = (n, name) => {
      if (n >= values.length) return;
      picture.append(svg("line", { x1: x(n), y1: M - 10, x2: x(n), y2: H - M, stroke: "#a00", "stroke-dasharray": "5 4", class: name }));
    };
    mark(report.preperiod, "preperiod");
    label(`period ${report.period} from heap ${report.preperiod}`, { x: Math.min(x(report.preperiod) + 4, W - 200), y: M - 14, fill: "#a00" });
    for (let n = report.preperiod + report.period, k = 0; n < values.length && k < 50; n += report.period, k++) mark(n, "period");
  }
  return picture;
}

// ---- graphs ---------------------------------------------------------------------------

const graphs = {
  start() {
    $("graph-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.analyse();
    });
  },

  async analyse() {
    showError($("graph-error"), null);
    const out = $("graph-result");
    out.textContent = "";
    try {
      const report = await api("/api/graph", { text: $("graph-text").value, misere: $("graph-misere").checked });
      out.append(report.kernel !== undefined ? this.impartial(report) : this.partizan(report));
    } catch (error) {
      showError($("graph-error"), error);
    }
  },

  impartial(report) {
    const name = (i) => report.positions[i].position;
    const kernel = report.kernel === null
      ? "none: the graph has draws, and no kernel"
      : `${report.kernel.join(", ") || "(empty)"}${report.kernel_unique ? " (the only one)" : ""}`;
    return el("div", {},
      el("p", { id: "graph-kernel" }, el("strong", {}, "Kernel (the P-positions): "), kernel),
      el("table", { class: "table", id: "graph-table" },
        el("thead", {}, el("tr", {}, ["vertex", "outcome", "depth", "γ", "moves to"].map((h) => el("th", {}, h)))),
        el("tbody", {}, report.positions.map((p) => el("tr", { class: p.outcome === "P" ? "wins" : null },
          el("td", { class: "mono" }, p.position), el("td", {}, shown(p.outcome)), el("td", {}, shown(p.depth)),
          el("td", { class: "mono" }, shown(p.gamma)), el("td", { class: "mono" }, p.options.map(name).join(" ")))))));
  },

  partizan(report) {
    const name = (i) => report.positions[i].position;
    const wins = (winner) => (winner === "Left" || winner === "Right" ? `${winner} wins` : shown(winner));
    return el("table", { class: "table", id: "graph-table" },
      el("thead", {}, el("tr", {}, ["vertex", "outcome", "Left starts", "Right starts", "Left's moves", "Right's moves"].map((h) => el("th", {}, h)))),
      el("tbody", {}, report.positions.map((p) => el("tr", {},
        el("td", { class: "mono" }, p.position), el("td", {}, shown(p.outcome)),
        el("td", {}, wins(p.left_starts)), el("td", {}, wins(p.right_starts)),
        el("td", { class: "mono" }, p.left_options.map(name).join(" ")),
        el("td", { class: "mono" }, p.right_options.map(name).join(" "))))));
  },
};

// ---- start ----------------------------------------------------------------------------

window.addEventListener("hashchange", showPage);
document.addEventListener("DOMContentLoaded", () => {
  showPage();
  worksheet.start();
  positions.start();
  play.setUp();
  sequences.start();
  graphs.start();
});
