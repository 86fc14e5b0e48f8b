// Debian's Chromium driven by playwright-core, as the explorer's browser test and screenshot
// script use it: headless, no sandbox (CI runs as root), none of Chromium's own background
// traffic, a fresh profile each launch. In CI a missing Chromium is a failure, not a skip.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here, or undefined when they can. Throws in CI without Chromium. */
export function chromiumUnavailable(): string | undefined {
  if (fs.existsSync(CHROMIUM)) return undefined;
  const reason = `no Chromium at ${CHROMIUM}: install Debian's chromium (apt-get install -y --no-install-recommends chromium), as .ci/run does`;
  if (process.env.CI) throw new Error(`${reason}; in CI the explorer's browser tests must run`);
  return reason;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A persistent context on a throwaway profile: one Chromium process, closed with its profile. */
export async function launchChromium(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "unit-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
