// A real @ethereumjs/vm (Prague, chain id 2611) over our state manager and store: deploy a
// hand-assembled counter, call it, move value in amounts that are not whole uunit, run out of gas,
// and after each settlement check the store, the fee accounting and precisebank's invariants.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createBlock } from "@ethereumjs/block";
import { createCustomCommon, Hardfork, Mainnet } from "@ethereumjs/common";
import { createFeeMarket1559Tx, createLegacyTx } from "@ethereumjs/tx";
import { Address, createAddressFromPrivateKey } from "@ethereumjs/util";
import { createVM, runTx, type VM } from "@ethereumjs/vm";
import { storageKey, MODULE_NAME } from "./keys.js";
import type { StoreStateManager } from "./stateManager.js";
import { CF, EvmHarness } from "../testing/testHarness.js";
import { FEE_COLLECTOR, moduleAddress } from "../../../../common/moduleAccounts.js";

const common = createCustomCommon({ chainId: 2611, name: "unit" }, Mainnet, { hardfork: Hardfork.Prague });
const BASE_FEE = 7_000_000_007n; // aunit per gas: odd on purpose, so fees are not whole uunit
const TIP = 1_500_000_001n;
const COINBASE = new Address(new Uint8Array(20).fill(0xc0));
const FEE_COLLECTOR_ADDRESS = moduleAddress(FEE_COLLECTOR);
const block = createBlock(
  { header: { number: 3n, timestamp: 1_700_000_000n, coinbase: COINBASE, gasLimit: 30_000_000n, baseFeePerGas: BASE_FEE } },
  { common },
);

const KEY = Uint8Array.from(Buffer.from("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", "hex"));
const SENDER = createAddressFromPrivateKey(KEY);
const RECIPIENT = new Address(new Uint8Array(20).fill(0x7e));

// Runtime: slot0 = slot0 + 1. PUSH0 SLOAD PUSH1 1 ADD PUSH0 SSTORE STOP
const RUNTIME = Uint8Array.of(0x5f, 0x54, 0x60, 0x01, 0x01, 0x5f, 0x55, 0x00);
// Init: CODECOPY the runtime (at offset 10, after this code) to memory 0 and RETURN it.
const INIT = Uint8Array.of(0x60, RUNTIME.length, 0x60, 0x0a, 0x5f, 0x39, 0x60, RUNTIME.length, 0x5f, 0xf3);
const SLOT0 = new Uint8Array(32);

function tx(nonce: bigint, fields: { to?: Address; data?: Uint8Array; value?: bigint; gasLimit?: bigint }) {
  return createFeeMarket1559Tx({ nonce, maxFeePerGas: BASE_FEE + TIP, maxPriorityFeePerGas: TIP, gasLimit: 200_000n, ...fields }, { common }).sign(KEY);
}

/** Runs one tx and settles it, checking fees, supply and invariants; returns the result and the settlement. */
async function runAndSettle(h: EvmHarness, sm: StoreStateManager, vm: VM, signed: ReturnType<typeof tx>) {
  const supply = h.totalSupply();
  const bankSupply = h.bankSupply();
  const senderBefore = h.balance(SENDER.bytes);
  const coinbaseBefore = h.balance(COINBASE.bytes);
  const feeCollectorBefore = h.balance(FEE_COLLECTOR_ADDRESS);
  const result = await runTx(vm, { tx: signed, block });
  assert.equal(sm.depth, 0);
  const gas = result.totalGasSpent;
  // As the block's tx pipeline settles: the base fee goes to fee_collector, whose end block burns it.
  const settlement = sm.settle(gas * BASE_FEE);
  assert.equal(settlement.burned, 0n, "nothing is burned per tx");
  assert.equal(supply, h.totalSupply(), "aunit supply is unchanged until the block's end");
  assert.equal(h.bankSupply(), bankSupply, "sends leave the bank supply as it was");
  assert.equal(h.balance(COINBASE.bytes) - coinbaseBefore, gas * TIP, "the coinbase gets the priority fee");
  assert.equal(h.balance(FEE_COLLECTOR_ADDRESS) - feeCollectorBefore, gas * BASE_FEE, "fee_collector gets the base fee");
  assert.equal(senderBefore - h.balance(SENDER.bytes), gas * (BASE_FEE + TIP) + signed.value, "the sender pays gas and value");
  assert.deepEqual(h.broken(), []);
  return { result, settlement };
}

