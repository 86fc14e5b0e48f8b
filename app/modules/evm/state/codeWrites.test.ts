// Which code settlement writes to the store: only code some account points to after the run.
import assert from "node:assert/strict";
import { test } from "node:test";
import { keccak_256 as keccak } from "@noble/hashes/sha3.js";
import { generateAddress } from "@ethereumjs/util";
import { StoreKey } from "../../../storeKey.js";
import { EvmTestChain } from "../testing/testChain.js";
import { TestSigner } from "../testing/testSigner.js";
import { deployCode } from "../testing/testContracts.js";
import { codeHashKey, codeKey, MODULE_NAME } from "./keys.js";

// The child's runtime: ADDRESS SELFDESTRUCT. Created and destroyed in one tx, it is deleted (EIP-6780).
const CHILD = Uint8Array.of(0x30, 0xff);
// Its init code: PUSH2 0x30ff PUSH0 MSTORE PUSH1 2 PUSH1 30 RETURN.
const CHILD_INIT = Uint8Array.of(0x61, 0x30, 0xff, 0x5f, 0x52, 0x60, 0x02, 0x60, 0x1e, 0xf3);
// The factory: CREATE the child from CHILD_INIT (pushed as a word, so at memory 22..32), CALL it, stop.
const FACTORY = Uint8Array.of(
  ...[0x69, ...CHILD_INIT, 0x5f, 0x52], // PUSH10 init PUSH0 MSTORE
  ...[0x60, 0x0a, 0x60, 0x16, 0x5f, 0xf0], // CREATE(0, 22, 10)
  ...[0x5f, 0x5f, 0x5f, 0x5f, 0x5f, 0x85, 0x5a, 0xf1, 0x50], // CALL(gas, child, 0, 0, 0, 0, 0) POP
  ...[0x50, 0x00], // POP STOP
);

test("code of a contract created and destroyed in the same tx is not written; a deployed contract's is", async () => {
  const alice = new TestSigner(new Uint8Array(32).fill(0x61));
  const chain = new EvmTestChain([{ address: alice.address.bytes, uunit: 10n ** 15n }]);
  try {
    const factory = alice.contractAddress(alice.nonce).bytes;
    const [deployed] = await chain.block([alice.tx({ data: deployCode(FACTORY), gasLimit: 1_000_000n })]);
    assert.equal(deployed!.code ?? 0, 0, deployed!.log);
    // A contract's first creation uses its nonce 1 (EIP-161).
    const child = generateAddress(factory, Uint8Array.of(1));
    const [ran] = await chain.block([alice.tx({ to: factory, gasLimit: 1_000_000n })]);
    assert.equal(ran!.code ?? 0, 0, ran!.log);
    const evm = new StoreKey(MODULE_NAME).read(chain.store.view());
    assert.deepEqual(evm.get(codeKey(keccak(FACTORY))), Buffer.from(FACTORY));
    assert.equal(evm.get(codeHashKey(child)), undefined, "the child is gone");
    assert.equal(evm.get(codeKey(keccak(CHILD))), undefined, "and so is its code");
  } finally {
    chain.close();
  }
});
