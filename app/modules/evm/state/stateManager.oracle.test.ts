// Seeded random sequences of state-manager operations, run against our store-backed manager and
// against @ethereumjs/statemanager's SimpleStateManager (a checkpoint stack of maps) as the
// oracle, comparing every account, code and storage read after every step. At depth 0 the test
// also settles into the store and checks the result there: balances, sequences, precisebank
// invariants, supply. Rerun a failure with EVM_SM_SEED=<seed>; EVM_SM_OPS sets the length.
//
// Two documented differences are normalised: an EIP-161-empty account reads as absent from our
// manager, and Ethereum deletion wipes code and storage (the oracle is told to clear storage
// before deleting, and its stale code behind a deleted account is not compared).
import assert from "node:assert/strict";
import { test } from "node:test";
import { SimpleStateManager } from "@ethereumjs/statemanager";
import { Account, Address, KECCAK256_NULL, bytesToHex, equalsBytes } from "@ethereumjs/util";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { prng } from "../../../../test/support/prng.js";
import { trimStorageValue } from "./keys.js";
import type { StoreStateManager } from "./stateManager.js";
import { CF, EvmHarness } from "../testing/testHarness.js";

const SEEDS = process.env.EVM_SM_SEED ? [Number(process.env.EVM_SM_SEED)] : [1, 2611, 77777];
const OPS = Number(process.env.EVM_SM_OPS ?? 1500);
const ADDRESSES = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66].map((n) => new Address(new Uint8Array(20).fill(n)));
const SLOTS = [0, 1, 2, 0xff].map((n) => {
  const slot = new Uint8Array(32);
  slot[31] = n;
  return slot;
});
// A few fixed programs, so different accounts share code (code is stored once per hash).
const CODES = [Uint8Array.of(0x60, 0x00), Uint8Array.of(0x5f, 0x54, 0x60, 0x01, 0x01, 0x5f, 0x55, 0x00), new Uint8Array(40).fill(0xfe)];

type View = { account?: { nonce: bigint; balance: bigint; codeHash: string }; code: string; storage: string[] };

async function view(sm: StoreStateManager | SimpleStateManager, address: Address, isOracle: boolean): Promise<View> {
  const acc = await sm.getAccount(address);
  const absent = acc === undefined || acc.isEmpty();
  const account = absent ? undefined : { nonce: acc.nonce, balance: acc.balance, codeHash: bytesToHex(acc.codeHash) };
  // The oracle keeps code behind a deleted account; Ethereum (and we) read code through the code hash.
  const noCode = acc === undefined || equalsBytes(acc.codeHash, KECCAK256_NULL);
  const code = isOracle && noCode ? new Uint8Array() : await sm.getCode(address);
  if (!isOracle) assert.equal(await sm.getCodeSize(address), code.length);
  const storage: string[] = [];
  for (const slot of SLOTS) storage.push(bytesToHex(trimStorageValue(await sm.getStorage(address, slot))));
  return { ...(account ? { account } : {}), code: bytesToHex(code), storage };
}

