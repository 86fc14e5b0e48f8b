// Screenshots of the web explorer for docs/explorer/ and the README, taken in Debian's headless
// Chromium from a real node with activity in every module (the browser test's chain).
// Run by hand after `npm run build`:  node --import tsx scripts/explorer-screenshots.ts [out-dir]
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { REPO_ROOT } from "../common/node/paths.js";
import { CREDENTIAL_DOCUMENT, startChainWithActivity } from "../test/explorerActivity.js";
import { chromiumUnavailable, launchChromium } from "../test/explorerBrowser.js";

const out = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, "docs", "explorer"));
const unavailable = chromiumUnavailable();
if (unavailable) {
  console.error(unavailable);
  process.exit(1);
}

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

fs.mkdirSync(out, { recursive: true });
const chain = await startChainWithActivity();
const browser = await launchChromium(DESKTOP);
try {
  const f = chain.facts;
  const page = await browser.context.newPage();
  // Light scheme and no animation, so shots do not depend on the machine taking them.
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  const shoot = async (name: string, route: string, viewport = DESKTOP, before?: (p: Page) => Promise<void>) => {
    await page.setViewportSize(viewport);
    await page.goto(chain.explorerUrl + route);
    await page.waitForFunction((p) => document.body.dataset.rendered === p, route, { timeout: 15_000 });
    if (before) await before(page);
    const file = path.join(out, `${name}.png`);
    await page.screenshot({ path: file, fullPage: false });
    console.log(`${path.relative(REPO_ROOT, file)}  /explorer/${route}`);
  };
  await shoot("home-desktop", "");
  await shoot("home-phone", "", PHONE);
  await shoot("block", `block/${f.sendHeight}`);
  await shoot("tx", `tx/${f.sendHash}`);
  await shoot("tx-ethereum", `tx/${f.ethTxHash}`);
  await shoot("account", `account/${f.citizen}`);
  await shoot("identity", "identity", DESKTOP, async (p) => {
    await p.setInputFiles("#verify-file", { name: "passport.txt", mimeType: "text/plain", buffer: CREDENTIAL_DOCUMENT });
    await p.waitForSelector("#verify-digest", { timeout: 15_000 });
  });
  await shoot("election", `election/${f.electionId}`);
  await shoot("taxrail", "taxrail");
} finally {
  await browser.close();
  await chain.stop();
}

// The page callbacks above run in the browser, whose globals Node's types do not describe.
declare const document: { body: { dataset: Record<string, string | undefined> } };
