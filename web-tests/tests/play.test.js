// Playing against perfect play: Nim to the end (and losing, as one must from a P-position),
// and Domineering by clicking the board's cells.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { open } from "./harness.js";

let session;
before(async () => { session = await open(); });
after(async () => { await session?.stop(); });

async function newGame(page, { game, position, side = "left", first = "you", hints = false }) {
  await page.goto(`${session.address}#play`);
  await page.fill("#play-game", game);
  await page.fill("#play-position", position);
  await page.selectOption("#play-side", side);
  await page.selectOption("#play-first", first);
  await page.setChecked("#play-hints", hints);
  await page.click("#play-form button[type=submit]");
}

/** Waits until it is the player's turn or the game is over; returns the status line. */
async function settled(page) {
  await page.waitForFunction(() => {
    const status = document.getElementById("play-status").textContent;
    return /your move|you win|engine wins/.test(status);
  });
  return page.locator("#play-status").textContent();
}

test("Nim from a P-position: every move loses against perfect play, to the end", async () => {
  const { page } = session;
  await newGame(page, { game: "nim", position: "1 2 3", hints: true });
  let status = await settled(page);
  let turns = 0;
  while (/your move/.test(status)) {
    // With hints on, every move is marked as losing.
    const results = await page.locator("#play-moves button").allTextContents();
    assert.ok(results.length > 0);
    for (const text of results) assert.match(text, /— loses/);
    const before = status;
    await page.locator("#play-moves button").first().click();
    await page.waitForFunction((old) => document.getElementById("play-status").textContent !== old, before);
    status = await settled(page);
    turns++;
    assert.ok(turns < 10, "Nim 1 2 3 ends within 6 moves");
  }
  assert.match(status, /You cannot move, and the player who cannot move loses: the engine wins\./);
  assert.doesNotMatch(status, /you win/);
  // The history holds every move, the value after each: the engine always leaves 0.
  const rows = await page.locator("#play-history tbody tr").all();
  assert.equal(rows.length % 2, 0, "the engine made the last move");
  for (const [i, row] of rows.entries()) {
    const cells = await row.locator("td").allTextContents();
    assert.equal(cells[1], i % 2 === 0 ? "you" : "engine");
    if (i % 2 === 1) assert.equal(cells[4], "0", "perfect play moves to a P-position");
  }
});

/** The cells (row, column from 1) where two Domineering positions differ. */
function changed(from, to) {
  const a = from.split("|"), b = to.split("|");
  const cells = [];
  a.forEach((row, r) => [...row].forEach((cell, c) => { if (cell !== b[r][c]) cells.push([r + 1, c + 1]); }));
  return cells;
}

test("Domineering played by clicking the board's cells", async () => {
  const { page } = session;
  await newGame(page, { game: "domineering", position: "...|...|...", side: "left" });
  let status = await settled(page);
  let moves = 0;
  while (/your move/.test(status)) {
    const position = status.split(":")[0];
    const to = await page.locator("#play-moves button").first().getAttribute("data-to");
    const cells = changed(position, to);
    assert.equal(cells.length, 2, "a domino covers two squares");
    // A domino is placed by clicking both of its squares.
    await page.click(`#play-board button[data-row="${cells[0][0]}"][data-col="${cells[0][1]}"]`);
    await page.locator("#play-status", { hasText: "click another cell" }).waitFor();
    await page.click(`#play-board button[data-row="${cells[1][0]}"][data-col="${cells[1][1]}"]`);
    await page.waitForFunction((old) => !document.getElementById("play-status").textContent.startsWith(`${old}:`), position);
    status = await settled(page);
    moves++;
    assert.ok(moves < 6, "a 3×3 board holds at most four dominoes");
  }
  const history = await page.locator("#play-history tbody tr td:nth-child(2)").allTextContents();
  assert.equal(history[0], "you (left)");
  assert.ok(history.length >= 2);
  // The verdict follows who could not move.
  const yourTurnLast = history.at(-1).startsWith("engine");
  assert.match(status, yourTurnLast ? /You cannot move.*the engine wins/ : /The engine cannot move.*you win!/);
  // The board shows the last position's dominoes as blocked squares.
  const last = await page.locator("#play-history tbody tr >> nth=-1 >> td >> nth=3").textContent();
  const blocked = [...last].filter((c) => c === "#").length;
  assert.equal(await page.locator('#play-board button[data-cell="#"]').count(), blocked);
});

test("Hex on a rhombus: one click places a stone, and a winning opening wins", async () => {
  const { page } = session;
  await newGame(page, { game: "hex", position: "..|.." });
  await settled(page);
  // The obtuse corner (row 1, column 2) wins 2×2 Hex for the first player (Exercise 5.5).
  const changed = (old) => page.waitForFunction(
    (text) => document.getElementById("play-status").textContent !== text, old);
  let status = await page.locator("#play-status").textContent();
  await page.click('#play-board button[data-row="1"][data-col="2"]');
  await changed(status);
  status = await settled(page);
  assert.match(status, /your move/);
  // Both bottom cells touch that corner; Black can block one at most, and the other joins.
  const empty = page.locator('#play-board button[data-row="2"][data-cell="."]');
  assert.ok((await empty.count()) >= 1);
  await empty.first().click();
  await changed(status);
  status = await settled(page);
  assert.match(status, /you win!/);
  const who = await page.locator("#play-history tbody tr td:nth-child(3)").allTextContents();
  assert.equal(who[0], "White on row 1, column 2");
});
