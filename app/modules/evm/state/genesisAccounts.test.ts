// The EVM's genesis accounts: what an import accepts, and what an export lists.
import assert from "node:assert/strict";
import { test } from "node:test";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Context } from "../../../context.js";
import { testLogger } from "../../../../test/support/logger.js";
import { openStore } from "../../../store/index.js";
import { moduleStore } from "../../../store/prefixStore.js";
import { exportEvmAccounts, importEvmAccounts, type EvmGenesisAccount } from "./genesisAccounts.js";
import { MODULE_NAME } from "./keys.js";

const header = { chainId: "t", height: 0n, time: timestampFromMs(0), hash: new Uint8Array(), proposerAddress: new Uint8Array() };
const word = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const authority: EvmGenesisAccount = { address: `0x${"cd".repeat(20)}`, code: "0x", storage: [{ key: word(1), value: word(7) }] };

test("storage without code is imported for an address with a nonce, and exported back with code 0x", () => {
  const db = openStore(":memory:");
  try {
    const branch = db.begin();
    const contract = { address: `0x${"ab".repeat(20)}`, code: "0x00", storage: [] };
    importEvmAccounts(new Context(header, branch, testLogger), [authority, contract], () => 1n);
    assert.deepEqual(exportEvmAccounts(branch), [contract, authority]);
  } finally {
    db.close();
  }
});

test("storage without code at an address with no nonce, or an entry with neither code nor storage, is refused and writes nothing", () => {
  const db = openStore(":memory:");
  try {
    const branch = db.begin();
    const ctx = new Context(header, branch, testLogger);
    assert.throws(() => importEvmAccounts(ctx, [authority], () => 0n), /storage without code at 0xcdcd.*whose auth account has no non-zero sequence/);
    assert.throws(() => importEvmAccounts(ctx, [{ ...authority, storage: [] }], () => 1n), /neither code nor storage/);
    assert.equal([...moduleStore(branch, MODULE_NAME).iterator()].length, 0);
  } finally {
    db.close();
  }
});
