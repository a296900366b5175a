// The worksheet: expressions, let bindings, the thermograph and errors with their column.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { open } from "./harness.js";

let session;
before(async () => { session = await open(); });
after(async () => { await session?.stop(); });

async function evaluate(page, expression) {
  await page.fill("#expression", expression);
  await page.press("#expression", "Enter");
}

/** Evaluates `expression` and waits until its answer heads the history. */
async function evaluated(page, expression) {
  await evaluate(page, expression);
  await page.locator("#history li >> nth=0 >> .input").getByText(expression, { exact: true }).waitFor();
}

const latest = (page, fact) => page.locator(`#history li >> nth=0 >> dd[data-fact="${fact}"]`);

test("typing an expression shows its canonical form, outcome, stops, mean and temperature", async () => {
  const { page, address } = session;
  await page.goto(address);
  await evaluated(page, "{2|1/2}");
  assert.equal(await latest(page, "value").textContent(), "{2|1/2}");
  assert.match(await latest(page, "outcome").textContent(), /^L:/);
  assert.equal(await latest(page, "stops").textContent(), "2 (Left), 1/2 (Right)");
  assert.equal(await latest(page, "mean").textContent(), "5/4");
  assert.equal(await latest(page, "temperature").textContent(), "3/4");
  // A form that is not already canonical comes back simplified.
  await evaluated(page, "{0, * | 0, *}");
  assert.equal(await latest(page, "value").textContent(), "*2");
});

test("a let binding lasts for the session, and later lines use it", async () => {
  const { page, address } = session;
  await page.goto(address);
  await evaluate(page, "let g = {1|*}");
  await page.locator("#bindings code", { hasText: "let g = {1|*}" }).waitFor();
  await evaluated(page, "g + g");
  // {1|*} + {1|*} = 1 + ... : whatever the engine says, it is the same as typing it out.
  const viaName = await latest(page, "value").textContent();
  await evaluated(page, "{1|*} + {1|*}");
  assert.equal(await latest(page, "value").textContent(), viaName);
  // After a reload of the tab the binding is still known.
  await page.reload();
  await evaluated(page, "g");
  assert.equal(await latest(page, "value").textContent(), "{1|*}");
});

test("the thermograph of {2|1/2} is drawn with its two walls and its mast", async () => {
  const { page, address } = session;
  await page.goto(address);
  await evaluated(page, "{2|1/2}");
  await page.click("#history li >> nth=0 >> button:text('Thermograph')");
  const svg = page.locator("#history li >> nth=0 >> .thermograph svg");
  await svg.waitFor();
  // Left's wall: (t=-1, v=3) up to the mast at (3/4, 5/4): two points; Right's wall bends
  // once more, at (-1/2, 0): three points.
  const walls = await svg.locator("polyline").evaluateAll((lines) =>
    lines.map((line) => line.getAttribute("points").trim().split(/\s+/).length));
  assert.deepEqual(walls, [2, 3]);
  // The mast is dashed and stands where both walls end.
  const ends = await svg.evaluate((node) => {
    const last = (line) => line.getAttribute("points").trim().split(/\s+/).pop();
    const [left, right] = node.querySelectorAll("polyline");
    const mast = node.querySelector("line[stroke-dasharray]");
    return { left: last(left), right: last(right), mast: `${mast.getAttribute("x1")},${mast.getAttribute("y1")}` };
  });
  assert.equal(ends.left, ends.right);
  assert.equal(ends.mast, ends.left);
  assert.equal(await page.locator("#history li >> nth=0 >> td[data-wall=left]").textContent(), "(-1, 3) (3/4, 5/4)");
  assert.equal(await page.locator("#history li >> nth=0 >> td[data-wall=right]").textContent(), "(-1, 0) (-1/2, 0) (3/4, 5/4)");
});

test("an error is shown with a caret at its column", async () => {
  const { page, address } = session;
  await page.goto(address);
  await evaluate(page, "1 + + 2");
  const error = page.locator("#eval-error");
  await error.filter({ hasText: "column 5" }).waitFor();
  const text = await error.textContent();
  assert.match(text, /expected a value but found '\+'/);
  // The caret sits under the second `+`, the fifth character.
  const lines = text.split("\n");
  assert.equal(lines[1], "  1 + + 2");
  assert.equal(lines[2].indexOf("^"), 2 + 4);
  // Nothing was added to the history.
  assert.equal(await page.locator("#history li .input", { hasText: "1 + + 2" }).count(), 0);
});
