// Arguments of `unitd query evm`: storage slots and Ethereum tx hashes, checked before anything is
// sent so a typo gets a reason instead of a node error.
import { UsageError } from "./cliArgs.js";

const MAX_SLOT = (1n << 256n) - 1n;

/**
 * A storage slot as `0x` + 1..64 hex digits or a decimal integer below 2^256, returned as `0x` +
 * 64 lowercase hex digits (the 32-byte word the query and eth_getStorageAt use).
 */
export function storageSlotArg(text: string): string {
  let slot: bigint | undefined;
  if (/^0x[0-9a-fA-F]{1,64}$/.test(text)) slot = BigInt(text);
  else if (/^[0-9]{1,78}$/.test(text)) slot = BigInt(text);
  if (slot === undefined || slot > MAX_SLOT) {
    throw new UsageError(`invalid storage slot "${text}": expected 0x followed by at most 64 hex digits, or a decimal integer below 2^256`);
  }
  return "0x" + slot.toString(16).padStart(64, "0");
}

/** An Ethereum tx hash: 64 hex digits, `0x` optional, either case; returned as lowercase `0x...`. */
export function ethTxHashArg(text: string): string {
  const digits = text.replace(/^0x/i, "");
  if (!/^[0-9a-fA-F]{64}$/.test(digits)) {
    throw new UsageError(`invalid tx hash "${text}": expected 0x followed by 64 hex digits (the hash eth_sendRawTransaction returned)`);
  }
  return "0x" + digits.toLowerCase();
}
