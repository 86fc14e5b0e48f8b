// Conversions between the two SEC1 encodings of a secp256k1 public key. Both key algorithms put
// the 33-byte compressed form on chain; the Ethereum address needs the 65-byte uncompressed one.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { KeyFormatError } from "./errors.js";

function parsePoint(pubKey: Uint8Array) {
  if (pubKey.length !== 33 && pubKey.length !== 65) {
    throw new KeyFormatError(`invalid secp256k1 public key: expected 33 (compressed) or 65 (uncompressed) bytes, got ${pubKey.length}`);
  }
  try {
    return secp256k1.Point.fromBytes(pubKey);
  } catch {
    throw new KeyFormatError("invalid secp256k1 public key: not a point on the curve");
  }
}

/** The 33-byte compressed form of a compressed or uncompressed public key (checked on curve). */
export function compressPubKey(pubKey: Uint8Array): Uint8Array {
  return parsePoint(pubKey).toBytes(true);
}

/** The 65-byte uncompressed form (0x04 || x || y) of a compressed or uncompressed public key. */
export function decompressPubKey(pubKey: Uint8Array): Uint8Array {
  return parsePoint(pubKey).toBytes(false);
}

/** True when the bytes are a valid compressed or uncompressed secp256k1 public key. */
export function isValidPubKey(pubKey: Uint8Array): boolean {
  try {
    parsePoint(pubKey);
    return true;
  } catch {
    return false;
  }
}
