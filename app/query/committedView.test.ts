import { test } from "node:test";
import assert from "node:assert/strict";
import { GrpcCode } from "../../common/errors.js";
import { openStore } from "../store/index.js";
import { committedView } from "./committedView.js";
import { queryErrorCode as code } from "../../common/grpc/testing/queryErrorCode.js";

test("a store with nothing committed answers UNAVAILABLE, not a crash", () => {
  const store = openStore(":memory:");
  assert.equal(
    code(() => committedView(store, 0)),
    GrpcCode.UNAVAILABLE,
  );
  store.close();
});

test("a pruned height is NOT_FOUND, a future one OUT_OF_RANGE", () => {
  const store = openStore(":memory:", { keepRecent: 1, pruneInterval: 1 });
  for (const h of [1, 2, 3]) store.commit(store.begin(), h, new Uint8Array(32));
  assert.equal(committedView(store, 0).height, 3);
  assert.equal(committedView(store, 3).height, 3);
  assert.equal(
    code(() => committedView(store, 1)),
    GrpcCode.NOT_FOUND,
  );
  assert.equal(
    code(() => committedView(store, 4)),
    GrpcCode.OUT_OF_RANGE,
  );
  store.close();
});
