// Idempotent install of the pinned CometBFT into the project-local bin directory with the Go
// toolchain on this machine (no downloaded prebuilt binaries).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMETBFT_MODULE, COMETBFT_VERSION } from "./version.js";
import { PROJECT_BIN_DIR } from "../common/node/paths.js";

export interface InstallOptions {
  binDir?: string;
  /** Called with progress lines (the Go build takes a few minutes the first time). */
  onProgress?: (line: string) => void;
}

/** The binary to run: $UNIT_COMETBFT_BIN when set, else the project-local install. */
export function cometbftBinaryPath(binDir = PROJECT_BIN_DIR): string {
  return process.env.UNIT_COMETBFT_BIN || path.join(binDir, "cometbft");
}

/** Version the binary reports, or undefined when it is missing or broken. */
export function installedVersion(binary: string): string | undefined {
  if (!fs.existsSync(binary)) return undefined;
  const res = spawnSync(binary, ["version"], { encoding: "utf8", timeout: 30_000 });
  return res.status === 0 ? res.stdout.trim() : undefined;
}

/** Ensures CometBFT v0.38.25 is installed; returns its path. Skips the build when already there. */
export function ensureCometbft(options: InstallOptions = {}): string {
  const binDir = options.binDir ?? PROJECT_BIN_DIR;
  const binary = cometbftBinaryPath(binDir);
  const found = installedVersion(binary);
  if (found === COMETBFT_VERSION) return binary;
  if (process.env.UNIT_COMETBFT_BIN) {
    throw new Error(`UNIT_COMETBFT_BIN=${binary} reports version ${found ?? "(none)"}, expected ${COMETBFT_VERSION}`);
  }
  const log = options.onProgress ?? (() => {});
  log(`installing CometBFT v${COMETBFT_VERSION} into ${binDir} with go install (first time only, takes a few minutes)`);
  fs.mkdirSync(binDir, { recursive: true });
  try {
    execFileSync("go", ["install", `${COMETBFT_MODULE}@v${COMETBFT_VERSION}`], {
      env: { ...process.env, GOBIN: binDir, GOTOOLCHAIN: "local" },
      stdio: ["ignore", "inherit", "inherit"],
    });
  } catch (err) {
    throw new Error(`go install of CometBFT v${COMETBFT_VERSION} failed (is Go installed and the module proxy reachable?): ${(err as Error).message}`);
  }
  const after = installedVersion(binary);
  if (after !== COMETBFT_VERSION) throw new Error(`installed CometBFT reports version ${after ?? "(none)"}, expected ${COMETBFT_VERSION}`);
  log(`CometBFT v${COMETBFT_VERSION} installed at ${binary}`);
  return binary;
}

/**
 * The pinned CometBFT's `abci-cli` (same module and version), whose `kvstore` command serves the
 * reference kvstore app over a socket, as our app is served: benchmarks compare like with like.
 */
export function ensureAbciCli(options: InstallOptions = {}): string {
  const binDir = options.binDir ?? PROJECT_BIN_DIR;
  const binary = path.join(binDir, "abci-cli");
  // abci-cli reports the ABCI version, so the module version comes from the build info.
  const res = fs.existsSync(binary) ? spawnSync("go", ["version", "-m", binary], { encoding: "utf8", timeout: 30_000 }) : undefined;
  if (res?.status === 0 && res.stdout.includes(`\tv${COMETBFT_VERSION}`)) return binary;
  options.onProgress?.(`installing abci-cli v${COMETBFT_VERSION} into ${binDir} with go install`);
  fs.mkdirSync(binDir, { recursive: true });
  execFileSync("go", ["install", `${COMETBFT_MODULE.replace(/\/cmd\/cometbft$/, "")}/abci/cmd/abci-cli@v${COMETBFT_VERSION}`], {
    env: { ...process.env, GOBIN: binDir, GOTOOLCHAIN: "local" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return binary;
}

// `node dist/cometbft/install.js` installs and prints the path. The name is checked too: bundled
// into another entry point, this module's URL is that entry's.
const thisFile = fileURLToPath(import.meta.url);
if (path.basename(thisFile) === "install.js" && process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  console.log(ensureCometbft({ onProgress: (l) => console.error(l) }));
}
