// The slashing module's storage schema, under the `slashing/` namespace. Prefix bytes follow the
// SDK's x/slashing. Consensus addresses are fixed 20 bytes and need no length prefix; chunk
// indexes are big-endian, so a validator's bitmap chunks sort by position.
import { readU64be, u64be } from "../../store/keyEncoding.js";

export const MODULE_NAME = "slashing";

/** cosmos.slashing.v1beta1.Params */
export const PARAMS_KEY = Uint8Array.of(0x00);
/** 0x01 | consensus address(20) → cosmos.slashing.v1beta1.ValidatorSigningInfo */
export const SIGNING_INFO_PREFIX = Uint8Array.of(0x01);
/** 0x02 | consensus address(20) | chunk index(8) → one chunk of the missed-block bitmap (bitmap.ts) */
export const MISSED_BITMAP_PREFIX = Uint8Array.of(0x02);

const ADDRESS_BYTES = 20;

function address(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== ADDRESS_BYTES) throw new RangeError(`slashing keys take 20-byte consensus addresses, got ${bytes.length} bytes`);
  return bytes;
}

export function signingInfoKey(consAddress: Uint8Array): Uint8Array {
  return Buffer.concat([SIGNING_INFO_PREFIX, address(consAddress)]);
}

/** The bitmap chunks of one validator, relative to the module's namespace. */
export function missedBitmapPrefix(consAddress: Uint8Array): Uint8Array {
  return Buffer.concat([MISSED_BITMAP_PREFIX, address(consAddress)]);
}

export function missedBitmapChunkKey(consAddress: Uint8Array, chunk: bigint): Uint8Array {
  return Buffer.concat([missedBitmapPrefix(consAddress), u64be(chunk)]);
}

/** The chunk index of a key relative to missedBitmapPrefix. */
export function chunkIndexOf(relativeKey: Uint8Array): bigint {
  return readU64be(relativeKey);
}
