// Where `unitd keys` gets passphrases: the file keyring's (env UNITD_KEYRING_PASSPHRASE, else the
// terminal or the next stdin line, plus a confirmation when the keyring is new, as the Cosmos SDK
// asks), and the one protecting an export.
import type { PassphraseRequest } from "../../../sdk/keyring/index.js";
import type { TerminalInput } from "./terminalInput.js";
import { UsageError } from "./errors.js";

export const PASSPHRASE_ENV = "UNITD_KEYRING_PASSPHRASE";

export function keyringPassphraseFrom(input: TerminalInput): (request: PassphraseRequest) => Promise<string> {
  return async ({ purpose }) => {
    const fromEnv = process.env[PASSPHRASE_ENV];
    if (fromEnv) return fromEnv;
    const missing = `the file keyring needs its passphrase: type it, pipe it on stdin${purpose === "create" ? " (twice: a new keyring's passphrase is confirmed)" : ""}, or set ${PASSPHRASE_ENV}`;
    if (purpose === "unlock") return required(await input.secret("Enter keyring passphrase: "), missing);
    const first = required(await input.secret("Enter keyring passphrase (at least 8 characters): "), missing);
    const again = required(await input.secret("Re-enter keyring passphrase: "), missing);
    if (first !== again) throw new UsageError("the two keyring passphrases do not match");
    return first;
  };
}

/** The passphrase that encrypts an export (a terminal asks twice; a pipe gives one line). */
export async function newExportPassphrase(input: TerminalInput): Promise<string> {
  const missing = "keys export needs a passphrase to encrypt the exported key: type it or pipe it on stdin";
  const first = required(await input.secret("Enter passphrase to encrypt the exported key: "), missing);
  if (input.interactive) {
    const again = required(await input.secret("Re-enter passphrase: "), missing);
    if (first !== again) throw new UsageError("the two passphrases do not match");
  }
  return first;
}

export async function importPassphrase(input: TerminalInput): Promise<string> {
  return required(
    await input.secret("Enter passphrase to decrypt the exported key: "),
    "keys import needs the passphrase of the exported key: type it or pipe it on stdin",
  );
}

function required(answer: string | undefined, message: string): string {
  if (answer === undefined) throw new UsageError(message);
  return answer;
}
