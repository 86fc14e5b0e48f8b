// Bech32 (BIP-173) addresses. Decoding checks each way an address can be wrong on its own, in the
// order a person would look for it, so the message names the actual mistake instead of a generic
// "invalid address".
import { bech32 } from "@scure/base";
import { AddressError } from "./errors.js";
import { ADDRESS_LENGTH, BECH32_PREFIX_ACCOUNT } from "./prefixes.js";

// BIP-173 limit; the longest address this chain makes (unitvaloper + 32 bytes) is 70 characters.
const MAX_BECH32_LENGTH = 90;
const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const CHECKSUM_LENGTH = 6;

export interface Bech32DecodeOptions {
  /** The prefix the address must carry; default `unit`. */
  prefix?: string;
  /** The payload length in bytes; default 20 (accounts, validators, consensus addresses). */
  length?: number;
}

/** Encodes bytes under a prefix: `encodeBech32("unit", addr20)` is `unit1...`. */
export function encodeBech32(prefix: string, bytes: Uint8Array): string {
  return bech32.encode(prefix, bech32.toWords(bytes), MAX_BECH32_LENGTH);
}

/**
 * Decodes a bech32 address of any prefix into its prefix and payload, checking the format and
 * checksum only. Throws AddressError saying what is wrong.
 */
export function splitBech32(address: string): { prefix: string; bytes: Uint8Array } {
  if (address.length === 0) throw new AddressError(`empty address: expected a bech32 address such as "${BECH32_PREFIX_ACCOUNT}1..."`);
  const quoted = JSON.stringify(address);
  if (address.length > MAX_BECH32_LENGTH) throw new AddressError(`invalid bech32 address ${quoted}: longer than ${MAX_BECH32_LENGTH} characters`);
  if (!/^[\x21-\x7e]+$/.test(address)) throw new AddressError(`invalid bech32 address ${quoted}: contains spaces or characters outside printable ASCII`);
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    throw new AddressError(`invalid bech32 address ${quoted}: mixes upper and lower case (bech32 is all one case)`);
  }
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf("1");
  if (separator === -1) throw new AddressError(`invalid bech32 address ${quoted}: missing the "1" separator after the prefix`);
  if (separator === 0) throw new AddressError(`invalid bech32 address ${quoted}: missing the prefix before "1"`);
  const data = lower.slice(separator + 1);
  for (const c of data) {
    if (!CHARSET.includes(c))
      throw new AddressError(
        `invalid bech32 address ${quoted}: character "${c}" is not in the bech32 alphabet (which has no b, i, o or 1 after the separator)`,
      );
  }
  if (data.length < CHECKSUM_LENGTH) throw new AddressError(`invalid bech32 address ${quoted}: too short to hold its 6-character checksum`);
  const decoded = bech32.decodeUnsafe(lower, MAX_BECH32_LENGTH);
  if (!decoded) throw new AddressError(`invalid bech32 address ${quoted}: bad checksum (a character is mistyped, or the address is truncated)`);
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  if (!bytes) throw new AddressError(`invalid bech32 address ${quoted}: its data has non-zero padding bits`);
  return { prefix: decoded.prefix, bytes };
}

/**
 * Decodes a bech32 address that must carry `prefix` (default `unit`) and hold `length` bytes
 * (default 20). Throws AddressError, e.g. "wrong address prefix: expected unit, got cosmos".
 */
export function decodeBech32(address: string, options: Bech32DecodeOptions = {}): Uint8Array {
  const expectedPrefix = options.prefix ?? BECH32_PREFIX_ACCOUNT;
  const expectedLength = options.length ?? ADDRESS_LENGTH;
  const { prefix, bytes } = splitBech32(address);
  if (prefix !== expectedPrefix) throw new AddressError(`wrong address prefix: expected ${expectedPrefix}, got ${prefix}`);
  if (bytes.length !== expectedLength) {
    throw new AddressError(`invalid address length: expected ${expectedLength} bytes, got ${bytes.length} (in ${JSON.stringify(address)})`);
  }
  return bytes;
}
