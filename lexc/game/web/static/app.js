"use strict";
// lexc serve: the board page. Talks to /api (lexc/game/web/app.py); holds no game logic of its own:
// scores, validity and legality all come from the server's engine. Who the page is (a seat, the
// board, the director) is the key after "#" in its address: it is sent in a header, never in a URL.

const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const hash = new URLSearchParams(location.hash.slice(1));
const key = hash.get("key") || "";
const ui = { game: null, name: hash.get("game"), cursor: null, tentative: new Map(), shown: [], blankNext: false,
             overrides: {}, meta: null, previewTimer: null, previewSeq: 0, busy: false, clockAt: 0, stream: null };
const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const options = { headers: { "X-Lexc-Key": key } };
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
    error.game = data.game;
    throw error;
  }
  return data;
}

function status(text, isError) {
  const box = $("status");
  box.textContent = text || "";
  box.className = isError ? "error" : "";
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "class") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function squareName(r, c) { return COLS[c] + (r + 1); }
function position(r, c, across) { return across ? `${r + 1}${COLS[c]}` : `${COLS[c]}${r + 1}`; }
const view = () => (ui.game && ui.game.view) || { kind: "director", player: null };
const isDirector = () => view().kind === "director";
const isBoard = () => view().kind === "board";
const mine = () => view().kind === "seat" ? view().player : ui.game.to_move;
// A robot seat's label: "robot, level 3" or "robot, greedy"; "" for a person.
function robotLabel(name) {
  const level = ui.game && ui.game.robots ? ui.game.robots[name] : undefined;
  return level === undefined ? "" : level === "greedy" ? "robot, greedy" : `robot, level ${level}`;
}
const myTurn = () => isDirector() || (view().kind === "seat" && ui.game.to_move === view().player);

// ------------------------------------------------------------------ games list and new game (the server's key)

async function loadList(select) {
  ui.meta = await api("/api/games");
  const list = $("game-list");
  list.hidden = false;
  $("new-toggle").hidden = false;
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

// The languages a play may be designated: those the game's table agreed on, else every one the
// server knows (the director has them from the games list, a seat or board from its game's).
function pickable() {
  const all = (ui.meta && ui.meta.languages) || ui.languages || [];
  const agreed = (ui.game && ui.game.setup.langs) || [];
  const found = agreed.length ? all.filter((l) => agreed.includes(l.code)) : all;
  return found.length ? found : [{ code: (ui.game && ui.game.lang) || "en", pack: false }];
}

async function openGame(name) {
  if (!name) return;
  ui.name = name;
  history.replaceState(null, "", `/#game=${encodeURIComponent(name)}&key=${encodeURIComponent(key)}`);
  const game = await api(`/api/games/${encodeURIComponent(name)}`);
  if (!ui.meta && !ui.languages) ui.languages = (await api(`/api/games/${encodeURIComponent(name)}/languages`)).languages;
  show(game);
  listen();
}

// ------------------------------------------------------------------ live: server-sent events over fetch (the key
// goes in a header, which EventSource cannot send); a dropped stream reconnects and catches up at once.

async function listen() {
  const name = ui.name;
  if (ui.stream) ui.stream.abort();
  const control = new AbortController();
  ui.stream = control;
  let wait = 500;
  while (!control.signal.aborted && name === ui.name) {
    try {
      const response = await fetch(`/api/games/${encodeURIComponent(name)}/events`,
                                   { headers: { "X-Lexc-Key": key }, signal: control.signal });
      if (!response.ok) throw new Error((await response.json()).error);
      $("live").textContent = "● live";
      $("live").className = "on";
      wait = 500;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = message.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
          if (data) arrived(JSON.parse(data));
        }
      }
    } catch (error) {
      if (control.signal.aborted) return;
    }
    $("live").textContent = "○ reconnecting";
    $("live").className = "off";
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 5000);
  }
}

// A game that arrives (live, or in a refusal): shown, what changed said, typed work kept and checked again.
function arrived(game) {
  if (game.error) { status(game.error, true); return; }
  const before = ui.game;
  if (before && before.version === game.version) { ui.game = game; ui.clockAt = performance.now(); renderClocks(); return; }
  if (before && game.written < before.written) return;  // an older game than the one shown, late: not shown
  const typed = $("notation").value.trim();
  show(game, true);
  const change = before ? changes(before, game) : "";
  if (change) status(change + (typed ? ` — your play ${typed} is kept and checked again` : ""));
}

