// The sender of a tx, named as a keyring key ("alice") or by its address (unit1... / 0x...), as
// the SDK's --from accepts both. The private key is read only after the name is resolved.
import { parseAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { openKeyring, parseKeyringBackend, DEFAULT_KEYRING_BACKEND, type Keyring, type KeyringOptions, type KeyRecord } from "../../../sdk/keyring/index.js";
import { UsageError } from "./cliArgs.js";

export interface ResolveKeyOptions {
  home: string;
  backend: string | undefined;
  /** Asks for the file keyring's passphrase. */
  passphrase?: KeyringOptions["passphrase"];
}

/** The key named by `from`, without touching its private part (no passphrase asked yet). */
export async function resolveKey(from: string, options: ResolveKeyOptions): Promise<{ keyring: Keyring; record: KeyRecord }> {
  const backend = parseKeyringBackend(options.backend ?? DEFAULT_KEYRING_BACKEND);
  const keyring = openKeyring({ home: options.home, backend, ...(options.passphrase ? { passphrase: options.passphrase } : {}) });
  let record: KeyRecord;
  if (looksLikeAddress(from)) {
    const found = await keyring.findByAddress(parseAccountAddress(from));
    if (!found) throw new UsageError(`no key in the ${backend} keyring at ${keyring.dir} has address ${from} (see: unitd keys list)`);
    record = found;
  } else {
    record = await keyring.get(from);
  }
  return { keyring, record };
}

function looksLikeAddress(text: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(text) || /^unit1[0-9a-z]{38,}$/i.test(text);
}
