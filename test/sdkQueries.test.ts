// The SDK's typed query clients against a real node (CometBFT + app + REST gateway) whose genesis
// holds state in every custom module: every method of identity, registry, taxrail, voting,
// precisebank and evm answers over REST (fetch + fromJson) and over CosmJS's ABCI query, the two
// decode to equal messages at the same height, and failures are typed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { equals, type DescMessage, type DescService } from "@bufbuild/protobuf";
import { QueryClient } from "@cosmjs/stargate";
import { connectComet, type CometClient } from "@cosmjs/tendermint-rpc";
import { Query as EvmQuery } from "../gen/chain/evm/query_pb.js";
import { Query as IdentityQuery } from "../gen/chain/identity/query_pb.js";
import { AccountTier, CredentialStatus } from "../gen/chain/identity/identity_pb.js";
import { Query as PrecisebankQuery } from "../gen/chain/precisebank/query_pb.js";
import { Query as RegistryQuery } from "../gen/chain/registry/query_pb.js";
import { Query as TaxrailQuery } from "../gen/chain/taxrail/query_pb.js";
import { Query as VotingQuery } from "../gen/chain/voting/query_pb.js";
import { ElectionStatus } from "../gen/chain/voting/voting_pb.js";
import { withGenesisBalances } from "../app/genesis.js";
import { faucetAddress } from "../app/localGenesis.js";
import { moduleAddress, TAXRAIL_ACCOUNT } from "../common/moduleAccounts.js";
import { formatAccountAddress, toHexAddress } from "../sdk/crypto/accountAddress.js";
import { parseHexAddress } from "../sdk/crypto/hexAddress.js";
import { createRestQueryClient, getPathTemplate, RestQueryError, setupUnitExtensions, type RestQueryClient, type UnitExtensions } from "../sdk/query/index.js";
import { keplrChainInfo } from "../sdk/wallet/index.js";
import { DEFAULT_CHAIN_ID } from "../cometbft/genesis.js";
import { LocalNode } from "./support/localNode.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const address = (byte: number) => formatAccountAddress(new Uint8Array(20).fill(byte));
const ISSUER = address(0x11);
const SUBJECT = address(0x22);
const CA = address(0x31);
const BOB = address(0x33);
const BOARD = address(0x41);
const ALICE = address(0x42);
const FRACTIONAL = address(0xa1);
const HASH = "0x" + "ab".repeat(32);
const CONTRACT = "0x" + "c0".repeat(20);
// Runtime code that returns storage slot 0: PUSH1 0 SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN.
const RETURN_SLOT_0 = "0x60005460005260206000f3";
const SLOT_0_VALUE = "0x" + "00".repeat(31) + "2a";

const election = (id: string, status: string, start: string, end: string) => ({
  id,
  title: `Election ${id}`,
  description: "",
  options: ["yes", "no"],
  eligibility_credential_type: "",
  authority: BOARD,
  voting_start: start,
  voting_end: end,
  status: `ELECTION_STATUS_${status}`,
  created_at: "2025-12-01T00:00:00Z",
});

let node: LocalNode;
let gateway: RestGatewayProcess;
let comet: CometClient;
let rest: RestQueryClient;
let abci: QueryClient & UnitExtensions;
let height: number;