function describe(m) {
  if (m.kind === "play") return `${m.player} played ${m.move}${m.langs ? " " + m.langs : ""} for ${m.delta}`;
  if (m.kind === "pass") return m.lost_turn ? `${m.player} lost a turn (challenge)` : `${m.player} passed`;
  if (m.kind === "exchange") return `${m.player} exchanged ${m.move.slice(1)}`;
  if (m.kind === "withdrawal") return `${m.player}'s play was withdrawn (${m.notes.join("; ") || "phony"})`;
  if (m.kind === "time_penalty") return `${m.player} lost ${-m.delta} for overtime`;
  return `${m.player}: ${m.move} ${m.delta >= 0 ? "+" : ""}${m.delta}`;
}

function changes(before, after) {
  const old = before.moves, now = after.moves;
  let same = 0;
  while (same < old.length && same < now.length && old[same].move === now[same].move
         && old[same].player === now[same].player) same++;
  const parts = [];
  if (old.length > same) parts.push(`the director took back ${old.length - same} move${old.length - same > 1 ? "s" : ""}`);
  for (const m of now.slice(same)) parts.push(describe(m));
  if (!parts.length && before.can_challenge && !after.can_challenge) parts.push("the last play was challenged: it stands");
  return parts.join("; ");
}

// ------------------------------------------------------------------ rendering

function show(game, keepTyped) {
  const typed = keepTyped ? $("notation").value : "";
  ui.game = game;
  ui.clockAt = performance.now();
  if (!keepTyped) { ui.cursor = null; ui.tentative.clear(); ui.overrides = {}; }
  else for (const k of [...ui.tentative.keys()]) {
    const [r, c] = k.split(",").map(Number);
    if (occupied(r, c)) ui.tentative.delete(k);
  }
  $("landing").hidden = true;
  $("game").hidden = false;
  document.body.dataset.view = view().kind;
  const v = view();
  $("who").textContent = v.kind === "seat" ? `${v.player}'s seat` : v.kind === "board" ? "board" : "director";
  if (ui.meta) $("game-list").value = ui.name;
  $("play-lang").replaceChildren(...pickable().map((l) => el("option", { value: l.code }, l.code)));
  $("play-lang").value = game.lang || "en";
  $("play-lang").disabled = !game.lang;
  $("rack-label").hidden = game.setup.deal === "seed";
  $("notation").value = typed;
  if (!keepTyped) $("extra").replaceChildren();
  renderBoard();
  renderPlayers();
  renderRack();
  renderMoves();
  renderSheet();
  renderControls();
  if (typed.trim()) schedulePreview(); else $("preview").replaceChildren();
}

function renderControls() {
  const game = ui.game;
  const over = game.ended, out = game.went_out !== null;
  const last = [...game.moves].reverse().find((m) => m.kind === "play");
  const turn = myTurn() && !over && !out;
  for (const id of ["play-btn", "pass-btn", "exchange-btn"]) $(id).disabled = ui.busy || !turn;
  $("challenge-btn").disabled = ui.busy || !game.can_challenge || (view().kind === "seat" && last && last.player === view().player);
  $("hint-btn").disabled = ui.busy || !turn || !game.show_validity;
  $("hint-btn").hidden = !game.show_validity;
  $("undo-btn").disabled = ui.busy || !game.moves.length;
  $("end-btn").disabled = ui.busy || over;
  $("penalty-btn").disabled = ui.busy || !over;
  $("pause-btn").hidden = $("adjust-btn").hidden = !game.clock;
  $("pause-btn").disabled = $("adjust-btn").disabled = ui.busy || over;
  if (game.clock) $("pause-btn").textContent = game.clock.paused ? "Resume clock" : "Pause clock";
  $("download-btn").hidden = !(isDirector() || over);
  $("robot-btn").hidden = !(game.thinking && (game.robot_error || game.robot_held));
  $("robot-btn").disabled = ui.busy;
  let text;
  if (over) text = "The game is over.";
  else if (game.thinking && game.robot_error) {
    text = `${game.thinking} (robot) cannot move: ${game.robot_error} — ` +
           (isDirector() ? "move for it, undo, or press Robot move to try again." : "the director can move for it.");
  } else if (game.thinking && game.robot_held) {
    text = `${game.thinking} (${robotLabel(game.thinking)}) waits after the undo: ` +
           (isDirector() ? "Robot move lets it play; or undo again, or move for it." : "the director lets it play.");
  } else if (game.thinking) text = `${game.thinking} (${robotLabel(game.thinking)}) is thinking…`;
  else if (out) text = `${game.went_out} went out: the last play may be challenged, then the director ends the game.`;
  else if (view().kind === "seat") text = game.to_move === view().player ? "Your turn." : `${game.to_move} to move.`;
  else text = `${game.to_move} to move.`;
  $("turn").textContent = text;
  $("turn").dataset.thinking = game.thinking || "";
}

