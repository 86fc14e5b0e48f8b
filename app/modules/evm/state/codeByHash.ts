// Contract code as the store keeps it, by its hash: the same token's code is read for every
// transfer and every eth_call, and code is content-addressed, so the bytes for a hash never change
// whatever the state (an account naming the hash implies those bytes were stored). One shared
// Uint8Array per hash also lets the interpreter's analysis of the code be reused by identity
// (tx/jumpAnalysisCache.ts). The VM only reads code; nothing may write into what this returns.
//
// Skipping the store read is safe because the EVM's store reads are not gas-metered (the VM
// charges EVM gas itself), so a hit or a miss changes no tx's result.
import { Memo } from "../../../../common/memo.js";

const MAX_ENTRIES = 4_096;
/** About 2,700 contracts of the 24 KiB maximum size (EIP-170). */
const MAX_BYTES = 64 * 1024 * 1024;

const codes = new Memo<string, Uint8Array>(MAX_ENTRIES, { max: MAX_BYTES, of: (code, hashHex) => code.length + hashHex.length * 2 });

/** The code stored under `hashHex`, read with `load` (a private copy is kept) the first time. */
export function codeByHash(hashHex: string, load: () => Uint8Array | undefined): Uint8Array | undefined {
  const known = codes.get(hashHex);
  if (known !== undefined) return known;
  const loaded = load();
  if (loaded === undefined) return undefined;
  const code = Uint8Array.from(loaded);
  codes.set(hashHex, code);
  return code;
}
