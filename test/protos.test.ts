// Our Cosmos SDK protos: wire bytes match hand-computed encodings, and every query method carries
// the REST route the SDK serves (the gateway derives its routes from these annotations).
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, getOption, hasOption, toBinary, type DescService } from "@bufbuild/protobuf";
import { http } from "../gen/google/api/annotations_pb.js";
import { CoinSchema } from "../gen/cosmos/base/v1beta1/coin_pb.js";
import { MsgSendSchema } from "../gen/cosmos/bank/v1beta1/tx_pb.js";
import { Query as BankQuery } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { Query as AuthQuery } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { Service as TmService } from "../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { Service as TxService } from "../gen/cosmos/tx/v1beta1/service_pb.js";
import { SignDocSchema, TxRawSchema } from "../gen/cosmos/tx/v1beta1/tx_pb.js";
import { Query as ConsensusQuery } from "../gen/cosmos/consensus/v1/query_pb.js";
import { MsgUpdateParamsSchema as ConsensusMsgUpdateParamsSchema } from "../gen/cosmos/consensus/v1/tx_pb.js";
import { Query as ParamsQuery } from "../gen/cosmos/params/v1beta1/query_pb.js";
import { Service as NodeService } from "../gen/cosmos/base/node/v1beta1/query_pb.js";
import { wireApp } from "../app/modules.js";
import { typeRegistry } from "../sdk/tx/registry.js";

function route(service: DescService, method: string): { verb: string; path: string } {
  const m = service.methods.find((x) => x.name === method);
  assert.ok(m, `${service.typeName}/${method} exists`);
  assert.ok(hasOption(m, http), `${service.typeName}/${method} has a google.api.http route`);
  const rule = getOption(m, http);
  return { verb: rule.pattern.case ?? "", path: String(rule.pattern.value) };
}

test("Coin and MsgSend encode to the bytes the SDK puts on the wire", () => {
  // Coin{denom:"uunit", amount:"1"}: field 1 (len 5) "uunit", field 2 (len 1) "1"
  const coin = toBinary(CoinSchema, create(CoinSchema, { denom: "uunit", amount: "1" }));
  assert.equal(Buffer.from(coin).toString("hex"), "0a05" + Buffer.from("uunit").toString("hex") + "120131");
  // MsgSend{from:"a", to:"b", amount:[coin]}: fields 1, 2, 3 (embedded coin)
  const msg = toBinary(MsgSendSchema, create(MsgSendSchema, { fromAddress: "a", toAddress: "b", amount: [{ denom: "uunit", amount: "1" }] }));
  assert.equal(Buffer.from(msg).toString("hex"), "0a0161" + "120162" + "1a0a" + Buffer.from(coin).toString("hex"));
});

test("SignDoc and TxRaw keep field numbers 1-4 and 1-3", () => {
  const doc = create(SignDocSchema, { bodyBytes: Uint8Array.of(1), authInfoBytes: Uint8Array.of(2), chainId: "c", accountNumber: 7n });
  assert.equal(Buffer.from(toBinary(SignDocSchema, doc)).toString("hex"), "0a0101" + "120102" + "1a0163" + "2007");
  const raw = toBinary(TxRawSchema, create(TxRawSchema, { bodyBytes: Uint8Array.of(1), authInfoBytes: Uint8Array.of(2), signatures: [Uint8Array.of(3)] }));
  assert.equal(Buffer.from(raw).toString("hex"), "0a0101" + "120102" + "1a0103");
  assert.deepEqual(fromBinary(TxRawSchema, raw).signatures, [Uint8Array.of(3)]);
});

test("every query method of the served services has a GET route", () => {
  for (const service of [BankQuery, AuthQuery, TmService, ConsensusQuery, ParamsQuery, NodeService]) {
    for (const m of service.methods) assert.equal(route(service, m.name).verb, "get", `${service.typeName}/${m.name}`);
  }
});

test("the routes are the ones Cosmos clients call", () => {
  assert.deepEqual(route(BankQuery, "AllBalances"), { verb: "get", path: "/cosmos/bank/v1beta1/balances/{address}" });
  assert.deepEqual(route(BankQuery, "Balance"), { verb: "get", path: "/cosmos/bank/v1beta1/balances/{address}/by_denom" });
  assert.deepEqual(route(BankQuery, "TotalSupply"), { verb: "get", path: "/cosmos/bank/v1beta1/supply" });
  assert.deepEqual(route(AuthQuery, "Account"), { verb: "get", path: "/cosmos/auth/v1beta1/accounts/{address}" });
  assert.deepEqual(route(AuthQuery, "ModuleAccountByName"), { verb: "get", path: "/cosmos/auth/v1beta1/module_accounts/{name}" });
  assert.deepEqual(route(TmService, "GetLatestBlock"), { verb: "get", path: "/cosmos/base/tendermint/v1beta1/blocks/latest" });
  assert.deepEqual(route(TxService, "GetTx"), { verb: "get", path: "/cosmos/tx/v1beta1/txs/{hash}" });
  assert.deepEqual(route(TxService, "Simulate"), { verb: "post", path: "/cosmos/tx/v1beta1/simulate" });
  assert.deepEqual(route(ConsensusQuery, "Params"), { verb: "get", path: "/cosmos/consensus/v1/params" });
  assert.deepEqual(route(ParamsQuery, "Params"), { verb: "get", path: "/cosmos/params/v1beta1/params" });
  assert.deepEqual(route(ParamsQuery, "Subspaces"), { verb: "get", path: "/cosmos/params/v1beta1/subspaces" });
  assert.deepEqual(route(NodeService, "Config"), { verb: "get", path: "/cosmos/base/node/v1beta1/config" });
  assert.deepEqual(route(NodeService, "Status"), { verb: "get", path: "/cosmos/base/node/v1beta1/status" });
});

test("consensus MsgUpdateParams keeps the SDK's field numbers: authority 1, block 2, evidence 3, validator 4, abci 5", () => {
  const msg = create(ConsensusMsgUpdateParamsSchema, {
    authority: "a",
    block: { maxBytes: 1n, maxGas: -1n },
    evidence: { maxAgeNumBlocks: 1n, maxAgeDuration: { seconds: 1n }, maxBytes: 1n },
    validator: { pubKeyTypes: ["e"] },
    abci: { voteExtensionsEnableHeight: 1n },
  });
  const hex = Buffer.from(toBinary(ConsensusMsgUpdateParamsSchema, msg)).toString("hex");
  // max_gas -1 is a ten-byte varint; the duration {seconds: 1} nests as field 2 of evidence.
  assert.equal(hex, "0a0161" + "120d" + "0801" + "10ffffffffffffffffff01" + "1a08" + "0801" + "12020801" + "1801" + "2203" + "0a0165" + "2a02" + "0801");
});

test("every message type the chain executes is known to the client SDK's registry (SIGN_MODE_DIRECT, no amino)", () => {
  const routed = wireApp().msgs.typeUrls();
  assert.ok(
    routed.includes("/chain.identity.MsgIssueCredential") &&
      routed.includes("/cosmos.gov.v1.MsgSubmitProposal") &&
      routed.includes("/cosmos.staking.v1beta1.MsgDelegate"),
  );
  const unknown = routed.filter((url) => !typeRegistry().getMessage(url.slice(1)));
  assert.deepEqual(unknown, []);
});
