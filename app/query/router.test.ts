// The ABCI query router's raw store path: a namespace's key read at the queried state, and names
// made up by clients remembered nowhere.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openStore } from "../store/index.js";
import { modulePrefixCount } from "../store/prefixStore.js";
import { QueryRouter } from "./router.js";

test("/store/<name>/key reads the namespace's key, and made-up names leave no memo behind", async () => {
  const store = openStore(":memory:");
  try {
    const branch = store.begin();
    branch.set(Buffer.from("bank/k"), Buffer.from("v"));
    store.commit(branch, 1, store.appHashOf(branch, 1, store.lastHash));
    const router = new QueryRouter();
    const found = await router.route("/store/bank/key", Buffer.from("k"), store.view(), 1);
    assert.equal(Buffer.from(found.value!).toString(), "v");
    const before = modulePrefixCount();
    for (let i = 0; i < 1_000; i++) {
      const missing = await router.route(`/store/made_up_${i}/key`, Buffer.from("k"), store.view(), 1);
      assert.equal(missing.value?.length, 0);
    }
    assert.equal(modulePrefixCount(), before);
    const refused = await router.route("/store/Bank/key", Buffer.from("k"), store.view(), 1);
    assert.match(refused.log ?? "", /unknown query path/);
  } finally {
    store.close();
  }
});