async function run(seed: number): Promise<void> {
  const rand = prng(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const below = (bound: bigint) => (bound <= 0n ? 0n : ((BigInt(int(2 ** 30)) << 30n) | BigInt(int(2 ** 30))) % bound);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;

  const funded = ADDRESSES.slice(0, 4).map((a) => ({ address: a.bytes, aunit: BigInt(1 + int(50)) * CF + below(CF) }));
  const h = new EvmHarness(funded);
  const ours = h.manager();
  const oracle = new SimpleStateManager();
  for (const f of funded) await oracle.putAccount(new Address(f.address), new Account(0n, f.aunit));

  const startBankSupply = h.bankSupply();
  let depth = 0;
  const seen = { settle: 0, burned: 0, transfers: 0, revert: 0, commit: 0, deepest: 0, clear: 0, delete: 0 };

  const compare = async (where: string) => {
    for (const a of ADDRESSES) assert.deepEqual(await view(ours, a, false), await view(oracle, a, true), `${where}: ${a.toString()}`);
  };
  const balanceOf = async (a: Address) => (await oracle.getAccount(a))?.balance ?? 0n;

  for (let i = 0; i < OPS; i++) {
    const a = pick(ADDRESSES);
    const storeBefore = h.dump();
    let what: string;
    let settled = false;
    switch (int(12)) {
      case 0: {
        // putAccount as the VM does it: read, change nonce and (down only, the EVM never mints) balance, write back.
        const cur = await oracle.getAccount(a);
        const nonce = BigInt(int(4));
        const balance = below((cur?.balance ?? 0n) + 1n);
        const codeHash = cur?.codeHash ?? KECCAK256_NULL;
        what = `putAccount ${a} nonce ${nonce} balance ${balance}`;
        await ours.putAccount(a, new Account(nonce, balance, undefined, codeHash));
        await oracle.putAccount(a, new Account(nonce, balance, undefined, codeHash));
        break;
      }
      case 1: {
        const nonce = BigInt(int(1000));
        what = `modifyAccountFields ${a} nonce ${nonce}`;
        await ours.modifyAccountFields(a, { nonce });
        await oracle.modifyAccountFields(a, { nonce });
        break;
      }
      case 2:
      case 3: {
        // A value move: two writes in the same layer, as the EVM's transfer makes them.
        const to = pick(ADDRESSES);
        const from = await balanceOf(a);
        const amount = int(3) === 0 ? from : below(from + 1n);
        what = `move ${amount} from ${a} to ${to}`;
        if (to.equals(a)) break;
        await ours.modifyAccountFields(a, { balance: from - amount });
        await oracle.modifyAccountFields(a, { balance: from - amount });
        await compare(`seed ${seed} op ${i} (${what}, debit)`);
        const toBalance = await balanceOf(to);
        await ours.modifyAccountFields(to, { balance: toBalance + amount });
        await oracle.modifyAccountFields(to, { balance: toBalance + amount });
        break;
      }
      case 4: {
        const code = int(5) === 0 ? new Uint8Array() : pick(CODES);
        what = `putCode ${a} ${bytesToHex(code)}`;
        await ours.putCode(a, code);
        await oracle.putCode(a, code);
        break;
      }
      case 5:
      case 6: {
        const slot = pick(SLOTS);
        // Random length with leading zeros sometimes, zero (empty or all-zero) sometimes.
        const value = new Uint8Array(int(33)).map(() => (int(3) === 0 ? 0 : int(256)));
        what = `putStorage ${a} ${bytesToHex(slot)} ${bytesToHex(value)}`;
        await ours.putStorage(a, slot, value);
        await oracle.putStorage(a, slot, value);
        break;
      }
      case 7: {
        what = `clearStorage ${a}`;
        seen.clear++;
        await ours.clearStorage(a);
        await oracle.clearStorage(a);
        break;
      }
      case 8: {
        what = `deleteAccount ${a}`;
        seen.delete++;
        await ours.deleteAccount(a);
        await oracle.clearStorage(a);
        await oracle.deleteAccount(a);
        break;
      }
      case 9: {
        what = `checkpoint at depth ${depth}`;
        if (depth === 3) break;
        await ours.checkpoint();
        await oracle.checkpoint();
        depth++;
        seen.deepest = Math.max(seen.deepest, depth);
        break;
      }
      case 10: {
        const revert = int(2) === 0;
        what = `${revert ? "revert" : "commit"} at depth ${depth}`;
        if (depth === 0) break;
        if (revert) {
          await ours.revert();
          await oracle.revert();
          seen.revert++;
        } else {
          await ours.commit();
          await oracle.commit();
          seen.commit++;
        }
        depth--;
        break;
      }
      default: {
        what = `settle at depth ${depth}`;
        if (depth !== 0) break;
        const supplyBefore = h.totalSupply();
        const settlement = ours.settle(0n);
        settled = true;
        seen.settle++;
        if (settlement.burned > 0n) seen.burned++;
        seen.transfers += settlement.transfers.length;
        const where = `seed ${seed} op ${i} (${what})`;
        assert.deepEqual(h.broken(), [], where);
        assert.equal(supplyBefore - h.totalSupply(), settlement.burned, `${where}: supply fell by the burn`);
        assert.ok(h.bankSupply() <= startBankSupply, `${where}: bank supply rose`);
        for (const x of ADDRESSES) {
          const acc = await oracle.getAccount(x);
          assert.equal(h.balance(x.bytes), acc?.balance ?? 0n, `${where}: stored balance of ${x}`);
          assert.equal(h.sequence(x.bytes) ?? 0n, acc?.nonce ?? 0n, `${where}: sequence of ${x}`);
        }
        // Everything is in the store now: a fresh manager reads the same.
        const fresh = h.manager();
        for (const x of ADDRESSES) assert.deepEqual(await view(fresh, x, false), await view(oracle, x, true), `${where}: fresh manager, ${x}`);
      }
    }
    if (!settled) assert.deepEqual(h.dump(), storeBefore, `seed ${seed} op ${i} (${what}): the store changed before settlement`);
    await compare(`seed ${seed} op ${i} (${what})`);
  }
  // Every path ran, so a generator that stopped producing one fails here.
  for (const [k, n] of Object.entries(seen)) assert.ok(n > 0, `seed ${seed}: no ${k}`);
  assert.equal(seen.deepest, 3, `seed ${seed}: never reached depth 3`);
  h.close();
}

for (const seed of SEEDS) {
  test(`state manager matches SimpleStateManager over random operations (seed ${seed})`, async () => {
    await run(seed);
  });
}

test("code is stored once per hash, under the code hash; storage keys are trimmed and zero deletes", async () => {
  const h = new EvmHarness([{ address: ADDRESSES[0]!.bytes, aunit: 5n * CF }]);
  const sm = h.manager();
  const [a, b] = ADDRESSES as [Address, Address];
  await sm.putCode(a, CODES[1]!);
  await sm.putCode(b, CODES[1]!);
  await sm.putStorage(a, SLOTS[1]!, Uint8Array.of(0, 0, 7));
  await sm.putStorage(a, SLOTS[2]!, Uint8Array.of(1));
  sm.settle(0n);
  const evmKeys = h.dump().filter((kv) => kv.startsWith(Buffer.from("evm/").toString("hex")));
  const hash = Buffer.from(keccak_256(CODES[1]!)).toString("hex");
  const p = Buffer.from("evm/").toString("hex");
  assert.deepEqual(evmKeys, [
    `${p}01${hash}=${Buffer.from(CODES[1]!).toString("hex")}`,
    `${p}02${"11".repeat(20)}=${hash}`,
    `${p}02${"22".repeat(20)}=${hash}`,
    `${p}03${"11".repeat(20)}${"00".repeat(31)}01=07`,
    `${p}03${"11".repeat(20)}${"00".repeat(31)}02=01`,
  ]);
  await sm.putStorage(a, SLOTS[1]!, new Uint8Array(32));
  await sm.clearStorage(b); // nothing stored: a no-op
  sm.settle(0n);
  assert.equal(h.dump().filter((kv) => kv.startsWith(`${p}03`)).length, 1);
  h.close();
});

test("settlement refuses a net mint and leaves the pending writes dropped", async () => {
  const h = new EvmHarness([{ address: ADDRESSES[0]!.bytes, aunit: 5n * CF }]);
  const sm = h.manager();
  await sm.modifyAccountFields(ADDRESSES[1]!, { balance: 1n });
  const before = h.dump();
  assert.throws(() => sm.settle(0n), /would mint 1aunit/);
  assert.deepEqual(h.dump(), before);
  assert.equal(await sm.getAccount(ADDRESSES[1]!), undefined);
  h.close();
});

test("settle inside an open checkpoint is refused", async () => {
  const h = new EvmHarness();
  const sm = h.manager();
  await sm.checkpoint();
  assert.throws(() => sm.settle(0n), /open checkpoint/);
  h.close();
});

test("shallowCopy sees pending writes and settles only into its own nested branch", async () => {
  const [a, b] = ADDRESSES as [Address, Address];
  const h = new EvmHarness([{ address: a.bytes, aunit: 3n * CF + 5n }]);
  const sm = h.manager();
  await sm.putStorage(a, SLOTS[0]!, Uint8Array.of(9));
  const copy = sm.shallowCopy();
  assert.deepEqual(await copy.getStorage(a, SLOTS[0]!), Uint8Array.of(9));
  await copy.modifyAccountFields(a, { balance: CF, nonce: 4n });
  await copy.modifyAccountFields(b, { balance: 2n * CF });
  const before = h.dump();
  copy.settle(0n);
  assert.deepEqual(h.dump(), before, "the parent branch is untouched");
  assert.equal((await copy.getAccount(b))?.balance, 2n * CF);
  assert.equal(await sm.getAccount(b), undefined);
  assert.equal((await sm.getAccount(a))?.balance, 3n * CF + 5n);
  h.close();
});
