// The REST gateway as `unitd start` runs it (its own process, reading the app over gRPC) against a
// real one-validator chain: every GET route of bank, auth, tx and tendermint compared field by
// field with the gRPC answer it came from, errors, the query-only rule, CORS off and on, heights,
// limits, the OpenAPI document, and the app restarted under a running gateway.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { create, fromBinary, toBinary, type DescMessage, type DescService, type MessageInitShape } from "@bufbuild/protobuf";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { encodeBech32 } from "../sdk/crypto/bech32.js";
import { faucetAddress } from "../app/localGenesis.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { FAUCET_GENESIS_BALANCE, FAUCET_TEST_MNEMONIC } from "../common/node/testKeys.js";
import { FaucetSender } from "../gateway/faucet/faucetSender.js";
import { Query as AuthQuery } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { Query as BankQuery } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { Service as TendermintService } from "../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { Service as TxService } from "../gen/cosmos/tx/v1beta1/service_pb.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { parseCoins } from "../sdk/tx/coins.js";
import { LocalNode } from "./support/localNode.js";
import { freePort } from "./support/ports.js";
import { assertJsonMatchesMessage } from "./support/protoJsonOracle.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const FAUCET = faucetAddress();
const RECIPIENT = formatAccountAddress(createHash("sha256").update("rest gateway test recipient").digest().subarray(0, 20));
const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const OPENAPI_FILE = path.join(REPO_ROOT, "docs", "openapi.json");

let node: LocalNode;
let gateway: RestGatewayProcess;
let corsGateway: RestGatewayProcess;
let grpc: NodeGrpcClient;
let txHash: string;
let txHeight: bigint;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  corsGateway = new RestGatewayProcess(await freePort(), ["--home", node.paths.root, "--cors", "*"]);
  grpc = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
  const rpc = new CometRpcClient(node.rpcUrl);
  const sender = new FaucetSender({
    rpc,
    signer: signerFromMnemonic(FAUCET_TEST_MNEMONIC),
    amount: parseCoins("1234uunit"),
    fee: { amount: parseCoins("5000uunit"), gasLimit: 200_000n },
  });
  txHash = (await sender.send(RECIPIENT)).txhash;
  txHeight = (await rpc.waitForTx(txHash)).height;
  await node.waitForHeight(Number(txHeight) + 1);
  await gateway.waitFor("/cosmos/auth/v1beta1/params");
  await corsGateway.waitFor("/cosmos/auth/v1beta1/params");
});

after(async () => {
  grpc?.close();
  await gateway?.stop();
  await corsGateway?.stop();
  await node?.destroy();
});

interface RouteCase {
  url: () => string;
  service: DescService;
  method: string;
  request: () => Record<string, unknown>;
  /** Expected HTTP status when not 200. */
  status?: number;
  /** Not app state (read from CometBFT): answered at no particular height. */
  live?: boolean;
}

const bank = BankQuery as unknown as DescService;
const auth = AuthQuery as unknown as DescService;
const tx = TxService as unknown as DescService;
const tm = TendermintService as unknown as DescService;

