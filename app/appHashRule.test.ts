// The app hashes UnitApp reports, recomputed from the rule (app/store/appHash.ts, stateHash.ts) by
// the independent reference encoder: InitChain hashes genesis at initial_height - 1 over the genesis
// state; the first block chains from it over its own writes and the whole state after it; later
// blocks chain from the committed hash. With initial_height 1 and greater.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as pb from "../gen/tendermint/abci/types_pb.js";
import { testLogger } from "../test/support/logger.js";
import { UnitApp } from "./app.js";
import type { Context } from "./context.js";
import type { AppModule } from "./module.js";
import { oracleAppHash, oracleStateHash } from "./store/oracle.js";
import { openStore } from "./store/index.js";
import type { Change } from "./store/types.js";

const b = (s: string): Buffer => Buffer.from(s, "latin1");
const hex = (u: Uint8Array | undefined): string => Buffer.from(u ?? []).toString("hex");

/** Genesis writes two keys; every block records its height and deletes `demo/b` at its first height. */
const demo = (firstBlock: number): AppModule => ({
  name: "demo",
  defaultGenesis: () => ({}),
  initGenesis(ctx: Context) {
    ctx.store.set(b("demo/a"), b("genesis a"));
    ctx.store.set(b("demo/b"), b("genesis b"));
  },
  beginBlock(ctx: Context) {
    ctx.store.set(b("demo/height"), b(String(ctx.header.height)));
    if (ctx.header.height === BigInt(firstBlock)) ctx.store.delete(b("demo/b"));
  },
});

type State = Map<string, Buffer>;
const apply = (state: State, changes: Change[]): State => {
  const next = new Map(state);
  for (const c of changes) {
    if (c.value === null) next.delete(Buffer.from(c.key).toString("latin1"));
    else next.set(Buffer.from(c.key).toString("latin1"), Buffer.from(c.value));
  }
  return next;
};
const stateHash = (state: State): Buffer => oracleStateHash(Array.from(state, ([k, value]) => ({ key: b(k), value })));

for (const initialHeight of [1, 7]) {
  test(`InitChain and FinalizeBlock hashes follow the rule with initial_height ${initialHeight}`, async () => {
    const store = openStore(":memory:");
    const app = new UnitApp({ store, modules: [demo(initialHeight)], logger: testLogger });
    const init = await app.initChain(
      create(pb.RequestInitChainSchema, { chainId: "hash-rule", initialHeight: BigInt(initialHeight), appStateBytes: b("{}"), time: timestampFromMs(0) }),
    );
    const genesisChanges: Change[] = [
      { key: b("app/chain_id"), value: b("hash-rule") },
      { key: b("demo/a"), value: b("genesis a") },
      { key: b("demo/b"), value: b("genesis b") },
    ];
    let state = apply(new Map(), genesisChanges);
    const genesisHash = oracleAppHash(new Uint8Array(), initialHeight - 1, stateHash(state), genesisChanges);
    assert.equal(hex(init.appHash), hex(genesisHash), "genesis");

    let prev: Uint8Array = genesisHash;
    for (let height = initialHeight; height < initialHeight + 3; height++) {
      const res = await app.finalizeBlock(create(pb.RequestFinalizeBlockSchema, { height: BigInt(height), time: timestampFromMs(height * 1000) }));
      const changes: Change[] = [...(height === initialHeight ? [{ key: b("demo/b"), value: null }] : []), { key: b("demo/height"), value: b(String(height)) }];
      state = apply(state, changes);
      const expected = oracleAppHash(prev, height, stateHash(state), changes);
      assert.equal(hex(res.appHash), hex(expected), `block ${height}`);
      await app.commit(create(pb.RequestCommitSchema));
      assert.equal(store.lastHeight, height);
      assert.equal(hex(store.lastHash), hex(expected));
      assert.equal(hex(store.lastStateHash), hex(stateHash(state)), `the store's state hash at ${height}`);
      prev = expected;
    }
    store.close();
  });
}

test("a repeated FinalizeBlock of the first block gives the same hash, and Commit stores the state that hash proves", async () => {
  const store = openStore(":memory:");
  const app = new UnitApp({ store, modules: [demo(1)], logger: testLogger });
  await app.initChain(create(pb.RequestInitChainSchema, { chainId: "hash-rule", initialHeight: 1n, appStateBytes: b("{}"), time: timestampFromMs(0) }));
  const request = create(pb.RequestFinalizeBlockSchema, { height: 1n, time: timestampFromMs(1000) });
  const first = await app.finalizeBlock(request);
  const again = await app.finalizeBlock(request);
  assert.equal(hex(again.appHash), hex(first.appHash));
  await app.commit(create(pb.RequestCommitSchema));
  const live = Array.from(store.view().iterator(), (e) => ({ key: e.key, value: e.value }));
  assert.equal(hex(store.lastStateHash), hex(oracleStateHash(live)));
  store.close();
});
