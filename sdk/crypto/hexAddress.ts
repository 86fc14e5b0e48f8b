// 0x addresses, as Ethereum tools write them. An all-lower or all-upper address carries no
// checksum; a mixed-case one is an EIP-55 checksum and must match, which catches typos.
import { hex as hexCodec } from "@scure/base";
import { keccak256 } from "./hashes.js";
import { AddressError } from "./errors.js";
import { ADDRESS_LENGTH } from "./prefixes.js";

const HEX_DIGITS = ADDRESS_LENGTH * 2;

/** Parses `0x` + 40 hex characters into 20 bytes. Throws AddressError saying what is wrong. */
export function parseHexAddress(address: string): Uint8Array {
  if (address.length === 0) throw new AddressError("empty address: expected 0x followed by 40 hex characters");
  const quoted = JSON.stringify(address);
  if (!address.startsWith("0x")) throw new AddressError(`invalid 0x address ${quoted}: must start with "0x"`);
  const hex = address.slice(2);
  if (hex.length !== HEX_DIGITS) throw new AddressError(`invalid 0x address ${quoted}: expected ${HEX_DIGITS} hex characters after 0x, got ${hex.length}`);
  const bad = /[^0-9a-fA-F]/.exec(hex);
  if (bad) throw new AddressError(`invalid 0x address ${quoted}: "${bad[0]}" is not a hex character`);
  const hasLower = /[a-f]/.test(hex);
  const hasUpper = /[A-F]/.test(hex);
  if (hasLower && hasUpper && checksumHex(hex.toLowerCase()) !== hex) {
    throw new AddressError(
      `invalid 0x address ${quoted}: mixed-case address fails its EIP-55 checksum (a character is mistyped; an all-lowercase address skips the check)`,
    );
  }
  return hexCodec.decode(hex.toLowerCase());
}

/** Formats 20 bytes as a 0x address with the EIP-55 mixed-case checksum. */
export function formatHexAddress(address: Uint8Array): string {
  if (address.length !== ADDRESS_LENGTH) throw new AddressError(`invalid address length: expected ${ADDRESS_LENGTH} bytes, got ${address.length}`);
  return "0x" + checksumHex(hexCodec.encode(address));
}

// EIP-55: upper-case the i-th hex letter when the i-th nibble of keccak256(lowercase hex) is >= 8.
function checksumHex(lowerHex: string): string {
  const hash = keccak256(new TextEncoder().encode(lowerHex));
  let out = "";
  for (let i = 0; i < lowerHex.length; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? lowerHex[i]!.toUpperCase() : lowerHex[i]!;
  }
  return out;
}
