// State keys of the blockinfo module.

export const MODULE_NAME = "blockinfo";

/** The most recent finalized block's BlockInfo. */
export const LAST_BLOCK_KEY = Buffer.from("last");

const HASH_PREFIX = "hash/";

/** Block hash by height, big-endian so heights sort numerically. */
export function blockHashKey(height: bigint): Buffer {
  const key = Buffer.alloc(HASH_PREFIX.length + 8);
  key.write(HASH_PREFIX, 0, "latin1");
  key.writeBigUInt64BE(height, HASH_PREFIX.length);
  return key;
}