test("runTx over the store: deploy and call a counter, move value, pay gas on failure", async () => {
  const start = 2n * 10n ** 18n + 123_456_789n; // 2 units and a fraction
  const h = new EvmHarness([{ address: SENDER.bytes, aunit: start }]);
  const sm = h.manager();
  const vm = await createVM({ common, stateManager: sm });

  // Deploy.
  const { result: deployed } = await runAndSettle(h, sm, vm, tx(0n, { data: Uint8Array.from([...INIT, ...RUNTIME]) }));
  assert.equal(deployed.execResult.exceptionError, undefined);
  const contract = deployed.createdAddress!;
  assert.ok(contract);
  assert.deepEqual(await sm.getCode(contract), RUNTIME);
  assert.equal(h.sequence(SENDER.bytes), 1n, "nonce = auth sequence");
  assert.equal(h.sequence(contract.bytes), 1n, "a new contract's nonce is 1 (EIP-161), kept as its auth sequence");

  // Call twice.
  for (const nonce of [1n, 2n]) {
    const { result } = await runAndSettle(h, sm, vm, tx(nonce, { to: contract }));
    assert.equal(result.execResult.exceptionError, undefined);
  }
  assert.deepEqual(await sm.getStorage(contract, SLOT0), Uint8Array.of(2));
  assert.equal(Buffer.from(h.branch.get(Buffer.concat([Buffer.from(`${MODULE_NAME}/`), storageKey(contract.bytes, SLOT0)]))!).toString("hex"), "02");

  // Value that is not a whole uunit, to an address that has nothing yet.
  const value = 3n * CF + 987_654_321n;
  await runAndSettle(h, sm, vm, tx(3n, { to: RECIPIENT, value }));
  assert.equal(h.balance(RECIPIENT.bytes), value);
  assert.equal((await sm.getAccount(RECIPIENT))?.balance, value);

  // Out of gas in SSTORE: status 0, the gas is paid, the storage stays.
  const { result: failed } = await runAndSettle(h, sm, vm, tx(4n, { to: contract, gasLimit: 21_100n }));
  assert.ok(failed.execResult.exceptionError, "the call ran out of gas");
  assert.equal(failed.totalGasSpent, 21_100n);
  assert.deepEqual(await sm.getStorage(contract, SLOT0), Uint8Array.of(2));
  assert.equal(h.sequence(SENDER.bytes), 5n);

  // A tx the VM refuses (nonce reused) reverts its own checkpoint: nothing pending, nothing written.
  const before = h.dump();
  await assert.rejects(runTx(vm, { tx: tx(4n, { to: contract }), block }), /nonce/);
  assert.equal(sm.depth, 0);
  sm.settle(0n);
  assert.deepEqual(h.dump(), before);

  // A fresh VM over a fresh manager sees the same state: it all lives in the store.
  const fresh = h.manager();
  const vm2 = await createVM({ common, stateManager: fresh });
  const legacy = createLegacyTx({ nonce: 5n, gasPrice: BASE_FEE + TIP, gasLimit: 100_000n, to: contract }, { common }).sign(KEY);
  await runTx(vm2, { tx: legacy, block });
  fresh.settle(0n);
  assert.deepEqual(await fresh.getStorage(contract, SLOT0), Uint8Array.of(3));
  assert.deepEqual(h.broken(), []);
  h.close();
});
