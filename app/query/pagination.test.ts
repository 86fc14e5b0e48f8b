import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { PageRequestSchema } from "../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { GrpcCode } from "../../common/errors.js";
import { QueryError } from "../../common/grpc/queryError.js";
import { openStore } from "../store/index.js";
import { MAX_COUNT_TOTAL, MAX_PAGE_OFFSET, paginate } from "./pagination.js";

const prefix = Buffer.from("p/");
const key = (i: number) => Buffer.concat([prefix, Buffer.from(String(i).padStart(7, "0"))]);

/** A branch holding `count` entries under the prefix (and one outside it). */
function entries(count: number) {
  const branch = openStore(":memory:").begin();
  for (let i = 0; i < count; i++) branch.set(key(i), Buffer.from([1]));
  branch.set(Buffer.from("q/"), Buffer.from([1]));
  return branch;
}
const asIndex = (rel: Uint8Array) => Number(Buffer.from(rel).toString());

test("without a limit: the default page of 100 and the total; with a key: resumes, no total", () => {
  const state = entries(250);
  const first = paginate(state, prefix, undefined, asIndex);
  assert.equal(first.items.length, 100);
  assert.equal(first.pagination.total, 250n);
  const next = paginate(state, prefix, create(PageRequestSchema, { key: first.pagination.nextKey as Uint8Array, limit: 200n }), asIndex);
  assert.deepEqual([next.items[0], next.items.at(-1), next.items.length, next.pagination.total], [100, 249, 150, 0n]);
});

test("an offset above the cap is refused with a pointer to key pagination; at the cap it is served", () => {
  const state = entries(3);
  assert.throws(
    () => paginate(state, prefix, create(PageRequestSchema, { offset: MAX_PAGE_OFFSET + 1n, limit: 10n }), asIndex),
    (err) => err instanceof QueryError && err.grpcCode === GrpcCode.INVALID_ARGUMENT && /pagination\.key/.test(err.message),
  );
  assert.deepEqual(paginate(state, prefix, create(PageRequestSchema, { offset: MAX_PAGE_OFFSET, limit: 10n }), asIndex).items, []);
});

test("count_total stops past the cap: the page is complete, total 0 (unknown), next_key pages on", () => {
  const state = entries(Number(MAX_COUNT_TOTAL) + 5);
  const page = paginate(state, prefix, create(PageRequestSchema, { limit: 10n, countTotal: true }), asIndex);
  assert.deepEqual(page.items, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.equal(page.pagination.total, 0n);
  assert.equal(asIndex(page.pagination.nextKey!), 10);
  // Below the cap the count is exact.
  const small = paginate(entries(1234), prefix, create(PageRequestSchema, { limit: 10n, countTotal: true }), asIndex);
  assert.equal(small.pagination.total, 1234n);
});
