// The evm module's storage schema, under the `evm/` namespace. Accounts' nonces and balances are
// not here: nonce = the auth account's sequence, balance = precisebank's extended balance. Only
// what Ethereum has and Cosmos does not lives here: code and contract storage, receipts and the
// per-block records. Fixed-width binary parts, so `0x03 | address` lists one contract's slots in
// slot order, `0x08 | height` the blocks in height order, and `0x09 | height` and `0x0a | height`
// one block's tx hashes and receipts in index order.

export const MODULE_NAME = "evm";

/** 0x01 | keccak256(code)(32) → bytecode; content-addressed, shared by every contract with that code */
export const CODE_PREFIX = Uint8Array.of(0x01);
/** 0x02 | address(20) → keccak256(code)(32); only accounts with code have an entry */
export const CODE_HASH_PREFIX = Uint8Array.of(0x02);
/** 0x03 | address(20) | slot(32) → value, leading zero bytes trimmed; a zero value is deleted */
export const STORAGE_PREFIX = Uint8Array.of(0x03);

// 0x04 held receipts by keccak tx hash before they were kept by position (0x0a): retired, never reused.
/** 0x05 | keccak256(raw tx)(32) → chain.evm.TxLocation (height, index among the block's Ethereum txs) */
export const TX_LOCATION_PREFIX = Uint8Array.of(0x05);
/** 0x06 → chain.evm.Params */
export const PARAMS_KEY = Uint8Array.of(0x06);
// 0x07 held the block's running tx counter before EvmBlock carried it: retired, never reused.
/** 0x08 | height(8, big-endian) → chain.evm.EvmBlock without tx_hashes; one per height, kept for every height */
export const EVM_BLOCK_PREFIX = Uint8Array.of(0x08);
/** 0x09 | height(8, big-endian) | index(4, big-endian) → keccak256(raw tx)(32): the block's txs with receipts */
export const BLOCK_TX_HASH_PREFIX = Uint8Array.of(0x09);
/**
 * 0x0a | height(8, big-endian) | index(4, big-endian) → chain.evm.Receipt. By position, not by tx
 * hash: a block's receipts are then appended next to each other in SQLite's B-trees, where keys
 * by hash landed each on a page of its own across the whole history.
 */
export const RECEIPT_PREFIX = Uint8Array.of(0x0a);

export function receiptKey(height: bigint, index: number): Uint8Array {
  return positionKey(RECEIPT_PREFIX, height, index);
}

export function txLocationKey(txHash: Uint8Array): Uint8Array {
  return Buffer.concat([TX_LOCATION_PREFIX, fixed(txHash, 32, "tx hash")]);
}

export function evmBlockKey(height: bigint): Uint8Array {
  const key = Buffer.alloc(1 + 8);
  key[0] = EVM_BLOCK_PREFIX[0]!;
  key.writeBigUInt64BE(height, 1);
  return key;
}

/** Every tx hash of the block at `height`, in index order. */
export function blockTxHashesPrefix(height: bigint): Uint8Array {
  const key = Buffer.alloc(1 + 8);
  key[0] = BLOCK_TX_HASH_PREFIX[0]!;
  key.writeBigUInt64BE(height, 1);
  return key;
}

export function blockTxHashKey(height: bigint, index: number): Uint8Array {
  return positionKey(BLOCK_TX_HASH_PREFIX, height, index);
}

/** prefix | height(8) | index(4), both big-endian: a tx's place in its block. */
function positionKey(prefix: Uint8Array, height: bigint, index: number): Uint8Array {
  const key = Buffer.alloc(1 + 8 + 4);
  key[0] = prefix[0]!;
  key.writeBigUInt64BE(height, 1);
  key.writeUInt32BE(index, 9);
  return key;
}

export function codeKey(codeHash: Uint8Array): Uint8Array {
  return Buffer.concat([CODE_PREFIX, fixed(codeHash, 32, "code hash")]);
}

export function codeHashKey(address: Uint8Array): Uint8Array {
  return Buffer.concat([CODE_HASH_PREFIX, fixed(address, 20, "address")]);
}

/** Every storage slot of one address, in slot order. */
export function accountStoragePrefix(address: Uint8Array): Uint8Array {
  return Buffer.concat([STORAGE_PREFIX, fixed(address, 20, "address")]);
}

export function storageKey(address: Uint8Array, slot: Uint8Array): Uint8Array {
  return Buffer.concat([STORAGE_PREFIX, fixed(address, 20, "address"), fixed(slot, 32, "storage slot")]);
}

/** Ethereum's storage value encoding: big-endian without leading zeros; zero is empty. */
export function trimStorageValue(value: Uint8Array): Uint8Array {
  let i = 0;
  while (i < value.length && value[i] === 0) i++;
  return value.subarray(i);
}

// Keys of variable width would break the ordering and could collide across prefixes.
function fixed(bytes: Uint8Array, length: number, what: string): Uint8Array {
  if (bytes.length !== length) throw new RangeError(`${what} must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}
