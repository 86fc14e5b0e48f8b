// QueryServices with synchronous and asynchronous handlers, and the app's state views.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { Query, QueryParamsRequestSchema, QueryParamsResponseSchema } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import { openStore } from "../store/index.js";
import { QueryServices } from "./service.js";
import { QueryError } from "../../common/grpc/queryError.js";

const request = toBinary(QueryParamsRequestSchema, create(QueryParamsRequestSchema, {}));
const state = openStore(":memory:").view();

test("an async handler is awaited by handleAsync; handle() refuses it instead of answering half-done", async () => {
  const services = new QueryServices();
  services.register(Query, { params: async (_req, ctx) => ({ params: { maxMemoCharacters: BigInt(ctx.height) } }) });
  const method = services.method("/cosmos.auth.v1beta1.Query/Params")!;
  const out = fromBinary(QueryParamsResponseSchema, await method.handleAsync(request, { state, height: 7 }));
  assert.equal(out.params?.maxMemoCharacters, 7n);
  assert.throws(
    () => method.handle(request, { state, height: 7 }),
    (e) => e instanceof QueryError && /answers asynchronously/.test(e.message),
  );
});

test("sync handlers answer through both; failures of async ones reject with their status", async () => {
  const services = new QueryServices();
  services.register(Query, {
    params: (_req, ctx) => ({ params: { maxMemoCharacters: BigInt(ctx.height) } }),
    accounts: async () => {
      throw new QueryError(5, "none here");
    },
  });
  const params = services.method("/cosmos.auth.v1beta1.Query/Params")!;
  assert.equal(fromBinary(QueryParamsResponseSchema, params.handle(request, { state, height: 3 })).params?.maxMemoCharacters, 3n);
  assert.equal(fromBinary(QueryParamsResponseSchema, await params.handleAsync(request, { state, height: 4 })).params?.maxMemoCharacters, 4n);
  await assert.rejects(
    services.method("/cosmos.auth.v1beta1.Query/Accounts")!.handleAsync(new Uint8Array(), { state, height: 1 }),
    (e) => e instanceof QueryError && e.grpcCode === 5,
  );
});

test("the app's pending and latest views reach every handler once provided", async () => {
  const services = new QueryServices();
  let seen: string[] = [];
  services.register(Query, {
    params: (_req, ctx) => {
      seen = [typeof ctx.pending, String(ctx.latest?.().height)];
      return {};
    },
  });
  const method = services.method("/cosmos.auth.v1beta1.Query/Params")!;
  await method.handleAsync(request, { state, height: 1 });
  assert.deepEqual(seen, ["undefined", "undefined"]);
  services.provideStateAccess({ pending: () => [state], latest: () => ({ state, height: 9 }) });
  await method.handleAsync(request, { state, height: 1 });
  assert.deepEqual(seen, ["function", "9"]);
});
