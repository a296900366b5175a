// A `conway serve` of this checkout and a headless Chromium (Debian's) driven by
// playwright-core, for each test file.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import path from "node:path";
import fs from "node:fs";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The conway binary: $CONWAY_BIN, else the debug build `cargo test` made. */
export const binary = process.env.CONWAY_BIN || path.join(root, "target/debug/conway");

/** Starts `conway serve` on a free port and resolves to its process and address. */
export async function startServer(args = []) {
  if (!fs.existsSync(binary)) {
    throw new Error(`no conway binary at ${binary}: run cargo build -p conway-cli first, or set CONWAY_BIN`);
  }
  const server = spawn(binary, ["serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: server.stdout });
    lines.once("line", resolve);
    server.once("exit", (code) => reject(new Error(`conway serve exited with ${code}`)));
  });
  const address = line.match(/http:\/\/[^/\s]+\//)?.[0];
  if (!address) throw new Error(`no address in ${line}`);
  return { server, address };
}

/** Debian's Chromium, headless, with nothing that reaches out to the network (Playwright
 * gives it a fresh profile of its own). */
export async function startBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}

/** A server, a browser and a page for one test file; `stop()` ends them all. */
export async function open(args = []) {
  const { server, address } = await startServer(args);
  const browser = await startBrowser();
  const page = await browser.newPage();
  const failures = [];
  page.on("pageerror", (error) => failures.push(error.message));
  page.on("console", (message) => { if (message.type() === "error") failures.push(message.text()); });
  return {
    page,
    address,
    server,
    /** Script errors the page has had (a test may expect failed requests' console lines). */
    failures,
    async stop() {
      await browser.close();
      server.kill();
    },
  };
}