function renderBoard() {
  const game = ui.game;
  const rs = game.ruleset;
  const board = $("board");
  board.style.gridTemplateColumns = `1.2em repeat(${rs.cols}, 1fr)`;
  const placed = new Map(game.board.map((t) => [t.square, t]));
  const shown = new Map(ui.shown.map((t) => [`${t.row},${t.col}`, t]));
  const cells = [el("div", { class: "coord" })];
  for (let c = 0; c < rs.cols; c++) cells.push(el("div", { class: "coord" }, COLS[c]));
  for (let r = 0; r < rs.rows; r++) {
    cells.push(el("div", { class: "coord row" }, String(r + 1)));
    for (let c = 0; c < rs.cols; c++) {
      const name = squareName(r, c);
      const kind = rs.premiums[r][c];
      const sq = el("div", { class: `sq ${kind}`, "data-square": name, role: "gridcell",
                             onclick: () => clickSquare(r, c) });
      const label = { dl: "2L", tl: "3L", ql: "4L", dw: "2W", tw: "3W", qw: "4W", plain: "" }[kind];
      const tile = placed.get(name);
      const tent = ui.tentative.get(`${r},${c}`) || shown.get(`${r},${c}`);
      if (tile) {
        const multi = tile.native.length > 1 && tile.native !== tile.face;
        const t = el("div", { class: `tile${tile.last ? " last" : ""}${tile.blank ? " blank" : ""}${multi ? " multi" : ""}`,
                              "data-lang": tile.lang,
                              title: multi ? `${tile.face}: part of the ${tile.native} tile (${tile.lang}), ${tile.points} on its first square`
                                           : `${tile.native} (${tile.lang}) ${tile.points}` },
                     el("span", { class: "letter" }, tile.blank ? tile.face.toLowerCase() : tile.face));
        if (tile.first) t.append(el("span", { class: "value" }, String(tile.points)));
        else if (multi) t.append(el("span", { class: "value part" }, "⁀"));
        if (multi && tile.first) t.append(el("span", { class: "native" }, tile.native));
        else if (game.lang && tile.lang !== "en") t.append(el("span", { class: "lang" }, tile.lang));
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
      cells.push(sq);
    }
  }
  board.replaceChildren(...cells);
}

function clockText(seconds) {
  const s = Math.round(seconds), sign = s < 0 ? "-" : "", a = Math.abs(s);
  return `${sign}${Math.floor(a / 60)}:${String(a % 60).padStart(2, "0")}`;
}

function renderClocks() {
  const clock = ui.game && ui.game.clock;
  if (!clock) return;
  const running = clock.paused ? null : clock.running;
  const since = (performance.now() - ui.clockAt) / 1000;
  for (const p of clock.players) {
    const cell = document.querySelector(`[data-clock="${p.name}"]`);
    if (!cell) continue;
    const left = p.left - (p.name === running ? since : 0);
    cell.textContent = (p.name === clock.running && clock.paused ? "⏸ " : "") + clockText(left);
    cell.classList.toggle("over", left < 0);
    cell.classList.toggle("running", p.name === running);
  }
}
setInterval(renderClocks, 250);

function renderPlayers() {
  const game = ui.game;
  const rows = game.players.map((p) => el("tr", { class: p.to_move && !game.ended ? "to-move" : "" },
    el("td", {}, (p.to_move && !game.ended ? "▶ " : "") + p.name,
       ...(robotLabel(p.name) ? [el("span", { class: "robot", "data-robot": p.name }, ` (${robotLabel(p.name)})`)] : [])),
    el("td", { class: "score" }, String(p.score)),
    el("td", { class: "held" }, p.rack !== null ? p.rack : `${p.tiles} tiles`),
    ...(game.clock ? [el("td", { class: "clock", "data-clock": p.name })] : [])));
  $("players").replaceChildren(el("table", {}, ...rows));
  renderClocks();
  const won = game.winners.join(" and ");
  const best = Math.max(...game.players.map((p) => p.score));
  const counts = game.unseen_counts;
  const letters = Object.entries(game.unseen).map(([face, n]) => el("span", { class: "unseen-tile" }, face === "?" ? "blank" : face,
    el("sub", {}, String(n))));
  const agreed = Object.entries(game.setup.schemes || {}).map(([lang, name]) => `${lang}=${name}`).join(" ");
  $("bag").replaceChildren(
    el("p", {}, game.ended ? `Game over: ${won} ${game.winners.length > 1 ? "win" : "wins"} with ${best}.` : `Bag: ${game.bag} tiles.`),
    el("p", { id: "unseen-head" }, `Unseen${game.unseen_for ? " by " + game.unseen_for : ""}: ${plural(counts.tiles, "tile")} — ` +
       `${plural(counts.vowels, "vowel")}, ${plural(counts.consonants, "consonant")}, ${plural(counts.blanks, "blank")}`),
    el("p", { id: "unseen" }, ...letters),
    ...(agreed ? [el("p", { id: "schemes" }, `Schemes agreed: ${agreed}`)] : []));
}

function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

function renderRack() {
  const box = $("my-rack");
  const me = view().kind === "seat" ? ui.game.players.find((p) => p.name === view().player) : null;
  if (!me || me.rack === null) { box.replaceChildren(); return; }
  const tiles = (me.rack.match(/\[[^\]]+\]|./g) || []).map((t) => el("span", { class: "rack-tile" }, t.replace(/[[\]]/g, "")));
  box.replaceChildren(el("span", { class: "rack-label" }, "Your rack"), ...tiles);
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
    const time = (m.notes || []).find((n) => n.startsWith("time: "));
    if (time) li.append(el("div", { class: "time" }, time.slice(6)));
    if (m.explanation) li.append(el("pre", {}, ...isolated(m.explanation)));
    return li;
  });
  $("moves").replaceChildren(...items.reverse());
}

