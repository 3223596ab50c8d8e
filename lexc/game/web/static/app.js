"use strict";
// lexc serve: the board page. Talks to /api (lexc/game/web/app.py); holds no game logic of its own:
// scores, validity and legality all come from the server's engine.

const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const token = new URLSearchParams(location.search).get("token") || "";
const ui = { game: null, name: null, cursor: null, tentative: new Map(), blankNext: false, overrides: {},
             meta: null, previewTimer: null, previewSeq: 0 };
const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const options = { headers: { "X-Lexc-Token": token } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

function status(text, isError) {
  const el = $("status");
  el.textContent = text || "";
  el.className = isError ? "error" : "";
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function squareName(r, c) { return COLS[c] + (r + 1); }
function position(r, c, across) { return across ? `${r + 1}${COLS[c]}` : `${COLS[c]}${r + 1}`; }

// ------------------------------------------------------------------ games list and new game

async function loadList(select) {
  ui.meta = await api("/api/games");
  const list = $("game-list");
  list.replaceChildren(el("option", { value: "" }, "— games —"),
    ...ui.meta.games.map((g) => el("option", { value: g }, g)));
  if (select) list.value = select;
  const form = $("new-game");
  form.ruleset.replaceChildren(...ui.meta.rulesets.map((r) => el("option", { value: r }, r)));
  form.lang.replaceChildren(...ui.meta.languages.map((l) => el("option", { value: l.code }, `${l.name} (${l.code})`)));
  for (const c of ui.meta.challenges) form.challenge.append(el("option", { value: c }, c));
  editions();
}

// The tile sets of the language chosen in the new-game form, when it has several (Icelandic).
function editions() {
  const form = $("new-game");
  const lang = ui.meta.languages.find((l) => l.code === form.lang.value);
  form.edition.replaceChildren(el("option", { value: "" }, "default"),
    ...((lang && lang.editions) || []).map((name) => el("option", { value: name }, name)));
  form.edition.disabled = !(lang && lang.editions.length);
}

// The languages a play may be designated: those the game's table agreed on, else every one the server knows.
function pickable() {
  const agreed = (ui.game && ui.game.setup.langs) || [];
  return agreed.length ? ui.meta.languages.filter((l) => agreed.includes(l.code)) : ui.meta.languages;
}

async function openGame(name) {
  if (!name) return;
  ui.name = name;
  history.replaceState(null, "", `?game=${encodeURIComponent(name)}${token ? "&token=" + encodeURIComponent(token) : ""}`);
  show(await api(`/api/games/${encodeURIComponent(name)}`));
}

// ------------------------------------------------------------------ rendering

function show(game) {
  ui.game = game;
  ui.cursor = null;
  ui.tentative.clear();
  ui.overrides = {};
  $("game").hidden = false;
  $("game-list").value = ui.name;
  $("play-lang").replaceChildren(...pickable().map((l) => el("option", { value: l.code }, l.code)));
  $("play-lang").value = game.lang || "en";
  $("play-lang").disabled = !game.lang;
  $("rack-label").hidden = game.setup.deal === "seed";
  $("notation").value = "";
  $("preview").textContent = "";
  $("extra").replaceChildren();
  renderBoard();
  renderPlayers();
  renderMoves();
  const over = game.ended;
  for (const id of ["play-btn", "pass-btn", "exchange-btn"]) $(id).disabled = over;
  $("challenge-btn").disabled = !game.can_challenge;
  $("end-btn").disabled = over;
  $("penalty-btn").hidden = !over;  // time penalties are recorded after the end
}

function renderBoard() {
  const game = ui.game;
  const rs = game.ruleset;
  const board = $("board");
  board.style.gridTemplateColumns = `repeat(${rs.cols}, 1fr)`;
  const placed = new Map(game.board.map((t) => [t.square, t]));
  const squares = [];
  for (let r = 0; r < rs.rows; r++) {
    for (let c = 0; c < rs.cols; c++) {
      const name = squareName(r, c);
      const kind = rs.premiums[r][c];
      const sq = el("div", { class: `sq ${kind}`, "data-square": name, role: "gridcell",
                             onclick: () => clickSquare(r, c) });
      const label = { dl: "2L", tl: "3L", ql: "4L", dw: "2W", tw: "3W", qw: "4W", plain: "" }[kind];
      const tile = placed.get(name);
      const tent = ui.tentative.get(`${r},${c}`);
      if (tile) {
        const t = el("div", { class: `tile${tile.last ? " last" : ""}${tile.blank ? " blank" : ""}`,
                              "data-lang": tile.lang, title: `${tile.native} (${tile.lang}) ${tile.points}` },
                     el("span", { class: "letter" }, tile.blank ? tile.face.toLowerCase() : tile.face));
        if (tile.first) t.append(el("span", { class: "value" }, String(tile.points)));
        if (game.lang && tile.lang !== "en") t.append(el("span", { class: "lang" }, tile.lang));
        sq.append(t);
      } else if (tent) {
        sq.append(el("div", { class: `tile tentative${tent.blank ? " blank" : ""}` },
                     el("span", { class: "letter" }, tent.blank ? tent.face.toLowerCase() : tent.face)));
      } else if (name === rs.centre) {
        sq.append("★");
      } else {
        sq.append(label);
      }
      if (ui.cursor && ui.cursor.row === r && ui.cursor.col === c) sq.classList.add("cursor");
      squares.push(sq);
    }
  }
  board.replaceChildren(...squares);
}

function renderPlayers() {
  const game = ui.game;
  const rows = game.players.map((p) => el("tr", { class: p.to_move && !game.ended ? "to-move" : "" },
    el("td", {}, (p.to_move && !game.ended ? "▶ " : "") + p.name), el("td", { class: "score" }, String(p.score)),
    el("td", {}, p.rack !== null ? p.rack : `${p.tiles} tiles`)));
  $("players").replaceChildren(el("table", {}, ...rows));
  // A tile of several letters is bracketed, as in GCG: [CH], [LL] (docs/gcg.md).
  const unseen = Object.entries(game.unseen).map(([f, n]) => (f.length > 1 ? `[${f}]` : f).repeat(n)).join("");
  const won = game.winners.join(" and ");
  const best = Math.max(...game.players.map((p) => p.score));
  const state = game.ended ? `Game over: ${won} ${game.winners.length > 1 ? "win" : "wins"} with ${best}.` : game.can_end ? "The game can end now." : `${game.to_move} to move.`;
  const agreed = Object.entries(game.setup.schemes || {}).map(([lang, name]) => `${lang}=${name}`).join(" ");
  $("bag").replaceChildren(el("p", {}, `${state} Bag: ${game.bag} tiles. Unseen${game.unseen_for ? " by " + game.unseen_for : ""}: ${unseen}`),
    ...(agreed ? [el("p", { id: "schemes" }, `Schemes agreed: ${agreed}`)] : []));
}

// Hebrew and Arabic words inside an explanation are isolated, so that the points after them stay
// in reading order ("ש[SH] 2×2 + ל[L] 2"), not pulled into the right-to-left run.
function isolated(text) {
  return text.split(/([\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]+)/).map((part, i) =>
    i % 2 ? el("bdi", {}, part) : part);
}

function renderMoves() {
  const items = ui.game.moves.map((m) => {
    const head = `${m.player}: ${m.move}${m.langs ? " " + m.langs : ""} ${m.delta >= 0 ? "+" : ""}${m.delta} → ${m.total}`;
    const li = el("li", { class: m.withdrawn ? "withdrawn" : "" }, head);
    if (m.challenged) li.append(el("div", {}, `challenged by ${m.challenged}`));
    if (m.lost_turn) li.append(el("div", {}, "lost turn (unsuccessful challenge)"));
    if (m.explanation) li.append(el("pre", {}, ...isolated(m.explanation)));
    return li;
  });
  $("moves").replaceChildren(...items.reverse());
}

// ------------------------------------------------------------------ entering a play on the board

function occupied(r, c) { return ui.game.board.some((t) => t.row === r && t.col === c); }
function inside(r, c) { return r >= 0 && c >= 0 && r < ui.game.ruleset.rows && c < ui.game.ruleset.cols; }

function clickSquare(r, c) {
  if (ui.cursor && ui.cursor.row === r && ui.cursor.col === c) ui.cursor.across = !ui.cursor.across;
  else ui.cursor = { row: r, col: c, across: ui.cursor ? ui.cursor.across : true };
  renderBoard();
  $("board-keys").focus({ preventScroll: true });  // brings up a phone's keyboard
}

// Letters typed after clicking a square arrive in a small input that holds the focus (so that a
// phone shows its keyboard): each is placed on the board, "?" makes the next one a blank.
function typed(text) {
  for (const ch of text) {
    if (ch === "?") ui.blankNext = true;
    else if (/[a-zA-Z]/.test(ch)) typeLetter(ch);
  }
}

function advance() {
  const cur = ui.cursor;
  do {
    if (cur.across) cur.col += 1; else cur.row += 1;
  } while (inside(cur.row, cur.col) && occupied(cur.row, cur.col));
}

function typeLetter(letter) {
  const cur = ui.cursor;
  if (!cur || !inside(cur.row, cur.col)) return;
  while (inside(cur.row, cur.col) && occupied(cur.row, cur.col)) advance();
  if (!inside(cur.row, cur.col)) return;
  ui.tentative.set(`${cur.row},${cur.col}`, { face: letter.toUpperCase(), blank: ui.blankNext, row: cur.row, col: cur.col });
  ui.blankNext = false;
  advance();
  tentativeChanged();
}

function backspace() {
  const keys = [...ui.tentative.keys()];
  if (!keys.length) return;
  const last = ui.tentative.get(keys[keys.length - 1]);
  ui.tentative.delete(keys[keys.length - 1]);
  ui.cursor = { row: last.row, col: last.col, across: ui.cursor ? ui.cursor.across : true };
  tentativeChanged();
}

function tentativeNotation() {
  const tiles = [...ui.tentative.values()];
  if (!tiles.length) return "";
  let across = ui.cursor ? ui.cursor.across : true;
  const rows = new Set(tiles.map((t) => t.row)), cols = new Set(tiles.map((t) => t.col));
  if (tiles.length > 1) across = rows.size === 1;
  else {
    const t = tiles[0];
    const sideways = occupied(t.row, t.col - 1) || occupied(t.row, t.col + 1);
    const upDown = occupied(t.row - 1, t.col) || occupied(t.row + 1, t.col);
    across = sideways || !upDown;
  }
  if (across ? rows.size !== 1 : cols.size !== 1) return "";
  const [dr, dc] = across ? [0, 1] : [1, 0];
  const first = tiles.reduce((a, t) => (across ? t.col < a.col : t.row < a.row) ? t : a);
  let r = first.row, c = first.col;
  while (inside(r - dr, c - dc) && occupied(r - dr, c - dc)) { r -= dr; c -= dc; }
  const start = [r, c];
  let word = "";
  while (inside(r, c)) {
    const tent = ui.tentative.get(`${r},${c}`);
    if (tent) word += tent.blank ? tent.face.toLowerCase() : tent.face;
    else if (occupied(r, c)) word += ".";
    else break;
    r += dr; c += dc;
  }
  const used = [...word].filter((ch) => ch !== ".").length;
  if (used !== tiles.length) return "";  // a gap between the tiles
  return `${position(start[0], start[1], across)} ${word}`;
}

function designation() {
  if (!ui.game.lang) return "";
  const parts = [$("play-lang").value];
  for (const [pos, lang] of Object.entries(ui.overrides)) if (lang !== parts[0]) parts.push(`${pos}=${lang}`);
  return "@" + parts.join(",");
}

function baseOf(text) { return text.trim().split(/\s+/).slice(0, 2).join(" "); }

function setNotation(base) {
  $("notation").value = base ? `${base} ${designation()}`.trim() : "";
  schedulePreview();
}

function tentativeChanged() {
  renderBoard();
  setNotation(tentativeNotation());
}

// ------------------------------------------------------------------ live preview

function schedulePreview() {
  clearTimeout(ui.previewTimer);
  ui.previewTimer = setTimeout(preview, 200);
}

async function preview() {
  const text = $("notation").value.trim();
  const box = $("preview");
  if (!text) { box.textContent = ""; return; }
  const seq = ++ui.previewSeq;
  try {
    const result = await api(`/api/games/${encodeURIComponent(ui.name)}/preview`,
                             { play: text, rack: $("rack").value || null });
    if (seq !== ui.previewSeq) return;
    renderPreview(result);
  } catch (error) {
    if (seq !== ui.previewSeq) return;
    box.replaceChildren(el("span", { class: "invalid" }, error.message));
  }
}

function renderPreview(result) {
  const box = $("preview");
  const words = result.words.map((w) => {
    const mark = w.valid === true ? ["valid", "✓ word"] : w.valid === false ? ["invalid", "✗ not a word"] :
                 ["unknown", "? no pack"];
    const row = el("div", { class: "word", "data-word": w.board, "data-position": w.position });
    row.append(el("span", {}, `${w.position} ${w.board}${w.native && w.native !== w.board ? " = " + w.native : ""}`));
    if (ui.game.lang) {
      const select = el("select", { class: "word-lang", "aria-label": `language of ${w.board}`,
                                    onchange: (e) => { ui.overrides[w.position] = e.target.value;
                                                       setNotation(baseOf($("notation").value)); } },
                        ...pickable().map((l) => el("option", { value: l.code }, l.code)));
      select.value = w.lang;
      row.append(select);
    }
    row.append(el("span", { class: mark[0] }, mark[1]), el("span", {}, ` ${w.subtotal}`));
    return row;
  });
  const total = el("div", { class: "total" }, `Score: ${result.score}`);
  total.setAttribute("data-score", String(result.score));
  total.setAttribute("data-play", result.play);
  const problems = result.problems.map((p) => el("div", { class: "invalid" }, p));
  box.replaceChildren(total, ...words, ...problems);
}

// ------------------------------------------------------------------ moves

async function move(body) {
  try {
    const game = await api(`/api/games/${encodeURIComponent(ui.name)}/move`,
                           Object.assign({ version: ui.game.version }, body));
    status("");
    show(game);
  } catch (error) {
    status(error.message, true);
    if (error.status === 409) await openGame(ui.name).catch(() => {});
  }
}

function panel(...children) { $("extra").replaceChildren(...children); }

function exchangePanel() {
  const input = el("input", { id: "exchange-tiles", placeholder: ui.game.setup.deal === "seed" ? "tiles, e.g. QV?" : "tiles or how many" });
  panel(el("label", {}, "Exchange ", input),
        el("button", { id: "exchange-ok", type: "button",
                       onclick: () => move({ action: "exchange", tiles: input.value, rack: $("rack").value || null }) },
           "Exchange"));
  input.focus();
}

function challengePanel() {
  const game = ui.game;
  const last = [...game.moves].reverse().find((m) => m.kind === "play");
  const by = el("select", { id: "challenger" }, ...game.players.filter((p) => p.name !== last.player)
                  .map((p) => el("option", { value: p.name }, p.name)));
  by.value = game.to_move;
  const unknown = (last.words || []).filter((w) => w.valid === null);
  const rulings = unknown.map((w) => {
    const select = el("select", { "data-ruling": w.board }, el("option", { value: "good" }, "good"),
                      el("option", { value: "phony" }, "phony"));
    return el("label", {}, `${w.board} (${w.lang}, no pack): the director rules `, select);
  });
  panel(el("label", {}, `Challenge ${last.player}'s ${last.move} by `, by), ...rulings,
        el("button", { id: "challenge-ok", type: "button", onclick: () => {
          const r = {};
          for (const s of document.querySelectorAll("[data-ruling]")) r[s.dataset.ruling] = s.value === "good";
          move({ action: "challenge", by: by.value, rulings: r });
        } }, "Challenge"));
}

function endPanel() {
  const game = ui.game;
  const inputs = game.setup.deal === "seed" ? [] : game.players.filter((p) => p.tiles > 0).map((p) =>
    el("label", {}, `${p.name}'s tiles left `, el("input", { "data-rack": p.name, autocapitalize: "characters" })));
  const force = el("input", { type: "checkbox", id: "end-force" });
  panel(...inputs, el("label", {}, force, " end now although nobody went out (director)"),
        el("button", { id: "end-ok", type: "button", onclick: () => {
          const racks = {};
          for (const i of document.querySelectorAll("[data-rack]")) racks[i.dataset.rack] = i.value;
          move({ action: "end", racks, force: force.checked });
        } }, "End game"));
}

async function hintPanel() {
  try {
    // The server searches the game's languages: those agreed, else its own and those designated so far.
    const found = await api(`/api/games/${encodeURIComponent(ui.name)}/hint`, { rack: $("rack").value || null, top: 5,
                                                                              langs: null });
    const rows = found.moves.map((m) => el("li", {},
      el("button", { type: "button", class: "hint", "data-play": m.play,
                     onclick: () => { ui.tentative.clear(); $("notation").value = m.play;
                                      readDesignation(m.play); renderBoard(); schedulePreview(); } },
         `${m.play}  ${m.score}`)));
    panel(el("div", { id: "hints" }, el("div", {}, `Best plays for ${found.player}:`),
             rows.length ? el("ol", {}, ...rows) : el("div", {}, "no play found")));
  } catch (error) { status(error.message, true); }
}

function penaltyPanel() {
  const who = el("select", { id: "penalty-player" }, ...ui.game.players.map((p) => el("option", { value: p.name }, p.name)));
  const points = el("input", { id: "penalty-points", inputmode: "numeric", value: "10", size: "4" });
  panel(el("label", {}, "Time penalty: ", who, " loses ", points, " points"),
        el("button", { id: "penalty-ok", type: "button",
                       onclick: () => move({ action: "penalty", player: who.value, points: points.value }) }, "Record"));
}

// ------------------------------------------------------------------ wiring

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (!ui.game || (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
  if (event.key === "?") { ui.blankNext = true; event.preventDefault(); }
  else if (/^[a-zA-Z]$/.test(event.key) && ui.cursor) { typeLetter(event.key); event.preventDefault(); }
  else if (event.key === "Backspace") { backspace(); event.preventDefault(); }
  else if (event.key === "Enter" && $("notation").value) { $("play-btn").click(); event.preventDefault(); }
});

$("board-keys").addEventListener("input", (event) => {
  typed(event.target.value);
  event.target.value = "";
});
$("board-keys").addEventListener("keydown", (event) => {
  if (event.key === "Backspace") { backspace(); event.preventDefault(); }
  else if (event.key === "Enter" && $("notation").value) { $("play-btn").click(); event.preventDefault(); }
});
// A designation typed in the notation box sets the pickers: "@de,H8=en" is German, H8 English.
function readDesignation(text) {
  const token = text.trim().split(/\s+/)[2];
  ui.overrides = {};
  if (!token || !token.startsWith("@") || !ui.game.lang) return;
  const [first, ...rest] = token.slice(1).split(",");
  if (first && pickable().some((l) => l.code === first)) $("play-lang").value = first;
  for (const part of rest) {
    const [key, lang] = part.split("=");
    if (key && lang) ui.overrides[key] = lang;
  }
}

$("notation").addEventListener("input", () => {
  ui.tentative.clear();
  readDesignation($("notation").value);
  renderBoard();
  schedulePreview();
});
$("play-lang").addEventListener("change", () => setNotation(baseOf($("notation").value)));
$("rack").addEventListener("input", schedulePreview);
$("play-form").addEventListener("submit", (event) => {
  event.preventDefault();
  move({ action: "play", play: $("notation").value, rack: $("rack").value || null });
});
$("clear-btn").addEventListener("click", () => { ui.tentative.clear(); ui.overrides = {}; setNotation(""); renderBoard(); });
$("pass-btn").addEventListener("click", () => move({ action: "pass", rack: $("rack").value || null }));
$("exchange-btn").addEventListener("click", exchangePanel);
$("challenge-btn").addEventListener("click", challengePanel);
$("undo-btn").addEventListener("click", () => move({ action: "undo" }));
$("end-btn").addEventListener("click", endPanel);
$("penalty-btn").addEventListener("click", penaltyPanel);
$("hint-btn").addEventListener("click", hintPanel);
$("game-list").addEventListener("change", (e) => openGame(e.target.value).catch((err) => status(err.message, true)));
$("new-game").lang.addEventListener("change", editions);
$("new-toggle").addEventListener("click", () => { $("new-game").hidden = !$("new-game").hidden; });
$("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const body = Object.fromEntries(new FormData(form).entries());
  try {
    await api("/api/games", body);
    form.hidden = true;
    await loadList(body.name);
    await openGame(body.name);
    status(`new game ${body.name}`);
  } catch (error) { status(error.message, true); }
});

(async () => {
  try {
    await loadList();
    const wanted = new URLSearchParams(location.search).get("game");
    if (wanted) await openGame(wanted);
  } catch (error) { status(error.message, true); }
})();
