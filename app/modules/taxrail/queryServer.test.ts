// chain.taxrail.Query over a real store branch, through the QueryServices dispatch gRPC and ABCI
// use, and the REST gateway's JSON rendering of the answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRegistry, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import {
  QueryBalanceRequestSchema,
  QueryBalanceResponseSchema,
  QueryBalancesRequestSchema,
  QueryBalancesResponseSchema,
  QueryParamsRequestSchema,
  QueryParamsResponseSchema,
  QueryRuleRequestSchema,
  QueryRuleResponseSchema,
  QueryRulesRequestSchema,
  QueryRulesResponseSchema,
} from "../../../gen/chain/taxrail/query_pb.js";
import { responseJson } from "../../../gateway/rest/responseJson.js";
import { GrpcCode } from "../../../common/errors.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { msgRegisterAssetHandler, msgSetJurisdictionAuthorityHandler, msgTransferAssetHandler } from "../registry/msgServer.js";
import { addr, DENOM, Harness } from "../registry/testHarness.js";
import { msgSetTaxRuleHandler, msgWithdrawTaxHandler } from "./msgServer.js";
import { queryErrorCode } from "../../../common/grpc/testing/queryErrorCode.js";

const json = <D extends DescMessage>(schema: D, msg: MessageShape<D>) => responseJson(schema, msg, createRegistry());
const ca = addr(1);
const alice = addr(3);
const bob = addr(4);

/** US-CA at 2.5 % (set by its authority), FR at 5 % (by governance); one US-CA sale of 4,000,000; 30,000 withdrawn. */
function setup() {
  const h = new Harness([{ address: alice.bytes, amount: 1_000_000n }]);
  h.attested.add(alice.text).add(bob.text);
  h.run(msgSetJurisdictionAuthorityHandler(h.registry), { authority: GOV_AUTHORITY, jurisdictionCode: "US-CA", authorityAddress: ca.text, name: "CA" });
  const rule = msgSetTaxRuleHandler(h.taxrail);
  h.run(rule, { authority: ca.text, jurisdictionCode: "US-CA", rateBps: 250 });
  h.run(rule, { authority: GOV_AUTHORITY, jurisdictionCode: "FR", rateBps: 500 });
  h.run(msgRegisterAssetHandler(h.registry), {
    authority: ca.text,
    jurisdictionCode: "US-CA",
    assetClass: "real_estate",
    owner: alice.text,
    metadataHash: `0x${"ab".repeat(32)}`,
    declaredValue: { denom: DENOM, amount: "1" },
  });
  h.run(msgTransferAssetHandler(h.registry), { owner: alice.text, assetId: 1n, newOwner: bob.text, price: { denom: DENOM, amount: "4000000" } });
  h.run(msgWithdrawTaxHandler(h.taxrail), { authority: ca.text, jurisdictionCode: "US-CA", recipient: ca.text, amount: [{ denom: DENOM, amount: "30000" }] });
  return h;
}

test("params: the default max_rate_bps of 2,000", () => {
  const h = new Harness();
  const res = h.query("/chain.taxrail.Query/Params", QueryParamsRequestSchema, {}, QueryParamsResponseSchema);
  assert.deepEqual(json(QueryParamsResponseSchema, res), { params: { max_rate_bps: 2000 } });
  h.close();
});

test("rule by jurisdiction and the list of rules", () => {
  const h = setup();
  const res = h.query("/chain.taxrail.Query/Rule", QueryRuleRequestSchema, { jurisdictionCode: "US-CA" }, QueryRuleResponseSchema);
  assert.deepEqual(json(QueryRuleResponseSchema, res), {
    rule: { jurisdiction_code: "US-CA", rate_bps: 250, set_by: ca.text, updated_at: "2023-11-14T22:15:23Z" },
  });
  const q = (jurisdictionCode: string) => () => h.query("/chain.taxrail.Query/Rule", QueryRuleRequestSchema, { jurisdictionCode }, QueryRuleResponseSchema);
  assert.equal(queryErrorCode(q("DE")), GrpcCode.NOT_FOUND);
  assert.equal(queryErrorCode(q("California")), GrpcCode.INVALID_ARGUMENT);
  const list = h.query("/chain.taxrail.Query/Rules", QueryRulesRequestSchema, { pagination: { limit: 1n } }, QueryRulesResponseSchema);
  assert.deepEqual(
    list.rules.map((r) => [r.jurisdictionCode, r.rateBps, r.setBy]),
    [["FR", 500, GOV_AUTHORITY]],
  );
  const next = h.query("/chain.taxrail.Query/Rules", QueryRulesRequestSchema, { pagination: { key: list.pagination!.nextKey } }, QueryRulesResponseSchema);
  assert.deepEqual(
    next.rules.map((r) => r.jurisdictionCode),
    ["US-CA"],
  );
  h.close();
});

test("balance: collected and not yet withdrawn; zero for a jurisdiction that never collected", () => {
  const h = setup();
  const res = h.query("/chain.taxrail.Query/Balance", QueryBalanceRequestSchema, { jurisdictionCode: "US-CA" }, QueryBalanceResponseSchema);
  assert.deepEqual(json(QueryBalanceResponseSchema, res), {
    balance: { jurisdiction_code: "US-CA", collected: [{ denom: DENOM, amount: "100000" }], balance: [{ denom: DENOM, amount: "70000" }] },
  });
  const fr = h.query("/chain.taxrail.Query/Balance", QueryBalanceRequestSchema, { jurisdictionCode: "FR" }, QueryBalanceResponseSchema);
  assert.deepEqual(json(QueryBalanceResponseSchema, fr), { balance: { jurisdiction_code: "FR", collected: [], balance: [] } });
  assert.equal(
    queryErrorCode(() => h.query("/chain.taxrail.Query/Balance", QueryBalanceRequestSchema, { jurisdictionCode: "fr" }, QueryBalanceResponseSchema)),
    GrpcCode.INVALID_ARGUMENT,
  );
  const all = h.query("/chain.taxrail.Query/Balances", QueryBalancesRequestSchema, {}, QueryBalancesResponseSchema);
  assert.deepEqual(
    all.balances.map((b) => b.jurisdictionCode),
    ["US-CA"],
  );
  h.close();
});
