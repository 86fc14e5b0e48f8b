// ProcessProposal and FinalizeBlock against random, oversize and adversarial txs mixed into honest
// blocks. Two chains from one genesis: chain `mixed` finalizes each block with the adversarial
// txs in it, chain `clean` the same block without them. Nothing may throw, ProcessProposal must
// accept the honest block and reject the mixed one, and after every block both chains must have
// the same app hash: the adversarial txs changed nothing, and the valid txs changed only what they
// pay and do (alice's balance falls by exactly her fees). The seed is printed; FUZZ_SEED replays.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { QueryBalanceRequestSchema, QueryBalanceResponseSchema } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { TxRawSchema } from "../gen/cosmos/tx/v1beta1/tx_pb.js";
import { evmCommon } from "../common/ethereum/ethTx.js";
import { MODULE_ACCOUNTS } from "../app/modules.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromPrivateKey } from "../sdk/keys/signerFromPrivateKey.js";
import { msgSend, signTx } from "../sdk/tx/index.js";
import { InProcessChain, TEST_CHAIN_ID } from "./support/inProcessChain.js";
import { prng, seedFromEnv } from "./support/prng.js";

const BLOCKS = Number(process.env.FUZZ_BLOCKS ?? 12);
const ETH_KEY = new Uint8Array(32).fill(0x52);
const alice = signerFromPrivateKey(new Uint8Array(32).fill(0x32), "secp256k1");
const ethCosmos = signerFromPrivateKey(ETH_KEY, "eth_secp256k1");
const A = formatAccountAddress(alice.address);
const E = formatAccountAddress(ethCosmos.address);
const INITIAL = 1_000_000_000n;
const FEE_AMOUNT = 5000n;

