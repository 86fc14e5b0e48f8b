// Ethereum's JSON encodings. Quantities are 0x-hex without leading zeros ("0x0" for zero); data is
// 0x-hex with two digits per byte; addresses are 20 bytes, answered in lower case. Parsers check
// what a client sent and throw invalid-params errors that name the argument.
import { invalidParams } from "../rpc/errors.js";

const HEX_DIGITS = /^[0-9a-fA-F]*$/;

/** 0x-hex of a non-negative integer, no leading zeros. */
export function quantity(value: bigint | number): string {
  if (typeof value === "number" && (!Number.isSafeInteger(value) || value < 0)) throw new RangeError(`not a quantity: ${value}`);
  if (typeof value === "bigint" && value < 0n) throw new RangeError(`not a quantity: ${value}`);
  return `0x${value.toString(16)}`;
}

/** 0x-hex of bytes. */
export function data(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`;
}

/** A 20-byte address in lower case, or null for none (a contract creation's `to`). */
export function addressOrNull(bytes: Uint8Array | undefined): string | null {
  return bytes === undefined || bytes.length === 0 ? null : data(bytes);
}

/** `bytes` left-padded with zeros to `size` (a hash or word that may arrive trimmed). */
export function padLeft(bytes: Uint8Array, size: number): Uint8Array {
  if (bytes.length >= size) return bytes;
  const out = new Uint8Array(size);
  out.set(bytes, size - bytes.length);
  return out;
}

/** `"0x..."` parsed as an unsigned integer of at most `bits` bits (leading zeros tolerated). */
export function parseQuantity(value: unknown, what: string, bits = 256): bigint {
  if (typeof value !== "string") throw invalidParams(`${what}: expected a 0x-prefixed hex quantity, got ${describe(value)}`);
  if (!/^0[xX]/.test(value)) throw invalidParams(`${what}: hex string without 0x prefix: ${show(value)}`);
  const digits = value.slice(2);
  if (digits === "") throw invalidParams(`${what}: empty hex string`);
  if (!HEX_DIGITS.test(digits)) throw invalidParams(`${what}: invalid hex string ${show(value)}`);
  // Checked on the digits before BigInt sees them: a megabyte of hex must not become a number.
  const significant = digits.replace(/^0+/, "");
  const n = significant.length > Math.ceil(bits / 4) ? -1n : BigInt(`0x${significant || "0"}`);
  if (n < 0n || n >> BigInt(bits) !== 0n) throw invalidParams(`${what}: hex number larger than ${bits} bits`);
  return n;
}

/** A quantity that must fit a 64-bit unsigned integer (block numbers, nonces, gas). */
export function parseUint64(value: unknown, what: string): bigint {
  return parseQuantity(value, what, 64);
}

/** `"0x..."` with an even number of hex digits, as bytes; at most `maxBytes` of them. */
export function parseData(value: unknown, what: string, maxBytes = Number.MAX_SAFE_INTEGER): Uint8Array {
  if (typeof value !== "string") throw invalidParams(`${what}: expected 0x-prefixed hex data, got ${describe(value)}`);
  if (!/^0[xX]/.test(value)) throw invalidParams(`${what}: hex string without 0x prefix: ${show(value)}`);
  const digits = value.slice(2);
  if (digits.length % 2 !== 0) throw invalidParams(`${what}: hex string of odd length`);
  if (digits.length / 2 > maxBytes) throw invalidParams(`${what}: ${digits.length / 2} bytes exceeds the limit of ${maxBytes}`);
  if (!HEX_DIGITS.test(digits)) throw invalidParams(`${what}: invalid hex string ${show(value)}`);
  return Uint8Array.from(Buffer.from(digits, "hex"));
}

/** Exactly `size` bytes of 0x-hex. */
export function parseFixed(value: unknown, size: number, what: string): Uint8Array {
  if (typeof value !== "string" || !/^0[xX][0-9a-fA-F]*$/.test(value) || value.length !== 2 + 2 * size) {
    throw invalidParams(`${what}: expected 0x followed by ${2 * size} hex digits, got ${describe(value)}`);
  }
  return Uint8Array.from(Buffer.from(value.slice(2), "hex"));
}

/** A 20-byte address in any letter case (as geth, the EIP-55 checksum is not enforced). */
export function parseAddress(value: unknown, what = "address"): Uint8Array {
  return parseFixed(value, 20, what);
}

export function parseHash(value: unknown, what = "hash"): Uint8Array {
  return parseFixed(value, 32, what);
}

/** A short, safe rendering of what a client sent, for error messages. */
export function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return show(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value).slice(0, 40)}`;
}

function show(text: string): string {
  return JSON.stringify(text.length > 70 ? `${text.slice(0, 70)}...` : text);
}