before(async () => {
  node = await LocalNode.create({
    editAppState: (state) => {
      const withBalances = withGenesisBalances(state, [
        { address: formatAccountAddress(moduleAddress(TAXRAIL_ACCOUNT)), coins: [{ denom: "uunit", amount: "60000" }] },
        { address: formatAccountAddress(moduleAddress("precisebank")), coins: [{ denom: "uunit", amount: "1" }] },
      ]);
      const evm = withBalances.evm as Record<string, unknown>;
      return {
        ...withBalances,
        identity: {
          params: { attested_credential_type: "kyc" },
          issuers: [{ address: ISSUER, name: "Acme KYC", added_at: "2026-01-02T03:04:05Z" }],
          credentials: [{ id: "1", subject: SUBJECT, issuer: ISSUER, credential_type: "kyc", credential_hash: HASH, status: "CREDENTIAL_STATUS_ACTIVE" }],
          next_credential_id: "2",
        },
        registry: {
          params: { require_attested_owner: false, max_asset_class_length: 32 },
          jurisdictions: [{ jurisdiction_code: "US-CA", authority: CA, name: "California DRE", added_at: "2026-01-01T00:00:00Z" }],
          assets: [
            {
              id: "1",
              jurisdiction_code: "US-CA",
              asset_class: "real_estate",
              owner: BOB,
              metadata_hash: HASH,
              registered_by: CA,
              registered_at: "2026-01-02T03:04:05Z",
              declared_value: { denom: "uunit", amount: "1000000" },
            },
          ],
          history: [
            {
              asset_id: "1",
              seq: "1",
              from: CA,
              to: BOB,
              price: { denom: "uunit", amount: "4000000" },
              tax_paid: { denom: "uunit", amount: "100000" },
              height: "42",
              time: "2026-01-03T00:00:00Z",
            },
          ],
          next_asset_id: "2",
        },
        taxrail: {
          params: { max_rate_bps: 2000 },
          rules: [{ jurisdiction_code: "US-CA", rate_bps: 250, set_by: CA, updated_at: "2026-01-02T00:00:00Z" }],
          balances: [{ jurisdiction_code: "US-CA", collected: [{ denom: "uunit", amount: "100000" }], balance: [{ denom: "uunit", amount: "60000" }] }],
        },
        voting: {
          params: { min_voting_period: "30s", max_voting_period: "86400s", max_options: 5 },
          electoral_authorities: [{ address: BOARD, name: "Election Board", added_at: "2025-11-30T00:00:00Z" }],
          elections: [
            election("1", "CLOSED", "2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"),
            election("2", "OPEN", "2026-01-01T00:00:00Z", "2099-01-01T00:00:00Z"),
          ],
          voter_records: [
            { election_id: "1", voter: ALICE, registered_at: "2025-12-31T00:00:00Z", voted: true, option: "no", voted_at: "2026-01-01T10:00:00Z" },
          ],
          next_election_id: "3",
        },
        precisebank: { balances: [{ address: FRACTIONAL, amount: "400000000000" }], remainder: "600000000000" },
        evm: { ...evm, accounts: [{ address: CONTRACT, code: RETURN_SLOT_0, storage: [{ key: "0x" + "00".repeat(32), value: SLOT_0_VALUE }] }] },
      };
    },
  });
  await node.start();
  await node.waitForHeight(3);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/vendor/chain/identity/params");
  rest = createRestQueryClient(gateway.url);
  comet = await connectComet(node.rpcUrl);
  abci = QueryClient.withExtensions(comet, setupUnitExtensions);
  height = await gateway.committedHeight();
});

after(async () => {
  comet?.disconnect();
  await gateway?.stop();
  await node?.destroy();
});

type Case = { request: Record<string, unknown>; check?: (response: any) => void }; // eslint-disable-line @typescript-eslint/no-explicit-any
type Module = keyof UnitExtensions;

const SERVICES: Record<Module, DescService> = {
  identity: IdentityQuery,
  registry: RegistryQuery,
  taxrail: TaxrailQuery,
  voting: VotingQuery,
  precisebank: PrecisebankQuery,
  evm: EvmQuery,
};

