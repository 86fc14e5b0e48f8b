// Where the project keeps its own tools and, by default, the node's data.
import path from "node:path";
import os from "node:os";
import { fileURLToPath } from "node:url";

/** Repository root, whether running from sources (tsx) or from dist/. */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(dir: string): string {
  // common/node/ sits two levels under the root in sources; under dist/ one level deeper.
  const up = path.resolve(dir, "..", "..");
  return path.basename(up) === "dist" ? path.resolve(up, "..") : up;
}

/** Project-local, git-ignored directory for the pinned binaries. */
export const PROJECT_BIN_DIR = path.join(REPO_ROOT, ".bin");

/** Default node home: $UNITD_HOME, else ~/.unitd. */
export function defaultHome(): string {
  return process.env.UNITD_HOME || path.join(os.homedir(), ".unitd");
}
