// The registry and taxrail tx commands build the messages the chain expects from their flags, and
// refuse bad codes, hashes, amounts and rates before any key is touched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromBinary } from "@bufbuild/protobuf";
import { MsgRegisterAssetSchema, MsgTransferAssetSchema } from "../../../gen/chain/registry/tx_pb.js";
import { MsgSetTaxRuleSchema, MsgWithdrawTaxSchema } from "../../../gen/chain/taxrail/tx_pb.js";
import { UsageError } from "./cliArgs.js";
import { registryTxCommands } from "./txRegistry.js";
import { taxrailTxCommands } from "./txTaxrail.js";

const A = "unit1v5ptfk7aalur8q6vnkgev8wwlk4fqgfwyu9p2p";
const B = "unit1squt7f8va6eee6wf8hahchz8n6uxcrg28qa59z";
const HASH = "0x" + "ab".repeat(32);

function build(command: (typeof registryTxCommands)[string], values: Record<string, string>) {
  const { from, messages } = command.build([], { from: "alice", ...values } as never);
  assert.equal(from, "alice");
  const built = messages(A);
  // These commands need no chain lookup, so they build their messages synchronously.
  assert.ok(Array.isArray(built), "messages built synchronously");
  const [any] = built;
  return any!;
}

const usage = (run: () => unknown, message: RegExp) => assert.throws(run, (e) => e instanceof UsageError && message.test(e.message));

test("register-asset and transfer-asset build their messages", () => {
  const reg = build(registryTxCommands["register-asset"]!, {
    jurisdiction: "US-CA",
    "asset-class": "real_estate",
    owner: B,
    "metadata-hash": HASH,
    "declared-value": "1000000uunit",
  });
  assert.equal(reg.typeUrl, "/chain.registry.MsgRegisterAsset");
  const r = fromBinary(MsgRegisterAssetSchema, reg.value);
  assert.deepEqual(
    [r.authority, r.jurisdictionCode, r.assetClass, r.owner, r.metadataHash, r.declaredValue?.amount],
    [A, "US-CA", "real_estate", B, HASH, "1000000"],
  );
  const t = fromBinary(MsgTransferAssetSchema, build(registryTxCommands["transfer-asset"]!, { "asset-id": "3", to: B, price: "5000000uunit" }).value);
  assert.deepEqual([t.owner, t.assetId, t.newOwner, t.price?.denom, t.price?.amount], [A, 3n, B, "uunit", "5000000"]);
});

test("set-rule and withdraw build their messages", () => {
  const s = fromBinary(MsgSetTaxRuleSchema, build(taxrailTxCommands["set-rule"]!, { jurisdiction: "US-CA", "rate-bps": "250" }).value);
  assert.deepEqual([s.authority, s.jurisdictionCode, s.rateBps], [A, "US-CA", 250]);
  const w = fromBinary(MsgWithdrawTaxSchema, build(taxrailTxCommands.withdraw!, { jurisdiction: "US-CA", to: B, amount: "60000uunit" }).value);
  assert.deepEqual([w.authority, w.recipient, w.amount.map((c) => `${c.amount}${c.denom}`)], [A, B, ["60000uunit"]]);
});

test("bad flags are usage errors", () => {
  const reg = (over: Record<string, string>) => () =>
    build(registryTxCommands["register-asset"]!, {
      jurisdiction: "US-CA",
      "asset-class": "house",
      owner: B,
      "metadata-hash": HASH,
      "declared-value": "1uunit",
      ...over,
    });
  usage(reg({ jurisdiction: "us-ca" }), /--jurisdiction: .*upper-case/);
  usage(reg({ jurisdiction: "XX" }), /XX is not an ISO 3166-1 alpha-2 country code/);
  usage(reg({ "asset-class": "Real Estate" }), /--asset-class/);
  usage(reg({ "metadata-hash": "0x12" }), /--metadata-hash must be 0x followed by 64 hex digits/);
  usage(reg({ "declared-value": "1uunit,2ustable" }), /--declared-value must be one positive amount/);
  assert.throws(reg({ owner: "nobody" }), /invalid bech32 address "nobody"/);
  const transfer = (over: Record<string, string>) => () => build(registryTxCommands["transfer-asset"]!, { "asset-id": "1", to: B, price: "5uunit", ...over });
  usage(transfer({ "asset-id": "0" }), /--asset-id must be a positive integer/);
  usage(transfer({ price: "0uunit" }), /--price must be one positive amount/);
  usage(transfer({ price: "1.5uunit" }), /integer/);
  usage(() => build(taxrailTxCommands["set-rule"]!, { jurisdiction: "US-CA", "rate-bps": "10001" }), /--rate-bps must be an integer from 0 to 10000/);
  usage(() => build(taxrailTxCommands["set-rule"]!, { jurisdiction: "US-CA", "rate-bps": "2.5" }), /--rate-bps/);
  usage(() => build(taxrailTxCommands.withdraw!, { jurisdiction: "US-CA", to: B, amount: "0uunit" }), /zero|positive/);
  usage(() => build(taxrailTxCommands.withdraw!, { jurisdiction: "US-CA", to: B }), /missing --amount/);
});