function renderSheet() {
  const tables = Object.entries(ui.game.sheet).map(([player, rows]) => el("table", { class: "sheet", "data-sheet": player },
    el("caption", {}, player),
    el("tr", {}, el("th", {}, "#"), el("th", {}, "move"), el("th", {}, "score"), el("th", {}, "total")),
    ...rows.map((r, i) => el("tr", {}, el("td", {}, String(i + 1)), el("td", {}, r.move),
                               el("td", {}, `${r.delta >= 0 ? "+" : ""}${r.delta}`), el("td", {}, String(r.total))))));
  $("sheet").replaceChildren(...tables);
}

// ------------------------------------------------------------------ entering a play on the board

function occupied(r, c) { return ui.game.board.some((t) => t.row === r && t.col === c); }
function inside(r, c) { return r >= 0 && c >= 0 && r < ui.game.ruleset.rows && c < ui.game.ruleset.cols; }

function clickSquare(r, c) {
  if (isBoard()) return;
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
  ui.shown = [];
  renderBoard();
  setNotation(tentativeNotation());
}

// ------------------------------------------------------------------ live preview (a play typed in notation or
// picked from the hints is drawn on the board as tentative tiles)

function schedulePreview() {
  clearTimeout(ui.previewTimer);
  ui.previewTimer = setTimeout(preview, 200);
}

async function preview() {
  const text = $("notation").value.trim();
  const box = $("preview");
  if (!text) { box.replaceChildren(); if (ui.shown.length) { ui.shown = []; renderBoard(); } return; }
  const seq = ++ui.previewSeq;
  try {
    const result = await api(`/api/games/${encodeURIComponent(ui.name)}/preview`,
                             { play: text, rack: $("rack").value || null });
    if (seq !== ui.previewSeq) return;
    renderPreview(result);
    if (!ui.tentative.size) { ui.shown = result.tiles; renderBoard(); }
  } catch (error) {
    if (seq !== ui.previewSeq) return;
    box.replaceChildren(el("span", { class: "invalid" }, error.message));
  }
}

function renderPreview(result) {
  const box = $("preview");
  const words = result.words.map((w) => {
    const mark = w.valid === true ? ["valid", "✓ word"] : w.valid === false ? ["invalid", "✗ not a word"] :
                 ui.game.show_validity ? ["unknown", "? no pack"] : ["unknown", ""];
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
    if (mark[1]) row.append(el("span", { class: mark[0] }, mark[1]));
    row.append(el("span", {}, ` ${w.subtotal}`));
    return row;
  });
  const total = el("div", { class: "total" }, `Score: ${result.score}`);
  total.setAttribute("data-score", String(result.score));
  total.setAttribute("data-play", result.play);
  const problems = result.problems.map((p) => el("div", { class: "invalid" }, p));
  box.replaceChildren(total, ...words, ...problems);
}

