// The EIP-2935 history contract as the evm begin block keeps it: its code put once, at the first
// block that finds none; the parent's hash in slot (height - 1) mod 8191, wrapping; nothing for a
// block without a parent; a hash that is not 32 bytes stored as 0. A genesis cannot put anything
// at its address.
import assert from "node:assert/strict";
import { test } from "node:test";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Context } from "../../../context.js";
import { testLogger } from "../../../../test/support/logger.js";
import { openStore } from "../../../store/index.js";
import { moduleStore } from "../../../store/prefixStore.js";
import { recordingStore } from "../../../testing/recordingStore.js";
import { keccak256 } from "../../../../sdk/crypto/hashes.js";
import { codeHashKey, codeKey, MODULE_NAME, storageKey } from "./keys.js";
import { importEvmAccounts } from "./genesisAccounts.js";
import { wordToBytes } from "../tx/words.js";
import { HISTORY_SERVE_WINDOW, HISTORY_STORAGE_ADDRESS, HISTORY_STORAGE_CODE, historySlot, recordParentHash } from "./historyStorage.js";

const slotKey = (n: bigint) => storageKey(HISTORY_STORAGE_ADDRESS, historySlot(n));
const hex = (b: Uint8Array | undefined) => (b === undefined ? undefined : Buffer.from(b).toString("hex"));

test("the contract's code is EIP-2935's (its keccak256 as published) and is put once", () => {
  assert.equal(hex(keccak256(HISTORY_STORAGE_CODE)), "6e49e66782037c0555897870e29fa5e552daf4719552131a0abce779daec0a5d");
  const store = moduleStore(openStore(":memory:").begin(), MODULE_NAME);
  recordParentHash(store, 1n, undefined);
  const hash = store.get(codeHashKey(HISTORY_STORAGE_ADDRESS));
  assert.equal(hex(hash), hex(keccak256(HISTORY_STORAGE_CODE)));
  assert.equal(hex(store.get(codeKey(hash!))), hex(HISTORY_STORAGE_CODE));
  assert.equal([...store.prefixIterator(slotKey(0n).subarray(0, 21))].length, 0, "the first block has no parent: no slot");
  // Later blocks find the code and do not write it again.
  const writes: string[] = [];
  recordParentHash(
    recordingStore(store, (k) => writes.push(hex(k)!)),
    2n,
    new Uint8Array(32).fill(1),
  );
  assert.deepEqual(writes, [hex(slotKey(1n))]);
});

test("slots wrap at 8191 blocks, a later block overwriting the one 8191 before it; a malformed hash stores 0", () => {
  const store = moduleStore(openStore(":memory:").begin(), MODULE_NAME);
  // Block n's hash here: n as a 32-byte word.
  for (const height of [2n, 8192n, 8193n, 8194n]) recordParentHash(store, height, wordToBytes(height - 1n));
  assert.equal(historySlot(8192n).at(-1), 1, "block 8192 is slot 1");
  // Values are stored as Ethereum's storage values are, without leading zero bytes.
  assert.equal(hex(store.get(slotKey(1n))), "2000", "block 8192's hash replaced block 1's");
  assert.equal(hex(store.get(slotKey(HISTORY_SERVE_WINDOW))), "1fff", "block 8191 is slot 0");
  assert.equal(hex(store.get(slotKey(8193n))), "2001");
  // A header without a 32-byte hash (BLOCKHASH answers 0 for it) clears the slot.
  recordParentHash(store, 8194n, new Uint8Array());
  assert.equal(store.get(slotKey(8193n)), undefined);
});

test("a genesis listing the history contract's address among its EVM accounts is refused, and writes nothing", () => {
  const db = openStore(":memory:");
  const branch = db.begin();
  const header = { chainId: "t", height: 0n, time: timestampFromMs(0), hash: new Uint8Array(), proposerAddress: new Uint8Array() };
  const address = `0x${Buffer.from(HISTORY_STORAGE_ADDRESS).toString("hex")}`;
  assert.throws(
    () => importEvmAccounts(new Context(header, branch, testLogger), [{ address, code: "0x00", storage: [] }], () => 0n),
    /^Error: evm genesis accounts\[0\]: 0x0000f90827f1c53a10cb7a02335b175320002935 is the EIP-2935 history contract, which the chain puts there itself$/,
  );
  assert.equal([...moduleStore(branch, MODULE_NAME).iterator()].length, 0);
});
