// File-system helpers for key material: directories only the owner can enter, files only the
// owner can read, and writes that never leave a half-written key file behind.
import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";

export async function ensurePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is filtered by the umask and ignored for an existing directory.
  await fs.chmod(dir, 0o700);
}

/** Writes via a temporary file and rename, so readers see the old file or the new one. */
export async function writePrivateFileAtomic(file: string, contents: string): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await fs.writeFile(tmp, contents, { mode: 0o600, flag: "wx" });
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** File contents, or undefined when the file does not exist. */
export async function readFileIfExists(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}