// ------------------------------------------------------------------ moves: one request at a time; every button
// is disabled while it is in flight; a refusal because the game moved on shows what changed.

async function send(path, body, done) {
  if (ui.busy) return;
  ui.busy = true;
  renderControls();
  const before = ui.game;  // what this page saw when the button was pressed (a live update may come first)
  try {
    const game = await api(`/api/games/${encodeURIComponent(ui.name)}/${path}`, body);
    ui.busy = false;
    if (ui.game && game.written < ui.game.written) renderControls();  // a newer game came live meanwhile
    else show(game);
    status(done || changes(before, game) || "done");
  } catch (error) {
    ui.busy = false;
    if (error.status === 409 && error.game) {
      const typed = $("notation").value.trim();
      show(error.game, true);
      status(`Not made: the game moved on — ${changes(before, error.game) || "it changed"}` +
             (typed ? `; your play ${typed} is kept: check it and play again` : ""), true);
    } else {
      status(error.message, true);
      renderControls();
    }
  }
}

function move(body) {
  return send("move", Object.assign({ version: ui.game.version }, body));
}

function panel(...children) { $("extra").replaceChildren(...children); }

// A confirmation under the buttons (nothing above it moves): the action is made by its own button.
function confirmPanel(question, label, id, action, ...fields) {
  panel(el("div", { class: "confirm" }, el("span", {}, question), ...fields,
           el("button", { id, type: "button", class: "danger", onclick: () => { action(); panel(); } }, label),
           el("button", { type: "button", onclick: () => panel() }, "Cancel")));
}

function exchangePanel() {
  const input = el("input", { id: "exchange-tiles", placeholder: ui.game.setup.deal === "seed" ? "tiles, e.g. QV?" : "tiles or how many" });
  confirmPanel(`Exchange for ${mine()}: `, "Exchange", "exchange-ok",
               () => move({ action: "exchange", tiles: input.value, rack: $("rack").value || null }), input);
  input.focus();
}

function challengePanel() {
  const game = ui.game;
  const last = [...game.moves].reverse().find((m) => m.kind === "play");
  const fields = [];
  let by = null;
  if (isDirector()) {
    by = el("select", { id: "challenger" }, ...game.players.filter((p) => p.name !== last.player)
                  .map((p) => el("option", { value: p.name }, p.name)));
    by.value = game.to_move;
    fields.push(el("label", {}, " by ", by));
    for (const w of (last.words || []).filter((x) => x.valid === null)) {
      fields.push(el("label", {}, `${w.board} (${w.lang}): the director rules `,
        el("select", { "data-ruling": w.board }, el("option", { value: "" }, "—"), el("option", { value: "good" }, "good"),
           el("option", { value: "phony" }, "phony"))));
    }
  }
  confirmPanel(`Challenge ${last.player}'s ${last.move}?`, "Challenge", "challenge-ok", () => {
    const rulings = {};
    for (const s of document.querySelectorAll("[data-ruling]")) if (s.value) rulings[s.dataset.ruling] = s.value === "good";
    move({ action: "challenge", by: by ? by.value : null, rulings });
  }, ...fields);
}

function endPanel() {
  const game = ui.game;
  const inputs = game.setup.deal === "seed" ? [] : game.players.filter((p) => p.tiles > 0).map((p) =>
    el("label", {}, `${p.name}'s tiles left `, el("input", { "data-rack": p.name, autocapitalize: "characters" })));
  const force = el("input", { type: "checkbox", id: "end-force" });
  force.checked = !game.can_end;
  confirmPanel("End the game?", "End game", "end-ok", () => {
    const racks = {};
    for (const i of document.querySelectorAll("[data-rack]")) racks[i.dataset.rack] = i.value;
    move({ action: "end", racks, force: force.checked });
  }, ...inputs, el("label", {}, force, " although nobody went out"));
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
  confirmPanel("Time penalty: ", "Record", "penalty-ok",
               () => move({ action: "penalty", player: who.value, points: points.value }), who, " loses ", points, " points");
}

