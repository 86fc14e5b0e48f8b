// Backend names and where each keeps its files, as the Cosmos SDK lays them out.
import path from "node:path";
import type { KeyringBackend } from "./types.js";
import { KeyringError } from "./errors.js";

export const KEYRING_BACKENDS: readonly KeyringBackend[] = ["test", "file"];

/** `test`: the devnet-friendly default of the CLI (no passphrase prompts). */
export const DEFAULT_KEYRING_BACKEND: KeyringBackend = "test";

export function parseKeyringBackend(value: string): KeyringBackend {
  if ((KEYRING_BACKENDS as readonly string[]).includes(value)) return value as KeyringBackend;
  throw new KeyringError(`unknown keyring backend "${value}": expected ${KEYRING_BACKENDS.join(" or ")}`);
}

/** <home>/keyring-test or <home>/keyring-file. */
export function keyringDir(home: string, backend: KeyringBackend): string {
  return path.join(home, `keyring-${backend}`);
}