const CASES: Record<Module, Record<string, Case>> = {
  identity: {
    params: { request: {}, check: (r) => assert.equal(r.params.attestedCredentialType, "kyc") },
    did: { request: { address: SUBJECT }, check: (r) => assert.match(r.didDocument.id, /^did:/) },
    credential: {
      request: { id: 1n },
      check: (r) => {
        assert.equal(r.credential.id, 1n);
        assert.equal(r.credential.status, CredentialStatus.ACTIVE);
        assert.equal(r.credential.credentialHash, HASH);
        assert.equal(r.issuerAuthorized, true);
      },
    },
    issuers: {
      request: { pagination: { limit: 1n, countTotal: true } },
      check: (r) => {
        assert.deepEqual(
          r.issuers.map((i: { name: string }) => i.name),
          ["Acme KYC"],
        );
        assert.equal(r.pagination.total, 1n);
      },
    },
    tier: { request: { address: SUBJECT }, check: (r) => assert.notEqual(r.tier, AccountTier.UNSPECIFIED) },
  },
  registry: {
    params: { request: {}, check: (r) => assert.equal(r.params.maxAssetClassLength, 32) },
    asset: { request: { id: 1n }, check: (r) => assert.equal(r.asset.owner, BOB) },
    assetHistory: { request: { assetId: 1n, pagination: { limit: 5n } }, check: (r) => assert.equal(r.history[0].taxPaid.amount, "100000") },
    jurisdiction: { request: { jurisdictionCode: "US-CA" }, check: (r) => assert.equal(r.jurisdiction.name, "California DRE") },
    jurisdictions: { request: {}, check: (r) => assert.equal(r.jurisdictions.length, 1) },
    assetsByOwner: {
      request: { owner: BOB },
      check: (r) =>
        assert.deepEqual(
          r.assets.map((a: { id: bigint }) => a.id),
          [1n],
        ),
    },
    assetsByJurisdiction: { request: { jurisdictionCode: "US-CA" }, check: (r) => assert.equal(r.assets[0].assetClass, "real_estate") },
  },
  taxrail: {
    params: { request: {}, check: (r) => assert.equal(r.params.maxRateBps, 2000) },
    rule: { request: { jurisdictionCode: "US-CA" }, check: (r) => assert.equal(r.rule.rateBps, 250) },
    rules: { request: {}, check: (r) => assert.equal(r.rules.length, 1) },
    balance: {
      request: { jurisdictionCode: "US-CA" },
      check: (r) =>
        assert.deepEqual(
          r.balance.balance.map((c: { amount: string }) => c.amount),
          ["60000"],
        ),
    },
    balances: { request: {}, check: (r) => assert.equal(r.balances[0].jurisdictionCode, "US-CA") },
  },
  voting: {
    params: { request: {}, check: (r) => assert.equal(r.params.maxOptions, 5) },
    election: { request: { id: 1n }, check: (r) => assert.equal(r.election.status, ElectionStatus.CLOSED) },
    electionResults: {
      request: { electionId: 1n },
      check: (r) => assert.ok(JSON.stringify(r.results, (_k, v) => (typeof v === "bigint" ? String(v) : v)).includes('"no"')),
    },
    electoralAuthorities: { request: {}, check: (r) => assert.equal(r.electoralAuthorities[0].name, "Election Board") },
    elections: {
      request: { status: ElectionStatus.OPEN },
      check: (r) =>
        assert.deepEqual(
          r.elections.map((e: { id: bigint }) => e.id),
          [2n],
        ),
    },
    voter: { request: { electionId: 1n, address: ALICE }, check: (r) => assert.equal(r.record.option, "no") },
  },
  precisebank: {
    totalFractionalBalances: { request: {}, check: (r) => assert.equal(r.total.amount, "400000000000") },
    remainder: { request: {}, check: (r) => assert.equal(r.remainder.amount, "600000000000") },
    fractionalBalance: {
      request: { address: FRACTIONAL },
      check: (r) => assert.deepEqual([r.fractionalBalance.denom, r.fractionalBalance.amount], ["aunit", "400000000000"]),
    },
  },
  evm: {
    params: { request: {}, check: (r) => assert.equal(r.params.chainId, 2611n) },
    account: { request: { address: toHexAddress(faucetAddress()) }, check: (r) => assert.ok(BigInt(r.balance) > 0n) },
    code: { request: { address: CONTRACT }, check: (r) => assert.equal(Buffer.from(r.code).toString("hex"), RETURN_SLOT_0.slice(2)) },
    storage: { request: { address: CONTRACT, slot: "0x0" }, check: (r) => assert.equal(Buffer.from(r.value).toString("hex"), SLOT_0_VALUE.slice(2)) },
    block: { request: { height: 2n, includeReceipts: true }, check: (r) => assert.equal(r.block.height, 2n) },
    // No Ethereum tx has run: the receipt query's answer is NotFound, checked in its own test.
    receipt: { request: { txHash: "0x" + "12".repeat(32) } },
    // No REST route (byte lists, call arguments): ABCI only.
    logs: { request: { fromHeight: 1n, toHeight: 2n }, check: (r) => assert.deepEqual(r.logs, []) },
    call: {
      request: { args: { to: parseHexAddress(CONTRACT) } },
      check: (r) => assert.equal(Buffer.from(r.returnData).toString("hex"), SLOT_0_VALUE.slice(2)),
    },
    estimateGas: { request: { args: { to: parseHexAddress(CONTRACT) } }, check: (r) => assert.ok(r.gas > 21000n && r.gas < 30000n, String(r.gas)) },
  },
};

