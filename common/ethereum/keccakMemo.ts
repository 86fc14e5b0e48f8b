// Keccak-256 for the VM's Common (customCrypto.keccak256), remembering the hashes of short inputs.
// The short inputs a block hashes repeat: every log's address and topics go into its tx's logs
// bloom (a token's address and Transfer topic on every transfer, the same holders' addresses
// again and again), and the KECCAK256 opcode hashes a 64-byte key and slot for each mapping read
// (a holder's balance slot, once per transfer it sends or receives). Keccak costs 2-4 µs in
// JavaScript, a hit about half a microsecond. The result is a function of the input alone, so which
// entries are held changes nothing but the time.
import { keccak256 } from "../../sdk/crypto/hashes.js";
import { Memo } from "../memo.js";

/** Inputs up to this many bytes are remembered: addresses (20), topics and words (32), key + slot (64). */
export const KECCAK_MEMO_MAX_INPUT = 64;
/** Hashes remembered (each ~200 bytes with its key): a few MB at most. */
export const KECCAK_MEMO_ENTRIES = 16_384;

const hashes = new Memo<string, Uint8Array>(KECCAK_MEMO_ENTRIES);

/**
 * keccak256(input). Always a fresh array of its own, at offset 0 of its buffer: callers may keep
 * or change it, and the logs bloom reads the hash through `hash.buffer`.
 */
export function keccak256Memo(input: Uint8Array): Uint8Array {
  if (input.length > KECCAK_MEMO_MAX_INPUT) return keccak256(input);
  // latin1 maps each byte to one char: a distinct key per input, built in a fraction of a hash.
  const key = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString("latin1");
  let hash = hashes.get(key);
  if (hash === undefined) {
    hash = keccak256(input);
    hashes.set(key, hash);
  }
  return hash.slice();
}