function adjustPanel() {
  const who = el("select", { id: "adjust-player" }, ...ui.game.players.map((p) => el("option", { value: p.name }, p.name)));
  const minutes = el("input", { id: "adjust-minutes", inputmode: "numeric", value: "1", size: "4" });
  confirmPanel("Add to ", "Adjust", "adjust-ok", () => send("clock", { action: "adjust", player: who.value,
               seconds: String(Math.round(Number(minutes.value) * 60)) }, `${who.value}'s clock adjusted by ${minutes.value} min`),
               who, "'s time used ", minutes, " minutes (negative gives time back)");
}

async function linksPanel() {
  try {
    const found = await api(`/api/games/${encodeURIComponent(ui.name)}/links`);
    panel(el("div", { id: "links" }, ...found.links.map((l) => {
      if (l.robot) {  // a robot's seat has no link: it moves by itself
        return el("figure", { "data-view": l.view, class: "robot-seat" }, el("figcaption", {}, el("b", {}, l.view),
                  ` (${l.robot === "greedy" ? "robot, greedy" : "robot, level " + l.robot}): moves by itself, no link`));
      }
      const code = el("div", { class: "qr" });
      code.innerHTML = l.qr;  // an SVG made by the server (segno) from the link: no text of a user's
      return el("figure", { "data-view": l.view }, code, el("figcaption", {}, el("b", {}, l.view), " ",
                el("a", { href: l.url, target: "_blank", rel: "noreferrer" }, "link")));
    })));
  } catch (error) { status(error.message, true); }
}

async function download() {
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(ui.name)}/file`, { headers: { "X-Lexc-Key": key } });
    if (!response.ok) throw new Error((await response.json()).error);
    const url = URL.createObjectURL(await response.blob());
    el("a", { href: url, download: `${ui.name}.gcg` }).click();
    URL.revokeObjectURL(url);
  } catch (error) { status(error.message, true); }
}

// ------------------------------------------------------------------ wiring

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (!ui.game || isBoard() || (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
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
  const part = text.trim().split(/\s+/)[2];
  ui.overrides = {};
  if (!part || !part.startsWith("@") || !ui.game.lang) return;
  const [first, ...rest] = part.slice(1).split(",");
  if (first && pickable().some((l) => l.code === first)) $("play-lang").value = first;
  for (const item of rest) {
    const [square, lang] = item.split("=");
    if (square && lang) ui.overrides[square] = lang;
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
  if (!$("play-btn").disabled) move({ action: "play", play: $("notation").value, rack: $("rack").value || null });
});
$("clear-btn").addEventListener("click", () => { ui.tentative.clear(); ui.shown = []; ui.overrides = {}; setNotation(""); renderBoard(); });
$("pass-btn").addEventListener("click", () => confirmPanel(`Pass ${mine()}'s turn?`, "Pass", "pass-ok",
  () => move({ action: "pass", rack: $("rack").value || null })));
$("exchange-btn").addEventListener("click", exchangePanel);
$("challenge-btn").addEventListener("click", challengePanel);
$("undo-btn").addEventListener("click", () => {
  const last = ui.game.moves[ui.game.moves.length - 1];
  confirmPanel(`Take back ${last.player}'s ${last.move}?`, "Undo", "undo-ok", () => move({ action: "undo" }));
});
$("end-btn").addEventListener("click", endPanel);
$("penalty-btn").addEventListener("click", penaltyPanel);
$("pause-btn").addEventListener("click", () => send("clock", { action: ui.game.clock.paused ? "resume" : "pause" },
  ui.game.clock.paused ? "clock resumed" : "clock paused"));
$("adjust-btn").addEventListener("click", adjustPanel);
$("links-btn").addEventListener("click", linksPanel);
$("hint-btn").addEventListener("click", hintPanel);
$("robot-btn").addEventListener("click", () => send("robot", {}, `${ui.game.thinking} (robot) moves`));
$("download-btn").addEventListener("click", download);
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

// Another link pasted into this tab (another seat, the board): the page starts again as that view.
window.addEventListener("hashchange", () => {
  const next = new URLSearchParams(location.hash.slice(1));
  if (next.get("key") !== key || (next.get("game") || null) !== (ui.name || null)) location.reload();
});

(async () => {
  if (!key) { $("landing").hidden = false; return; }
  try {
    await loadList(ui.name).catch((error) => { if (error.status !== 403) throw error; });
    if (ui.name) await openGame(ui.name);
    else if (!ui.meta) $("landing").hidden = false;
    else {
      $("who").textContent = "director";
      status("Choose a game above, or start one with New game; then press Links to hand out the seats' links.");
    }
  } catch (error) { status(error.message, true); }
})();
