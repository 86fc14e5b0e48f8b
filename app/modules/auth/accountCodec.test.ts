// The stored form of accounts: the hand-written BaseAccount encoder writes exactly what protobuf-es
// writes, and the keeper's decoded-account cache answers as a fresh decoding would.
import { test } from "node:test";
import assert from "node:assert/strict";
import { toBinary } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { prng, seedFromEnv } from "../../../test/support/prng.js";
import { Context } from "../../context.js";
import { openStore } from "../../store/index.js";
import type { Branch } from "../../store/branch.js";
import { accountToAny, decodeAccount, encodeAccount, type Account } from "./accounts.js";
import { AccountKeeper } from "./keeper.js";

const seed = seedFromEnv("ACCOUNT_CODEC_SEED");

const VARINT_EDGES = [127n, 128n, 16383n, 16384n, 2n ** 21n - 1n, 2n ** 21n, 2n ** 28n - 1n, 2n ** 28n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 35n];

function randomAccount(rand: () => number): Account {
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
  const u64 = (): bigint => {
    const kind = Math.floor(rand() * 5);
    if (kind === 0) return 0n;
    // Each varint length's edges, and the edge of the encoder's number path (2^32).
    if (kind === 4) return VARINT_EDGES[Math.floor(rand() * VARINT_EDGES.length)]!;
    if (kind === 1) return BigInt(Math.floor(rand() * 200));
    if (kind === 2) return 2n ** 64n - 1n;
    return (BigInt(Math.floor(rand() * 2 ** 32)) << 32n) | BigInt(Math.floor(rand() * 2 ** 32));
  };
  const pubKey =
    rand() < 0.6
      ? { algo: rand() < 0.5 ? ("secp256k1" as const) : ("eth_secp256k1" as const), key: Uint8Array.of(2 + Math.floor(rand() * 2), ...bytes(32)) }
      : undefined;
  return { address: bytes(20), accountNumber: u64(), sequence: u64(), ...(pubKey ? { pubKey } : {}) };
}

test(`BaseAccounts encode byte for byte as protobuf-es encodes them, and decode back (seed ${seed})`, () => {
  const rand = prng(seed);
  for (let i = 0; i < 500; i++) {
    const account = randomAccount(rand);
    const ours = encodeAccount(account);
    assert.deepEqual(Buffer.from(ours), Buffer.from(toBinary(AnySchema, accountToAny(account))), `account ${i}`);
    assert.deepEqual(decodeAccount(ours), account);
  }
  const moduleAccount: Account = {
    address: new Uint8Array(20).fill(4),
    accountNumber: 2n,
    sequence: 0n,
    module: { name: "distribution", permissions: ["burner"] },
  };
  assert.deepEqual(decodeAccount(encodeAccount(moduleAccount)), moduleAccount);
});

/** A keeper over a fresh in-memory store's branch, and a block context writing to it. */
function withKeeper(run: (keeper: AccountKeeper, branch: Branch, ctx: Context) => void): void {
  const store = openStore(":memory:");
  try {
    const branch = store.begin();
    const header = { chainId: "c", height: 1n, time: { seconds: 0n, nanos: 0 } as never, hash: new Uint8Array(), proposerAddress: new Uint8Array() };
    run(new AccountKeeper([]), branch, new Context(header, branch, pino({ level: "silent" })));
  } finally {
    store.close();
  }
}

test("the keeper's decoded accounts are frozen, equal to a fresh decoding, and follow every write", () => {
  withKeeper((keeper, branch, ctx) => {
    const address = new Uint8Array(20).fill(9);
    const created = keeper.newAccount(ctx, address);
    const read = keeper.getAccount(branch, address)!;
    assert.deepEqual(read, created);
    assert.ok(Object.isFrozen(read));
    assert.throws(() => {
      (read as { sequence: bigint }).sequence = 5n;
    });
    const signed: Account = { ...read, sequence: 1n, pubKey: { algo: "secp256k1", key: Uint8Array.of(3, ...new Array<number>(32).fill(1)) } };
    keeper.setAccount(ctx, signed);
    signed.pubKey!.key.fill(0); // the caller's object stays its own
    const again = keeper.getAccount(branch, address)!;
    assert.equal(again.sequence, 1n);
    assert.equal(again.pubKey?.key[0], 3);
    assert.deepEqual(again, decodeAccount(branch.get(Buffer.concat([Buffer.from("auth/"), Buffer.from([0x01]), address]))!));
  });
});

test("an account's next version shares its address copy and unchanged public key, never a changed one", () => {
  withKeeper((keeper, branch, ctx) => {
    const address = new Uint8Array(20).fill(7);
    const pubKey = { algo: "secp256k1" as const, key: Uint8Array.of(2, ...new Array<number>(32).fill(5)) };
    keeper.setAccount(ctx, { ...keeper.newAccount(ctx, address), sequence: 1n, pubKey });
    const first = keeper.getAccount(branch, address)!;
    keeper.setAccount(ctx, { ...first, sequence: 2n });
    const second = keeper.getAccount(branch, address)!;
    assert.equal(second.sequence, 2n);
    assert.equal(second.address, first.address);
    assert.equal(second.pubKey, first.pubKey);
    // Another key, or another key type over the same bytes, is not shared.
    keeper.setAccount(ctx, { ...second, sequence: 3n, pubKey: { algo: "secp256k1", key: Uint8Array.of(3, ...new Array<number>(32).fill(5)) } });
    const third = keeper.getAccount(branch, address)!;
    assert.notEqual(third.pubKey, second.pubKey);
    assert.equal(third.pubKey?.key[0], 3);
    keeper.setAccount(ctx, { ...third, sequence: 4n, pubKey: { algo: "eth_secp256k1", key: third.pubKey!.key } });
    const fourth = keeper.getAccount(branch, address)!;
    assert.equal(fourth.pubKey?.algo, "eth_secp256k1");
    assert.deepEqual(fourth, decodeAccount(branch.get(Buffer.concat([Buffer.from("auth/"), Buffer.from([0x01]), address]))!));
    // Another address never takes this one's parts.
    const other = new Uint8Array(20).fill(8);
    keeper.setAccount(ctx, { ...keeper.newAccount(ctx, other), sequence: 1n, pubKey });
    assert.notEqual(keeper.getAccount(branch, other)!.address, fourth.address);
    assert.deepEqual(keeper.getAccount(branch, other)!.address, other);
  });
});
