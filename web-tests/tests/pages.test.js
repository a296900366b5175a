// Positions, sequences and graphs.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { open } from "./harness.js";

let session;
before(async () => { session = await open(); });
after(async () => { await session?.stop(); });

test("a Domineering position: its value, and every move with the value it leads to", async () => {
  const { page, address } = session;
  await page.goto(`${address}#positions`);
  await page.locator("#ruleset option[value=domineering]").waitFor({ state: "attached" });
  await page.selectOption("#ruleset", "domineering");
  await page.fill("#position", "..|..|..");
  await page.click("#position-form button[type=submit]");
  await page.locator("#position-summary").waitFor();
  assert.equal(await page.locator('#position-summary td[data-fact="value"]').textContent(), "{1/2|-2}");
  const left = page.locator('table.moves-table[data-player="left"] tbody tr');
  const right = page.locator('table.moves-table[data-player="right"] tbody tr');
  assert.equal(await left.count(), 4);
  assert.equal(await right.count(), 3);
  // Right's moves: the middle row wins (to -2), the others lose (to +-1), and say so in words.
  const rows = await right.evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(rows.map((r) => [r[3], r[5]]), [["+-1", "loses"], ["-2", "wins"], ["+-1", "loses"]]);
  assert.equal(await page.locator('table.moves-table[data-player="right"] tr.wins').count(), 1);
  // Clicking a square of the editor blocks it, and the position follows.
  await page.click('#position-board button[data-row="1"][data-col="1"]');
  assert.equal(await page.inputValue("#position"), "#.|..|..");
});

test("a bad position is shown with its column", async () => {
  const { page, address } = session;
  await page.goto(`${address}#positions`);
  await page.locator("#ruleset option[value=domineering]").waitFor({ state: "attached" });
  await page.selectOption("#ruleset", "domineering");
  await page.fill("#position", "..|.x");
  await page.click("#position-form button[type=submit]");
  const error = page.locator("#position-error");
  await error.filter({ hasText: "column 5" }).waitFor();
  const lines = (await error.textContent()).split("\n");
  assert.match(lines[0], /'x' is not a square/);
  assert.equal(lines[2].indexOf("^"), 2 + 4);
});

test("a long sequence shows its progress and stops when cancelled; a short one its period", async () => {
  const { page, address } = session;
  await page.goto(`${address}#sequences`);
  await page.fill("#seq-game", "grundy");
  await page.fill("#seq-to", "100000000");
  await page.click("#seq-form button[type=submit]");
  await page.locator("#seq-progress", { hasText: "positions listed" }).waitFor({ timeout: 60000 });
  assert.ok(await page.locator("#seq-progress progress").getAttribute("value") > 0);
  await page.click("#seq-cancel");
  await page.locator("#seq-progress", { hasText: "Cancelled" }).waitFor();
  assert.equal(await page.locator("#seq-cancel").isDisabled(), true);
  // Kayles: period 12 from heap 71, proved (Guy and Smith).
  await page.fill("#seq-game", "kayles");
  await page.fill("#seq-to", "300");
  await page.click("#seq-form button[type=submit]");
  await page.locator("#seq-summary").waitFor();
  assert.equal(await page.locator('#seq-summary td[data-fact="period"]').textContent(), "12 (from heap 71), proved");
  assert.match(await page.locator("#seq-values").textContent(), /^0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 /);
  const preperiod = page.locator("svg.plot line.preperiod");
  assert.equal(await preperiod.count(), 1);
  assert.ok(await page.locator("svg.plot line.period").count() > 10);
});

test("a pasted graph: each vertex's outcome, depth and γ, and the kernel", async () => {
  const { page, address } = session;
  await page.goto(`${address}#graphs`);
  await page.fill("#graph-text", "a -> b c\nb -> a d\nc -> d\nd ->\nx -> y\ny -> x");
  await page.click("#graph-form button[type=submit]");
  await page.locator("#graph-table").waitFor();
  const rows = await page.locator("#graph-table tbody tr").evaluateAll((trs) =>
    Object.fromEntries(trs.map((tr) => [tr.cells[0].textContent, [...tr.cells].slice(1, 4).map((td) => td.textContent)])));
  assert.deepEqual(rows.d, ["P", "0", "0"]);
  assert.deepEqual(rows.c, ["N", "1", "1"]);
  assert.deepEqual(rows.b[0], "N");
  assert.deepEqual(rows.a[0], "P");
  // x and y move to each other for ever: draws, with γ infinite.
  assert.deepEqual(rows.x[0], "D");
  assert.match(await page.locator("#graph-kernel").textContent(), /Kernel/);
});

test("a heap game's position is edited heap by heap", async () => {
  const { page, address } = session;
  await page.goto(`${address}#positions`);
  await page.locator("#ruleset option[value=nim]").waitFor({ state: "attached" });
  await page.selectOption("#ruleset", "nim");
  assert.equal(await page.inputValue("#position"), "13 42 30 43");
  await page.fill('#position-board input[aria-label="heap 2"]', "9");
  assert.equal(await page.inputValue("#position"), "13 9 30 43");
  await page.click('#position-board button[aria-label="remove heap 4"]');
  await page.click("#position-board button:text('Add a heap')");
  assert.equal(await page.inputValue("#position"), "13 9 30 1");
  await page.click("#position-form button[type=submit]");
  await page.locator("#position-summary").waitFor();
  // 13 ^ 9 ^ 30 ^ 1 = 27.
  assert.equal(await page.locator('#position-summary td[data-fact="value"]').textContent(), "*27");
});

test("a Hackenbush position is drawn, each edge with its colour's letter", async () => {
  const { page, address } = session;
  await page.goto(`${address}#positions`);
  await page.locator("#ruleset option[value=hackenbush]").waitFor({ state: "attached" });
  await page.selectOption("#ruleset", "hackenbush");
  await page.fill("#position", "BRB GG 0-1:B 1-2:R 2-0:G");
  await page.dispatchEvent("#position", "input");
  const picture = page.locator("#position-board svg.hackenbush");
  await picture.waitFor();
  // Three stalk edges, two more, and the triangle's three: eight edges, letters in order.
  assert.equal(await picture.locator("path.edge").count(), 8);
  assert.deepEqual(await picture.locator("text").allTextContents(), ["B", "R", "G", "B", "R", "B", "G", "G"]);
  assert.equal(await picture.locator("path.edge.R").count(), 2);
});