/** Every GET route of the four services, keyed as in the OpenAPI document. */
const ROUTES: Record<string, RouteCase> = {
  "/cosmos/bank/v1beta1/balances/{address}": {
    url: () => `/cosmos/bank/v1beta1/balances/${FAUCET}`,
    service: bank,
    method: "AllBalances",
    request: () => ({ address: FAUCET }),
  },
  "/cosmos/bank/v1beta1/balances/{address}/by_denom": {
    url: () => `/cosmos/bank/v1beta1/balances/${FAUCET}/by_denom?denom=uunit`,
    service: bank,
    method: "Balance",
    request: () => ({ address: FAUCET, denom: "uunit" }),
  },
  "/cosmos/bank/v1beta1/spendable_balances/{address}": {
    url: () => `/cosmos/bank/v1beta1/spendable_balances/${RECIPIENT}`,
    service: bank,
    method: "SpendableBalances",
    request: () => ({ address: RECIPIENT }),
  },
  "/cosmos/bank/v1beta1/spendable_balances/{address}/by_denom": {
    url: () => `/cosmos/bank/v1beta1/spendable_balances/${RECIPIENT}/by_denom?denom=uunit`,
    service: bank,
    method: "SpendableBalanceByDenom",
    request: () => ({ address: RECIPIENT, denom: "uunit" }),
  },
  "/cosmos/bank/v1beta1/supply": {
    url: () => `/cosmos/bank/v1beta1/supply?pagination.count_total=true`,
    service: bank,
    method: "TotalSupply",
    request: () => ({ pagination: { countTotal: true } }),
  },
  "/cosmos/bank/v1beta1/supply/by_denom": {
    url: () => `/cosmos/bank/v1beta1/supply/by_denom?denom=uunit`,
    service: bank,
    method: "SupplyOf",
    request: () => ({ denom: "uunit" }),
  },
  "/cosmos/bank/v1beta1/params": { url: () => `/cosmos/bank/v1beta1/params`, service: bank, method: "Params", request: () => ({}) },
  "/cosmos/bank/v1beta1/denoms_metadata/{denom}": {
    url: () => `/cosmos/bank/v1beta1/denoms_metadata/uunit`,
    service: bank,
    method: "DenomMetadata",
    request: () => ({ denom: "uunit" }),
  },
  "/cosmos/bank/v1beta1/denoms_metadata_by_query_string": {
    url: () => `/cosmos/bank/v1beta1/denoms_metadata_by_query_string?denom=uunit`,
    service: bank,
    method: "DenomMetadataByQueryString",
    request: () => ({ denom: "uunit" }),
  },
  "/cosmos/bank/v1beta1/denoms_metadata": { url: () => `/cosmos/bank/v1beta1/denoms_metadata`, service: bank, method: "DenomsMetadata", request: () => ({}) },
  "/cosmos/bank/v1beta1/denom_owners/{denom}": {
    url: () => `/cosmos/bank/v1beta1/denom_owners/uunit`,
    service: bank,
    method: "DenomOwners",
    request: () => ({ denom: "uunit" }),
  },
  "/cosmos/bank/v1beta1/denom_owners_by_query": {
    url: () => `/cosmos/bank/v1beta1/denom_owners_by_query?denom=uunit&pagination.limit=2`,
    service: bank,
    method: "DenomOwnersByQuery",
    request: () => ({ denom: "uunit", pagination: { limit: 2n } }),
  },
  "/cosmos/bank/v1beta1/send_enabled": {
    url: () => `/cosmos/bank/v1beta1/send_enabled?denoms=uunit`,
    service: bank,
    method: "SendEnabled",
    request: () => ({ denoms: ["uunit"] }),
  },
  "/cosmos/auth/v1beta1/accounts": {
    url: () => `/cosmos/auth/v1beta1/accounts?pagination.limit=2&pagination.reverse=true`,
    service: auth,
    method: "Accounts",
    request: () => ({ pagination: { limit: 2n, reverse: true } }),
  },
  "/cosmos/auth/v1beta1/accounts/{address}": {
    url: () => `/cosmos/auth/v1beta1/accounts/${FAUCET}`,
    service: auth,
    method: "Account",
    request: () => ({ address: FAUCET }),
  },
  "/cosmos/auth/v1beta1/address_by_id/{id}": {
    url: () => `/cosmos/auth/v1beta1/address_by_id/1`,
    service: auth,
    method: "AccountAddressByID",
    request: () => ({ id: 1n }),
  },
  "/cosmos/auth/v1beta1/params": { url: () => `/cosmos/auth/v1beta1/params`, service: auth, method: "Params", request: () => ({}) },
  "/cosmos/auth/v1beta1/module_accounts": { url: () => `/cosmos/auth/v1beta1/module_accounts`, service: auth, method: "ModuleAccounts", request: () => ({}) },
  "/cosmos/auth/v1beta1/module_accounts/{name}": {
    url: () => `/cosmos/auth/v1beta1/module_accounts/gov`,
    service: auth,
    method: "ModuleAccountByName",
    request: () => ({ name: "gov" }),
  },
  "/cosmos/auth/v1beta1/bech32": { url: () => `/cosmos/auth/v1beta1/bech32`, service: auth, method: "Bech32Prefix", request: () => ({}) },
  "/cosmos/auth/v1beta1/bech32/{address_string}": {
    url: () => `/cosmos/auth/v1beta1/bech32/${GOV}`,
    service: auth,
    method: "AddressStringToBytes",
    request: () => ({ addressString: GOV }),
  },
  "/cosmos/auth/v1beta1/account_info/{address}": {
    url: () => `/cosmos/auth/v1beta1/account_info/${FAUCET}`,
    service: auth,
    method: "AccountInfo",
    request: () => ({ address: FAUCET }),
  },
  "/cosmos/tx/v1beta1/txs/{hash}": {
    url: () => `/cosmos/tx/v1beta1/txs/${txHash}`,
    service: tx,
    method: "GetTx",
    request: () => ({ hash: txHash }),
    live: true,
  },
  "/cosmos/tx/v1beta1/txs": {
    url: () => `/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`transfer.recipient='${RECIPIENT}'`)}&order_by=ORDER_BY_DESC`,
    service: tx,
    method: "GetTxsEvent",
    request: () => ({ query: `transfer.recipient='${RECIPIENT}'`, orderBy: 2 }),
    live: true,
  },
  "/cosmos/tx/v1beta1/txs/block/{height}": {
    url: () => `/cosmos/tx/v1beta1/txs/block/${txHeight}`,
    service: tx,
    method: "GetBlockWithTxs",
    request: () => ({ height: txHeight }),
    live: true,
  },
  "/cosmos/base/tendermint/v1beta1/node_info": {
    url: () => `/cosmos/base/tendermint/v1beta1/node_info`,
    service: tm,
    method: "GetNodeInfo",
    request: () => ({}),
    live: true,
  },
  "/cosmos/base/tendermint/v1beta1/syncing": {
    url: () => `/cosmos/base/tendermint/v1beta1/syncing`,
    service: tm,
    method: "GetSyncing",
    request: () => ({}),
    live: true,
  },
  "/cosmos/base/tendermint/v1beta1/blocks/latest": {
    url: () => `/cosmos/base/tendermint/v1beta1/blocks/latest`,
    service: tm,
    method: "GetLatestBlock",
    request: () => ({}),
    live: true,
  },
  "/cosmos/base/tendermint/v1beta1/blocks/{height}": {
    url: () => `/cosmos/base/tendermint/v1beta1/blocks/${txHeight}`,
    service: tm,
    method: "GetBlockByHeight",
    request: () => ({ height: txHeight }),
    live: true,
  },
  "/cosmos/base/tendermint/v1beta1/validatorsets/latest": {
    url: () => `/cosmos/base/tendermint/v1beta1/validatorsets/latest`,
    service: tm,
    method: "GetLatestValidatorSet",
    request: () => ({}),
    live: true,
  },
  "/cosmos/base/tendermint/v1beta1/validatorsets/{height}": {
    url: () => `/cosmos/base/tendermint/v1beta1/validatorsets/${txHeight}`,
    service: tm,
    method: "GetValidatorSetByHeight",
    request: () => ({ height: txHeight }),
    live: true,
  },
};

