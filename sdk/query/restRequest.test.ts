import { test } from "node:test";
import assert from "node:assert/strict";
import { Query as EvmQuery } from "../../gen/chain/evm/query_pb.js";
import { Query as IdentityQuery } from "../../gen/chain/identity/query_pb.js";
import { Query as RegistryQuery } from "../../gen/chain/registry/query_pb.js";
import { Query as VotingQuery } from "../../gen/chain/voting/query_pb.js";
import { ElectionStatus } from "../../gen/chain/voting/voting_pb.js";
import { getPathTemplate } from "./httpRoute.js";
import { restTarget } from "./restRequest.js";

const target = <M extends (typeof RegistryQuery.methods)[number]>(method: M, request: object) =>
  restTarget(getPathTemplate(method)!, method.input, request as never);

test("path fields go into the path, other set fields into the query string by dotted proto name", () => {
  assert.equal(target(RegistryQuery.method.asset, { id: 7n }), "/vendor/chain/registry/asset/7");
  assert.equal(
    target(RegistryQuery.method.assetHistory, { assetId: 7n, pagination: { limit: 10n, countTotal: true, key: new Uint8Array([0xfb, 0xff]) } }),
    "/vendor/chain/registry/asset/7/history?pagination.key=%2B%2F8%3D&pagination.limit=10&pagination.count_total=true",
  );
  assert.equal(target(RegistryQuery.method.params, {}), "/vendor/chain/registry/params");
  assert.equal(
    restTarget(getPathTemplate(VotingQuery.method.voter)!, VotingQuery.method.voter.input, { electionId: 3n, address: "unit1x/y" }),
    "/vendor/chain/voting/election/3/voter/unit1x%2Fy",
  );
  assert.equal(
    restTarget(getPathTemplate(VotingQuery.method.elections)!, VotingQuery.method.elections.input, { status: ElectionStatus.OPEN }),
    "/vendor/chain/voting/elections?status=ELECTION_STATUS_OPEN",
  );
  assert.equal(
    restTarget(getPathTemplate(EvmQuery.method.block)!, EvmQuery.method.block.input, { height: 12n, includeReceipts: true }),
    "/vendor/chain/evm/block/12?include_receipts=true",
  );
});

test("a path field left empty is refused by name instead of sending an empty segment", () => {
  assert.throws(() => restTarget(getPathTemplate(IdentityQuery.method.did)!, IdentityQuery.method.did.input, {}), /needs address/);
});

test("methods without a GET binding have no template", () => {
  assert.equal(getPathTemplate(EvmQuery.method.call), undefined);
  assert.equal(getPathTemplate(EvmQuery.method.logs), undefined);
  assert.equal(getPathTemplate(IdentityQuery.method.credential), "/vendor/chain/identity/credential/{id}");
});
