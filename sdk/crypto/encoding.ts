// Bytes as hex and base64 text, on Uint8Array only: Node's Buffer is not there in a browser.
import { base64, hex } from "@scure/base";

/** Lowercase hex, no 0x. */
export function toHex(bytes: Uint8Array): string {
  return hex.encode(bytes);
}

/** Hex of either case, no 0x; throws on an odd length or a non-hex character. */
export function fromHex(text: string): Uint8Array {
  return hex.decode(text);
}

/** Standard base64 with padding (what proto-JSON and CometBFT's JSON use). */
export function toBase64(bytes: Uint8Array): string {
  return base64.encode(bytes);
}

/** Standard padded base64; throws on anything else. */
export function fromBase64(text: string): Uint8Array {
  return base64.decode(text);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Each byte as the character with that code (Node's "latin1"). */
export function latin1(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}
