// The file keyring's passphrase for one session: asked once, checked against <dir>/keyhash (or,
// in a keyring that has none yet, chosen and recorded there), then kept in memory.
import path from "node:path";
import type { PassphraseRequest } from "./types.js";
import { PassphraseRequiredError, WrongPassphraseError } from "./errors.js";
import { createKeyHash, keyHashMatches, parseKeyHash } from "./keyhash.js";
import { checkNewPassphrase } from "./passphrasePolicy.js";
import { ensurePrivateDir, readFileIfExists, writePrivateFileAtomic } from "./secureFiles.js";

export const KEYHASH_FILE = "keyhash";

export function keyringPassphrase(dir: string, ask: ((request: PassphraseRequest) => Promise<string>) | undefined): () => Promise<string> {
  let verified: Promise<string> | undefined;
  return () => {
    // One pending promise shared by concurrent callers, dropped on failure so a retry asks again.
    verified ??= obtain().catch((err: unknown) => {
      verified = undefined;
      throw err;
    });
    return verified;
  };

  async function obtain(): Promise<string> {
    if (!ask) throw new PassphraseRequiredError("the file keyring backend needs a passphrase, and none was provided");
    const hashFile = path.join(dir, KEYHASH_FILE);
    const existing = await readFileIfExists(hashFile);
    if (existing === undefined) {
      const passphrase = await ask({ purpose: "create" });
      checkNewPassphrase(passphrase, "the keyring passphrase");
      await ensurePrivateDir(dir);
      await writePrivateFileAtomic(hashFile, JSON.stringify(await createKeyHash(passphrase), null, 2) + "\n");
      return passphrase;
    }
    let json: unknown;
    try {
      json = JSON.parse(existing);
    } catch {
      json = undefined;
    }
    const keyHash = parseKeyHash(json, hashFile);
    const passphrase = await ask({ purpose: "unlock" });
    if (!(await keyHashMatches(keyHash, passphrase))) throw new WrongPassphraseError("incorrect keyring passphrase");
    return passphrase;
  }
}