test(`ProcessProposal and FinalizeBlock over ${BLOCKS} blocks of honest txs mixed with adversarial ones`, async () => {
  const seed = seedFromEnv("FUZZ_SEED");
  const rand = prng(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const at = `seed ${seed}`;
  // Genesis accounts are numbered after the module accounts, in the order given.
  const balances = [A, E].map((address) => ({ address, coins: [{ denom: "uunit", amount: INITIAL.toString() }] }));
  const mixed = await InProcessChain.create(balances);
  const clean = await InProcessChain.create(balances);
  const number = { [A]: BigInt(MODULE_ACCOUNTS.length), [E]: BigInt(MODULE_ACCOUNTS.length + 1) };
  try {
    let aliceSeq = 0n;
    let ethSeq = 0n;
    let aliceFees = 0n;
    const history: Uint8Array[] = [];
    const cosmos = async (signer: typeof alice, sequence: bigint, o: { amount?: bigint; fee?: bigint; chainId?: string } = {}) => {
      const from = formatAccountAddress(signer.address);
      const signed = await signTx({
        signer,
        messages: [msgSend({ fromAddress: from, toAddress: from, amount: [{ denom: "uunit", amount: (o.amount ?? 1n).toString() }] })],
        fee: { amount: o.fee === 0n ? [] : [{ denom: "uunit", amount: (o.fee ?? FEE_AMOUNT).toString() }], gasLimit: 200_000n },
        chainId: o.chainId ?? TEST_CHAIN_ID,
        accountNumber: number[from]!,
        sequence,
      });
      return signed.txBytes;
    };
    const eth = (nonce: bigint, o: { gasLimit?: bigint; chainId?: bigint } = {}) =>
      createFeeMarket1559Tx(
        {
          nonce,
          to: new Uint8Array(20).fill(0x99),
          value: 10n ** 12n,
          gasLimit: o.gasLimit ?? 21_000n,
          maxFeePerGas: 10n ** 10n,
          maxPriorityFeePerGas: 10n ** 9n,
        },
        { common: evmCommon(o.chainId ?? 2611n) },
      )
        .sign(ETH_KEY)
        .serialize();

    await mixed.block([]);
    await clean.block([]);
    const seen = new Map<string, number>();
    for (let b = 0; b < BLOCKS; b++) {
      // The honest block: alice's sends (some overdrawn: the message fails, the fee is paid), and
      // one account's Ethereum and Cosmos txs interleaved.
      const valid: Uint8Array[] = [];
      for (let i = int(6); i > 0; i--) {
        const kind = int(4);
        if (kind === 0) valid.push(await cosmos(alice, aliceSeq++, { amount: int(2) === 0 ? 1n : INITIAL * 10n }));
        else if (kind === 1) valid.push(await cosmos(ethCosmos, ethSeq++));
        else valid.push(eth(ethSeq++));
        if (kind === 0) aliceFees += FEE_AMOUNT;
      }
      const template = valid[int(valid.length)] ?? (await cosmos(alice, aliceSeq));
      const adversarial: [string, Uint8Array][] = [];
      for (let i = 1 + int(5); i > 0; i--) {
        const kind = int(13);
        const name = [
          "noise",
          "TxRaw-looking noise",
          "truncation",
          "bit flip",
          "byte overwrite",
          "oversize",
          "fee-less",
          "unsigned",
          "wrong chain (Cosmos)",
          "wrong chain (Ethereum)",
          "over the block gas limit",
          "replay",
          "future nonce",
        ][kind]!;
        let tx: Uint8Array;
        if (kind === 0) tx = Uint8Array.from({ length: int(400) }, () => int(256));
        else if (kind === 1) tx = Uint8Array.from([0x0a, ...Array.from({ length: int(300) }, () => int(256))]);
        else if (kind === 2) tx = template.slice(0, int(template.length));
        else if (kind === 3 || kind === 4) {
          tx = Uint8Array.from(template);
          const p = int(tx.length);
          tx[p] = kind === 3 ? tx[p]! ^ (1 << int(8)) : (tx[p]! + 1 + int(255)) % 256;
        } else if (kind === 5) {
          tx = new Uint8Array(128 * 1024 + 1 + int(4096)).map(() => int(256));
          tx[0] = int(2) === 0 ? 0x0a : 0x02;
        } else if (kind === 6) tx = await cosmos(alice, aliceSeq + BigInt(int(2)), { fee: 0n });
        else if (kind === 7) tx = toBinary(TxRawSchema, { ...fromBinary(TxRawSchema, await cosmos(alice, aliceSeq)), signatures: [] });
        else if (kind === 8) tx = await cosmos(alice, aliceSeq, { chainId: "unit_1-1" });
        else if (kind === 9) tx = eth(ethSeq, { chainId: 1n });
        else if (kind === 10) tx = eth(ethSeq, { gasLimit: 30_000_001n });
        else if (kind === 11) tx = history.length > 0 ? history[int(history.length)]! : Uint8Array.of(0xc0);
        else tx = eth(ethSeq + 1n + BigInt(int(3)));
        adversarial.push([name, tx]);
        seen.set(name, (seen.get(name) ?? 0) + 1);
      }
      // Mixed: the adversarial txs at random places, the honest ones keeping their order.
      const block = [...valid];
      for (const [, tx] of adversarial) block.splice(int(block.length + 1), 0, tx);

      assert.equal(await mixed.processProposal(valid), true, `${at}, block ${b}: the honest proposal`);
      assert.equal(await mixed.processProposal(block), false, `${at}, block ${b}: the mixed proposal`);
      for (const [name, tx] of adversarial) assert.equal(await mixed.processProposal([...valid, tx]), false, `${at}, block ${b}: ${name} after the honest txs`);

      // What a byzantine majority could still commit: FinalizeBlock must cope, and change nothing more.
      const got = await mixed.block(block);
      const want = await clean.block(valid);
      assert.equal(got.txResults!.length, block.length);
      const validResults = got.txResults!.filter((_, i) => valid.includes(block[i]!));
      assert.deepEqual(
        validResults.map((r) => r.code ?? 0),
        want.txResults!.map((r) => r.code ?? 0),
        `${at}, block ${b}: the honest txs fare the same`,
      );
      for (const [i, r] of got.txResults!.entries())
        if (!valid.includes(block[i]!)) assert.notEqual(r.code ?? 0, 0, `${at}, block ${b}: adversarial tx ${i} was executed`);
      assert.equal(Buffer.from(got.appHash!).toString("hex"), Buffer.from(want.appHash!).toString("hex"), `${at}, block ${b}: app hashes`);
      history.push(...valid);
    }
    const balance = await mixed.grpc(
      "/cosmos.bank.v1beta1.Query/Balance",
      QueryBalanceRequestSchema,
      { address: A, denom: "uunit" },
      QueryBalanceResponseSchema,
    );
    assert.equal(BigInt(balance.balance!.amount), INITIAL - aliceFees, `${at}: alice paid her fees and nothing else`);
    assert.ok(seen.size >= 8, `${at}: adversarial kinds seen: ${[...seen.keys()].join(", ")}`);
  } finally {
    mixed.close();
    clean.close();
  }
});