test("the cases cover every method of the six services; REST offers exactly the methods with a GET route", () => {
  for (const [module, service] of Object.entries(SERVICES) as [Module, DescService][]) {
    const methods = service.methods.map((m) => m.localName).sort();
    assert.deepEqual(Object.keys(CASES[module]).sort(), methods, `${module}: a case per method`);
    assert.deepEqual(Object.keys(abci[module]).sort(), methods, `${module}: ABCI client`);
    const routed = service.methods.filter((m) => getPathTemplate(m) !== undefined).map((m) => m.localName);
    assert.deepEqual(Object.keys(rest[module]).sort(), routed.sort(), `${module}: REST client`);
  }
  assert.deepEqual(
    EvmQuery.methods.filter((m) => getPathTemplate(m) === undefined).map((m) => m.name),
    ["Logs", "Call", "EstimateGas"],
  );
});

for (const [module, cases] of Object.entries(CASES) as [Module, Record<string, Case>][]) {
  test(`${module}: every method answers over REST and ABCI with equal, decoded messages`, async () => {
    for (const [name, { request, check }] of Object.entries(cases)) {
      if (check === undefined) continue;
      const method = SERVICES[module].methods.find((m) => m.localName === name)!;
      const viaAbci = await (abci[module] as any)[name](request, { height }); // eslint-disable-line @typescript-eslint/no-explicit-any
      check(viaAbci);
      if (getPathTemplate(method) === undefined) continue;
      const viaRest = await (rest[module] as any)[name](request, { height }); // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.equal(viaRest.$typeName, method.output.typeName);
      check(viaRest);
      assert.ok(equals(method.output as DescMessage, viaRest, viaAbci), `${module}.${name}: REST and ABCI answers differ`);
    }
  });
}

test("failures are typed: the gateway's {code, message, details} as RestQueryError, ABCI's as CosmJS reports it", async () => {
  await assert.rejects(rest.identity.credential({ id: 999n }), (err: unknown) => {
    assert.ok(err instanceof RestQueryError);
    assert.equal(err.status, 404);
    assert.equal(err.code, 5);
    assert.ok(err.isNotFound);
    assert.match(err.restMessage, /999/);
    assert.deepEqual(err.details, []);
    return true;
  });
  await assert.rejects(rest.evm.receipt({ txHash: "0x" + "12".repeat(32) }), (err: unknown) => err instanceof RestQueryError && err.isNotFound);
  await assert.rejects(
    rest.identity.tier({ address: "not-an-address" }),
    (err: unknown) => err instanceof RestQueryError && err.status === 400 && err.code === 3,
  );
  await assert.rejects(abci.identity.credential({ id: 999n }), /NotFound|not found/i);
  await assert.rejects(abci.evm.receipt({ txHash: "0x" + "12".repeat(32) }), /NotFound|not found/i);
  await assert.rejects(rest.identity.did({}), /needs address/);
  await assert.rejects(createRestQueryClient("http://127.0.0.1:1").identity.params(), /cannot reach the REST gateway/);
});

test("the height option reads an earlier state and the transport reports the answer's height", async () => {
  const { response, height: answered } = await rest.transport.call(IdentityQuery.method.credential, { id: 1n }, { height: 2 });
  assert.equal(answered, 2n);
  assert.equal(response.credential?.subject, SUBJECT);
  const latest = await rest.transport.call(IdentityQuery.method.params, {});
  assert.ok(latest.height >= BigInt(height));
  await assert.rejects(rest.identity.params({}, { height: 10_000_000 }), (err: unknown) => err instanceof RestQueryError && err.status === 400);
});

test("the gateway serves the wallet metadata: /chain-info/keplr and /chain-info/evm from the SDK helpers, endpoints from the node home", async () => {
  const keplr = await gateway.get("/chain-info/keplr");
  assert.equal(keplr.status, 200);
  assert.deepEqual(
    keplr.body,
    keplrChainInfo({
      chainId: DEFAULT_CHAIN_ID,
      chainName: `Unit (${DEFAULT_CHAIN_ID})`,
      rpcEndpoint: `http://127.0.0.1:${node.ports.rpc}`,
      restEndpoint: `http://127.0.0.1:${node.ports.rest}`,
    }),
  );
  const evm = await gateway.get("/chain-info/evm");
  assert.equal(evm.status, 200);
  assert.equal(evm.body.chainId, "0xa33");
  assert.deepEqual(evm.body.nativeCurrency, { name: "UNIT", symbol: "UNIT", decimals: 18 });
  assert.deepEqual(evm.body.rpcUrls, [`http://127.0.0.1:${node.ports.evmHttp}`]);
});