/** The "latest" methods, and the by-height route and answered height to compare them with. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body
const LATEST_BY_HEIGHT: Record<string, { route: string; height: (body: any) => string }> = {
  GetLatestBlock: { route: "/cosmos/base/tendermint/v1beta1/blocks/{height}", height: (body) => body.block.header.height },
  GetLatestValidatorSet: { route: "/cosmos/base/tendermint/v1beta1/validatorsets/{height}", height: (body) => body.block_height },
};

async function grpcAnswer(c: RouteCase, height: number | undefined, request = c.request()) {
  const method = c.service.methods.find((m) => m.name === c.method)!;
  const bytes = toBinary(method.input, create(method.input, request as MessageInitShape<DescMessage>));
  const { response } = await grpc.unary(`/${c.service.typeName}/${c.method}`, bytes, height === undefined ? {} : { height });
  return { schema: method.output, message: fromBinary(method.output, response) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- runtime schema
}

test("the gateway serves exactly the GET routes annotated in the bank, auth, tx and tendermint protos", async () => {
  const doc = (await gateway.get("/openapi.json")).body;
  const covered = Object.keys(doc.paths).filter((p) => /^\/cosmos\/(bank|auth|tx|base\/tendermint)\//.test(p));
  assert.deepEqual(covered.sort(), Object.keys(ROUTES).sort());
});

test("every route answers like its gRPC method, field by field", async () => {
  const latest = await gateway.committedHeight();
  for (const [key, c] of Object.entries(ROUTES)) {
    // State queries are pinned to one height so both answers come from the same state.
    const res = await gateway.get(c.url(), c.live ? {} : { headers: { "x-cosmos-block-height": String(latest) } });
    if (c.status) {
      assert.equal(res.status, c.status, `${key}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(Object.keys(res.body), ["code", "message", "details"], key);
      continue;
    }
    assert.equal(res.status, 200, `${key}: ${JSON.stringify(res.body)}`);
    assert.equal(res.headers.get("content-type"), "application/json; charset=utf-8", key);
    const answeredAt = Number(res.headers.get("x-cosmos-block-height"));
    if (!c.live) assert.equal(answeredAt, latest, `${key}: answered at the requested height`);
    else assert.ok(answeredAt >= latest, `${key}: x-cosmos-block-height ${answeredAt} is the app's height`);
    // The latest block and validator set move on: compare with those at the height the gateway returned.
    const atHeight = LATEST_BY_HEIGHT[c.method];
    const expected = atHeight
      ? await grpcAnswer(ROUTES[atHeight.route]!, undefined, { height: BigInt(atHeight.height(res.body)) })
      : await grpcAnswer(c, c.live ? undefined : latest);
    assert.equal(Object.keys(res.body)[0], expected.schema.fields[0]!.name, `${key}: keys in declaration order`);
    assertJsonMatchesMessage(expected.schema, expected.message, res.body, key);
  }
});

test("the JSON conventions, on values this chain is known to hold", async () => {
  const account = (await gateway.get(`/cosmos/auth/v1beta1/accounts/${FAUCET}`)).body.account;
  assert.equal(Object.keys(account)[0], "@type", "@type first in an Any");
  assert.equal(account["@type"], "/cosmos.auth.v1beta1.BaseAccount");
  assert.equal(account.pub_key["@type"], "/cosmos.crypto.secp256k1.PubKey", "a nested Any, learned from the app on first sight");
  assert.match(account.sequence, /^[1-9][0-9]*$/, "uint64 as a decimal string");
  const stranger = (await gateway.get(`/cosmos/auth/v1beta1/accounts/${RECIPIENT}`)).body.account;
  assert.equal(stranger.pub_key, null, "an unset message is null");

  const balances = (await gateway.get(`/cosmos/bank/v1beta1/balances/${FAUCET}`)).body;
  assert.deepEqual(balances.pagination, { next_key: null, total: "1" });
  const balance = BigInt(balances.balances[0].amount);
  assert.ok(balance < FAUCET_GENESIS_BALANCE, "the faucet paid for the test's tx");
  const owners = (await gateway.get("/cosmos/bank/v1beta1/denom_owners/uunit")).body.denom_owners;
  assert.ok(
    owners.some((o: { address: string; balance: { amount: string } }) => o.address === RECIPIENT && o.balance.amount === "1234"),
    "the recipient holds uunit",
  );

  const got = (await gateway.get(`/cosmos/tx/v1beta1/txs/${txHash.toLowerCase()}`)).body;
  assert.equal(got.tx.body.messages[0]["@type"], "/cosmos.bank.v1beta1.MsgSend");
  assert.equal(got.tx.body.messages[0].to_address, RECIPIENT);
  assert.equal(got.tx.auth_info.signer_infos[0].mode_info.single.mode, "SIGN_MODE_DIRECT", "enum by name");
  assert.ok(!("multi" in got.tx.auth_info.signer_infos[0].mode_info), "the unset member of a oneof is left out");
  assert.equal(got.tx_response.txhash, txHash);
  assert.match(got.tx_response.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, "RFC3339 time");

  const block = (await gateway.get(`/cosmos/base/tendermint/v1beta1/blocks/${txHeight}`)).body;
  assert.equal(typeof block.block_id.part_set_header.total, "number", "uint32 as a JSON number");
  assert.match(block.block.header.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3,9})?Z$/);
  assert.match(block.sdk_block.header.proposer_address, /^unitvalcons1/);
  const comet = await node.rpc<{ block_id: { hash: string } }>(`block?height=${txHeight}`);
  assert.equal(Buffer.from(block.block_id.hash, "base64").toString("hex").toUpperCase(), comet.block_id.hash, "bytes as base64");
});

test("pagination: limit, next_key (base64) to resume, offset, reverse and count_total", async () => {
  const first = (await gateway.get("/cosmos/auth/v1beta1/accounts?pagination.limit=1")).body;
  assert.equal(first.accounts.length, 1);
  assert.match(first.pagination.next_key, /^[A-Za-z0-9+/]+=*$/);
  const key = encodeURIComponent(first.pagination.next_key);
  const second = (await gateway.get(`/cosmos/auth/v1beta1/accounts?pagination.limit=1&pagination.key=${key}`)).body;
  assert.equal(second.accounts.length, 1);
  assert.notEqual(second.accounts[0].address ?? second.accounts[0].base_account.address, first.accounts[0].address ?? first.accounts[0].base_account.address);
  const all = (await gateway.get("/cosmos/auth/v1beta1/accounts?pagination.count_total=true")).body;
  const total = Number(all.pagination.total);
  assert.equal(all.accounts.length, total);
  const reversed = (await gateway.get("/cosmos/auth/v1beta1/accounts?pagination.reverse=true&pagination.countTotal=true")).body;
  assert.deepEqual(
    reversed.accounts.map((a: { "@type": string }) => JSON.stringify(a)),
    all.accounts.map((a: object) => JSON.stringify(a)).reverse(),
  );
  const skipped = (await gateway.get(`/cosmos/auth/v1beta1/accounts?pagination.offset=${total - 1}`)).body;
  assert.equal(skipped.accounts.length, 1);
  // Over the cap is lowered to it, not refused: the page is simply all there is.
  const capped = await gateway.get("/cosmos/auth/v1beta1/accounts?pagination.limit=1000000");
  assert.equal(capped.status, 200);
  assert.equal(capped.body.accounts.length, total);
});

test("a historical height: the recipient's balance before and after the transfer", async () => {
  const route = `/cosmos/bank/v1beta1/balances/${RECIPIENT}/by_denom?denom=uunit`;
  const before = await gateway.get(route, { headers: { "x-cosmos-block-height": String(txHeight - 1n) } });
  assert.equal(before.status, 200);
  assert.equal(before.headers.get("x-cosmos-block-height"), String(txHeight - 1n));
  assert.equal(before.body.balance.amount, "0");
  const at = await gateway.get(route, { headers: { "x-cosmos-block-height": String(txHeight) } });
  assert.equal(at.headers.get("x-cosmos-block-height"), String(txHeight));
  assert.equal(at.body.balance.amount, "1234");
  const latest = await gateway.get(route);
  assert.ok(Number(latest.headers.get("x-cosmos-block-height")) >= Number(txHeight));
});

test("errors: the gRPC code, its HTTP status and a message, in one shape", async () => {
  const cases: [string, Record<string, string>, number, number, RegExp][] = [
    ["/cosmos/bank/v1beta1/balances/unit1notanaddress", {}, 400, 3, /invalid address/],
    ["/cosmos/bank/v1beta1/balances/cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu", {}, 400, 3, /prefix|invalid address/],
    [`/cosmos/auth/v1beta1/accounts/${formatAccountAddress(new Uint8Array(20).fill(7))}`, {}, 404, 5, /not found/],
    ["/cosmos/bank/v1beta1/denoms_metadata/nosuchcoin", {}, 404, 5, /nosuchcoin/],
    ["/cosmos/bank/v1beta1/denom_owners/u%20nit", {}, 400, 3, /denom/],
    ["/cosmos/base/tendermint/v1beta1/blocks/99999999", {}, 400, 11, /height/],
    ["/cosmos/tx/v1beta1/txs/XYZ", {}, 400, 3, /hex/],
    [`/cosmos/tx/v1beta1/txs/${"AB".repeat(32)}`, {}, 404, 5, /tx not found/],
    ["/cosmos/tx/v1beta1/txs", {}, 400, 3, /query cannot be empty/],
    ["/cosmos/bank/v1beta1/supply?pagination.limit=ten", {}, 400, 3, /pagination\.limit/],
    ["/cosmos/bank/v1beta1/supply?pagination.limt=10", {}, 400, 3, /"pagination\.limt" is not a field/],
    ["/cosmos/bank/v1beta1/params", { "x-cosmos-block-height": "latest" }, 400, 3, /x-cosmos-block-height/],
    ["/cosmos/bank/v1beta1/params", { "x-cosmos-block-height": "99999999" }, 400, 11, /above the latest committed height/],
    ["/cosmos/bank/v1beta1/no/such/route", {}, 404, 5, /no route for \/cosmos\/bank\/v1beta1\/no\/such\/route/],
    ["/", {}, 404, 5, /no route/],
  ];
  for (const [route, headers, status, code, message] of cases) {
    const res = await gateway.get(route, { headers });
    assert.equal(res.status, status, `${route}: ${JSON.stringify(res.body)}`);
    assert.deepEqual(Object.keys(res.body), ["code", "message", "details"], route);
    assert.equal(res.body.code, code, route);
    assert.match(res.body.message, message, route);
    assert.deepEqual(res.body.details, [], route);
  }
});

test("query-only: POST, PUT, DELETE and PATCH are 405 and point to gRPC and the consensus RPC", async () => {
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    for (const route of ["/cosmos/tx/v1beta1/txs", "/cosmos/bank/v1beta1/balances/" + FAUCET, "/nowhere"]) {
      const res = await gateway.get(route, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "DELETE" ? undefined : '{"tx_bytes":"AA==","mode":"BROADCAST_MODE_SYNC"}',
      });
      assert.equal(res.status, 405, `${method} ${route}`);
      assert.equal(res.headers.get("allow"), "GET, HEAD, OPTIONS");
      assert.equal(res.body.code, 12);
      assert.match(res.body.message, /query-only.*BroadcastTx.*broadcast_tx_sync/);
    }
  }
  const head = await gateway.get("/cosmos/bank/v1beta1/params", { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.body, undefined);
  assert.ok(head.headers.get("x-cosmos-block-height"));
});

test("CORS is off by default and permissive with --cors '*'", async () => {
  const origin = { Origin: "https://wallet.example" };
  const plain = await gateway.get("/cosmos/bank/v1beta1/params", { headers: origin });
  assert.equal(plain.status, 200);
  for (const [name] of plain.headers) assert.ok(!name.startsWith("access-control-"), `no CORS header by default, got ${name}`);
  const preflightOff = await gateway.get("/cosmos/bank/v1beta1/params", { method: "OPTIONS", headers: { ...origin, "Access-Control-Request-Method": "GET" } });
  assert.equal(preflightOff.headers.get("access-control-allow-origin"), null);

  const open = await corsGateway.get("/cosmos/bank/v1beta1/params", { headers: origin });
  assert.equal(open.headers.get("access-control-allow-origin"), "*");
  assert.match(open.headers.get("access-control-expose-headers") ?? "", /x-cosmos-block-height/);
  const preflight = await corsGateway.get("/cosmos/bank/v1beta1/params", {
    method: "OPTIONS",
    headers: { ...origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "x-cosmos-block-height" },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
  assert.equal(preflight.headers.get("access-control-allow-methods"), "GET, HEAD, OPTIONS");
  assert.equal(preflight.headers.get("access-control-allow-headers"), "x-cosmos-block-height");
  const errorToo = await corsGateway.get("/nowhere", { headers: origin });
  assert.equal(errorToo.status, 404);
  assert.equal(errorToo.headers.get("access-control-allow-origin"), "*", "errors are readable by the page too");
});

test("limits: an oversized URL is 414, too many parameters 400", async () => {
  const long = await gateway.get(`/cosmos/bank/v1beta1/supply?x=${"a".repeat(9000)}`);
  assert.equal(long.status, 414);
  assert.equal(long.body.code, 3);
  const many = Array.from({ length: 40 }, (_, i) => `p${i}=1`).join("&");
  const tooMany = await gateway.get(`/cosmos/bank/v1beta1/supply?${many}`);
  assert.equal(tooMany.status, 400);
  assert.match(tooMany.body.message, /too many query parameters/);
});

test("/openapi.json is the document in docs/openapi.json, and describes every route", async () => {
  const served = (await gateway.get("/openapi.json")).body;
  if (process.env.UPDATE_OPENAPI) fs.writeFileSync(OPENAPI_FILE, JSON.stringify(served, null, 2) + "\n");
  const committed = JSON.parse(fs.readFileSync(OPENAPI_FILE, "utf8"));
  assert.deepEqual(served, committed, "docs/openapi.json is stale: regenerate it with UPDATE_OPENAPI=1 node scripts/run-tests.mjs restGateway");
  assert.equal(served.openapi, "3.0.3");
  const op = served.paths["/cosmos/bank/v1beta1/balances/{address}"].get;
  assert.deepEqual(
    op.parameters.filter((p: { in: string }) => p.in === "path").map((p: { name: string }) => p.name),
    ["address"],
  );
  assert.ok(op.parameters.some((p: { name: string }) => p.name === "pagination.limit"));
  assert.equal(op.responses["200"].content["application/json"].schema.$ref, "#/components/schemas/cosmos.bank.v1beta1.QueryAllBalancesResponse");
});

test("the app restarted under a running gateway: 503 while it is down, answers again when it is back", async () => {
  const pid = gateway.pid;
  await node.kill("app", "SIGKILL");
  await node.waitExit("comet", 30_000).catch(() => node.kill("comet", "SIGKILL"));
  const down = await gateway.get("/cosmos/bank/v1beta1/params");
  assert.equal(down.status, 503);
  assert.equal(down.body.code, 14);
  assert.match(down.body.message, /unavailable/);
  assert.ok(gateway.running, "the gateway stays up");

  await node.start();
  await gateway.waitFor(`/cosmos/bank/v1beta1/balances/${RECIPIENT}`, 200, 30_000);
  assert.equal(gateway.pid, pid, "the same gateway process");
  const after = await gateway.get(`/cosmos/bank/v1beta1/balances/${RECIPIENT}`);
  assert.deepEqual(after.body.balances, [{ denom: "uunit", amount: "1234" }]);
});

test("validator sets: CometBFT's validators with bech32 consensus addresses and their staking power", async () => {
  const res = await gateway.get("/cosmos/base/tendermint/v1beta1/validatorsets/latest");
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const comet = await node.rpc<{ validators: { address: string; pub_key: { value: string }; voting_power: string }[] }>("validators");
  assert.equal(res.body.validators.length, 1);
  const [v] = res.body.validators;
  assert.equal(v.address, encodeBech32("unitvalcons", Buffer.from(comet.validators[0]!.address, "hex")));
  assert.deepEqual(v.pub_key, { "@type": "/cosmos.crypto.ed25519.PubKey", key: comet.validators[0]!.pub_key.value });
  assert.equal(v.voting_power, "100000", "the self-delegation of 10^11 uunit at 10^6 per power unit");
  assert.deepEqual(res.body.pagination, { next_key: null, total: "1" });
  const future = await gateway.get("/cosmos/base/tendermint/v1beta1/validatorsets/999999999");
  assert.equal(future.status, 400, JSON.stringify(future.body));
  assert.equal(future.body.code, 11);
});
