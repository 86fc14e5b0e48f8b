// The slots' values before the running tx: kept from the first read until cleared, and what
// SSTORE's gas is priced by (EIP-2200), through the node's own block path.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Address } from "@ethereumjs/util";
import { OriginalStorage } from "./originalStorage.js";
import { EvmTestChain } from "../testing/testChain.js";
import { TestSigner } from "../testing/testSigner.js";
import { deployCode } from "../testing/testContracts.js";

test("a slot's first read stands until clear(), per address and key", async () => {
  const state = new Map<string, number>([["a/1", 10]]);
  const reads: string[] = [];
  const storage = new OriginalStorage(async (address, key) => {
    const id = `${address.bytes[0] === 0xaa ? "a" : "b"}/${key[31]}`;
    reads.push(id);
    return Uint8Array.of(state.get(id) ?? 0);
  });
  const a = new Address(new Uint8Array(20).fill(0xaa));
  const b = new Address(new Uint8Array(20).fill(0xbb));
  const key = (n: number) => Uint8Array.of(...new Array<number>(31).fill(0), n);
  assert.deepEqual(await storage.get(a, key(1)), Uint8Array.of(10));
  state.set("a/1", 11); // written by the tx: the original value does not change
  assert.deepEqual(await storage.get(a, key(1)), Uint8Array.of(10));
  assert.deepEqual(await storage.get(b, key(1)), Uint8Array.of(0), "another address's slot is its own");
  assert.deepEqual(await storage.get(a, key(2)), Uint8Array.of(0), "another key is its own");
  storage.clear();
  assert.deepEqual(await storage.get(a, key(1)), Uint8Array.of(11), "after clear() the next tx's original is read");
  assert.deepEqual(reads, ["a/1", "b/1", "a/2", "a/1"]);
});

test("a slot written twice in one tx pays the second write as a dirty slot (EIP-2200)", async () => {
  // slot0 += 1, once or twice: PUSH0 SLOAD PUSH1 1 ADD PUSH0 SSTORE, then STOP.
  const increment = [0x5f, 0x54, 0x60, 0x01, 0x01, 0x5f, 0x55];
  const alice = new TestSigner(new Uint8Array(32).fill(0x61));
  const chain = new EvmTestChain([{ address: alice.address.bytes, uunit: 10n ** 12n }]);
  try {
    const once = alice.contractAddress(0n);
    const twice = alice.contractAddress(1n);
    const deployed = await chain.block([
      alice.tx({ data: deployCode(Uint8Array.of(...increment, 0x00)), gasLimit: 200_000n }),
      alice.tx({ data: deployCode(Uint8Array.of(...increment, ...increment, 0x00)), gasLimit: 200_000n }),
    ]);
    assert.deepEqual(
      deployed.map((r) => r.code ?? 0),
      [0, 0],
    );
    const [one, two] = await chain.block([alice.tx({ to: once, gasLimit: 200_000n }), alice.tx({ to: twice, gasLimit: 200_000n })]);
    assert.equal(one!.code ?? 0, 0);
    assert.equal(two!.code ?? 0, 0);
    // The second increment: PUSH0 2, warm SLOAD 100, PUSH1 3, ADD 3, PUSH0 2, and SSTORE of a slot
    // whose original value (0) differs from its current one (1): 100. Priced as a clean slot, 2,900.
    assert.equal(two!.gasUsed! - one!.gasUsed!, 210n);
  } finally {
    chain.close();
  }
});
