// CheckTx against random, truncated and mutated bytes: every case gets a non-zero code with a
// codespace and a message, nothing throws, and no case changes the mempool's state.
import { MODULE_ACCOUNTS } from "../app/modules.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { generateMnemonic } from "../sdk/keys/mnemonic.js";
import { msgSend, signTx } from "../sdk/tx/index.js";
import { InProcessChain, TEST_CHAIN_ID } from "./support/inProcessChain.js";
import { prng, seedFromEnv } from "./support/prng.js";

const CASES = Number(process.env.FUZZ_CASES ?? 3000);

test(`CheckTx survives ${CASES} malformed txs without a state change`, async () => {
  const seed = seedFromEnv("FUZZ_SEED");
  const rand = prng(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const alice = signerFromMnemonic(generateMnemonic());
  const A = formatAccountAddress(alice.address);
  const chain = await InProcessChain.create([{ address: A, coins: [{ denom: "uunit", amount: "100000000" }] }]);
  try {
    const sign = (sequence: bigint) =>
      signTx({
        signer: alice,
        messages: [msgSend({ fromAddress: A, toAddress: A, amount: [{ denom: "uunit", amount: "1" }] })],
        fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
        chainId: TEST_CHAIN_ID,
        accountNumber: BigInt(MODULE_ACCOUNTS.length),
        sequence,
        memo: "fuzz",
      });
    const valid = (await sign(0n)).txBytes;

    const mutants: Uint8Array[] = [];
    for (let len = 0; len < valid.length; len++) mutants.push(valid.slice(0, len)); // every truncation
    while (mutants.length < CASES) {
      const kind = int(4);
      if (kind === 0)
        mutants.push(Uint8Array.from({ length: int(300) }, () => int(256))); // noise
      else if (kind === 1)
        mutants.push(Uint8Array.from([0x0a, ...Array.from({ length: int(200) }, () => int(256))])); // noise that looks like a TxRaw
      else {
        const m = Uint8Array.from(valid);
        for (let flips = 1 + int(kind === 2 ? 1 : 6); flips > 0; flips--) m[int(m.length)] = kind === 2 ? m[int(m.length)]! ^ (1 << int(8)) : int(256);
        if (!Buffer.from(m).equals(Buffer.from(valid))) mutants.push(m);
      }
    }

    const codes = new Map<string, number>();
    for (const [i, tx] of mutants.entries()) {
      const r = await chain.checkTx(tx, i % 7 === 0);
      assert.notEqual(r.code ?? 0, 0, `seed ${seed}, case ${i} (${Buffer.from(tx).toString("hex")}) was accepted`);
      assert.ok(r.codespace && r.log, `seed ${seed}, case ${i}: a codespace and a message`);
      const k = `${r.codespace}/${r.code}`;
      codes.set(k, (codes.get(k) ?? 0) + 1);
    }
    assert.ok(codes.has("sdk/2"), "decode errors seen");
    assert.ok(codes.has("sdk/4") || codes.has("sdk/32"), `signature or sequence errors seen: ${[...codes.keys()]}`);

    // Nothing a rejected case did stuck: the valid tx still checks at sequence 0 and executes.
    assert.equal((await chain.checkTx(valid)).code ?? 0, 0);
    const block = await chain.block([valid]);
    assert.equal(block.txResults![0]!.code ?? 0, 0, block.txResults![0]!.log);
  } finally {
    chain.close();
  }
});
