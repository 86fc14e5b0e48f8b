// Where the project keeps its own tools and, by default, the node's data.
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { fileURLToPath } from "node:url";

/** Repository root, whether running from sources (tsx) or from dist/. */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The nearest directory holding package.json: this file may run from sources, dist/ or a bundle under dist/. */
function findRepoRoot(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, "package.json"))) return at;
    if (path.dirname(at) === at) throw new Error(`no package.json above ${dir}`);
  }
}

/** Project-local, git-ignored directory for the pinned binaries. */
export const PROJECT_BIN_DIR = path.join(REPO_ROOT, ".bin");

/** Default node home: $UNITD_HOME, else ~/.unitd. */
export function defaultHome(): string {
  return process.env.UNITD_HOME || path.join(os.homedir(), ".unitd");
}
