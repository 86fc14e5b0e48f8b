// The export framework on the real app: a chain whose genesis fills every module this file's
// modules keep (accounts, balances, a precisebank fraction, a contract's code and storage, an
// issuer and credential, a jurisdiction and tax rule, an election), a few blocks, then: each
// module's section imports back into the same store entries; a new chain started from the
// export at height N+1 exports the same sections; every module with state exports.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as pb from "../gen/tendermint/abci/types_pb.js";
import { accAddressToString } from "../common/address.js";
import { moduleAddress, PRECISEBANK_RESERVE } from "../common/moduleAccounts.js";
import { InProcessChain, GENESIS_TIME_MS } from "../test/support/inProcessChain.js";
import { testLogger } from "../test/support/logger.js";
import { UnitApp } from "./app.js";
import { exportAppState, exportGenesisDoc } from "./genesisExport.js";
import { wireApp } from "./modules.js";
import { openStore } from "./store/index.js";
import { assertGenesisRoundTrip, namespaceEntries } from "./testing/moduleGenesisRoundTrip.js";
import { HISTORY_STORAGE_ADDRESS, HISTORY_STORAGE_CODE } from "./modules/evm/state/historyStorage.js";
import { accountStoragePrefix, codeHashKey, codeKey } from "./modules/evm/state/keys.js";
import { keccak256 } from "../sdk/crypto/hashes.js";
import { Context, type BlockHeader } from "./context.js";
import type { AppModule } from "./module.js";
import type { StateReader } from "./store/types.js";

const addr = (n: number) => accAddressToString(new Uint8Array(20).fill(n));
const [alice, issuer, board] = [addr(1), addr(2), addr(3)];
const CONTRACT = `0x${"ab".repeat(20)}`;
/** Returns storage slot 0: PUSH1 0 SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN. */
const CODE = "0x60005460005260206000f3";
const SLOT = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** Modules with nothing a new chain needs: blockinfo keeps the old chain's block hashes; genutil's gentxs ran at the first genesis. */
const NOT_EXPORTED = ["blockinfo", "genutil"];
/** Modules whose export has not landed yet: remove each as its exportGenesis does. */
const EXPORT_PENDING = ["consensus", "params"];

function filledState(state: Record<string, unknown>): Record<string, unknown> {
  const s = structuredClone(state) as Record<string, Record<string, unknown>>;
  s.bank!.balances = [
    { address: alice, coins: [{ denom: "uunit", amount: "5000000" }] },
    { address: accAddressToString(moduleAddress(PRECISEBANK_RESERVE)), coins: [{ denom: "uunit", amount: "1" }] },
  ];
  s.auth!.accounts = [
    { address: board },
    // The EIP-7702 authority below (storage, no code): its authorization took nonce 0.
    {
      "@type": "/cosmos.auth.v1beta1.BaseAccount",
      address: accAddressToString(new Uint8Array(20).fill(0xcd)),
      pub_key: null,
      account_number: "40",
      sequence: "1",
    },
  ];
  s.precisebank = { balances: [{ address: alice, amount: "400000000000" }], remainder: "600000000000" };
  (s.evm as { accounts: unknown[] }).accounts = [
    {
      address: CONTRACT,
      code: CODE,
      storage: [
        { key: SLOT(0), value: SLOT(42) },
        { key: SLOT(7), value: SLOT(1) },
      ],
    },
    // Storage with no code: an EIP-7702 account that wrote slots through a delegation, since cleared.
    { address: `0x${"cd".repeat(20)}`, code: "0x", storage: [{ key: SLOT(3), value: SLOT(9) }] },
  ];
  s.identity = {
    ...s.identity,
    issuers: [{ address: issuer, name: "Registry office", added_at: iso(GENESIS_TIME_MS) }],
    credentials: [{ id: "1", subject: alice, issuer, credential_type: "kyc", credential_hash: `0x${"11".repeat(32)}`, status: "CREDENTIAL_STATUS_ACTIVE" }],
    next_credential_id: "2",
  };
  s.registry = { ...s.registry, jurisdictions: [{ jurisdiction_code: "DE", authority: board, name: "Germany", added_at: iso(GENESIS_TIME_MS) }] };
  s.taxrail = { ...s.taxrail, rules: [{ jurisdiction_code: "DE", rate_bps: 150, set_by: board, updated_at: iso(GENESIS_TIME_MS) }] };
  s.voting = {
    ...s.voting,
    electoral_authorities: [{ address: board, name: "Board", added_at: iso(GENESIS_TIME_MS) }],
    elections: [
      {
        id: "1",
        title: "Budget",
        description: "",
        options: ["yes", "no"],
        eligibility_credential_type: "",
        authority: board,
        voting_start: iso(GENESIS_TIME_MS + 2_000),
        voting_end: iso(GENESIS_TIME_MS + 3_600_000),
        status: "ELECTION_STATUS_SCHEDULED",
        created_at: iso(GENESIS_TIME_MS),
      },
    ],
    voter_records: [],
    next_election_id: "2",
  };
  return s;
}

/** EVM keys that are the old chain's history (receipts, tx locations, block records), not exported. */
const EVM_HISTORY = new Set([0x05, 0x08, 0x09, 0x0a]);
/** The EIP-2935 contract's entries (its code, code hash and slots): the old chain's block hashes, not exported either. */
const HISTORY_CONTRACT = [codeKey(keccak256(HISTORY_STORAGE_CODE)), codeHashKey(HISTORY_STORAGE_ADDRESS), accountStoragePrefix(HISTORY_STORAGE_ADDRESS)].map(
  (k) => Buffer.from(k).toString("hex"),
);
const isEvmHistory = (entry: string) => EVM_HISTORY.has(parseInt(entry.slice(0, 2), 16)) || HISTORY_CONTRACT.some((prefix) => entry.startsWith(prefix));

/**
 * The EVM's round trip over its state (params, code, storage): history keys are left behind by
 * design. Auth's section goes first, as in a genesis: storage without code needs its address's nonce.
 */
function assertEvmStateRoundTrip(auth: AppModule, evm: AppModule, state: StateReader, header: BlockHeader): void {
  const entries = (s: StateReader) => namespaceEntries(s, "evm").filter((e) => !isEvmHistory(e));
  const exported = JSON.parse(JSON.stringify(evm.exportGenesis!(state))) as unknown;
  const store = openStore(":memory:");
  try {
    const fresh = store.begin();
    const ctx = new Context({ ...header, height: 0n }, fresh, testLogger);
    auth.initGenesis!(ctx, JSON.parse(JSON.stringify(auth.exportGenesis!(state))));
    evm.initGenesis!(ctx, exported);
    assert.ok(entries(state).length >= 5, "params, code, code hash and two slots");
    assert.deepEqual(entries(fresh), entries(state));
    assert.deepEqual(JSON.parse(JSON.stringify(evm.exportGenesis!(fresh))), exported);
  } finally {
    store.close();
  }
}

test("every module with state exports a genesis section", () => {
  const { modules } = wireApp();
  const missing = modules.filter((m) => !m.exportGenesis && !NOT_EXPORTED.includes(m.name) && !EXPORT_PENDING.includes(m.name)).map((m) => m.name);
  assert.deepEqual(missing, [], `modules without exportGenesis: ${missing.join(", ")} (add one, or list the module in NOT_EXPORTED with the reason)`);
});

test("export at height N: each section imports back byte for byte, and a chain started at N+1 from it exports the same sections", async () => {
  const consensusParams = {
    block: { maxBytes: 22_020_096n, maxGas: -1n },
    evidence: { maxAgeNumBlocks: 100_000n, maxAgeDuration: { seconds: 172_800n }, maxBytes: 1_048_576n },
    validator: { pubKeyTypes: ["ed25519"] },
  };
  const chain = await InProcessChain.create([], { editAppState: filledState, consensusParams });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-export-"));
  try {
    for (let i = 0; i < 3; i++) await chain.block([]);
    const wiring = wireApp();
    const state = chain.store.view(3);
    const header = { chainId: "t", height: 3n, time: timestampFromMs(GENESIS_TIME_MS + 3000), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) };
    // Staking, distribution, slashing, evidence and mint have round trips of their own (export.test.ts).
    const own = ["auth", "bank", "precisebank", "identity", "registry", "taxrail", "voting"];
    for (const m of wiring.modules) if (own.includes(m.name)) assert.ok(assertGenesisRoundTrip(m, state, header).keys > 0, m.name);
    assertEvmStateRoundTrip(
      wiring.modules.find((m) => m.name === "auth")!,
      wiring.modules.find((m) => m.name === "evm")!,
      state,
      header,
    );

    const doc = exportGenesisDoc({ chainId: "unit_2611-2", height: 3, state, modules: wiring.modules, consensusParams: wiring.consensusParams });
    assert.equal(doc.initial_height, "4");
    assert.deepEqual(doc.consensus_params, {
      block: { max_bytes: "22020096", max_gas: "-1" },
      evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
      validator: { pub_key_types: ["ed25519"] },
      version: { app: "0" },
      abci: { vote_extensions_enable_height: "0" },
    });
    assert.equal(doc.genesis_time, "2023-11-14T22:13:23.000000000Z");
    const app = doc.app_state as Record<string, Record<string, unknown>>;
    // The election opened at block 2 and the block-3 state says so; the contract and fraction are there.
    assert.equal((app.voting!.elections as { status: string }[])[0]!.status, "ELECTION_STATUS_OPEN");
    assert.deepEqual((app.evm!.accounts as { storage: unknown[] }[])[0]!.storage.length, 2);
    assert.deepEqual((app.evm!.accounts as unknown[])[1], { address: `0x${"cd".repeat(20)}`, code: "0x", storage: [{ key: SLOT(3), value: SLOT(9) }] });
    const history = `0x${Buffer.from(HISTORY_STORAGE_ADDRESS).toString("hex")}`;
    assert.ok(!(app.evm!.accounts as { address: string }[]).some((a) => a.address === history), "the history contract is left out");
    assert.deepEqual(app.precisebank, { balances: [{ address: alice, amount: "400000000000" }], remainder: "600000000000" });
    const accounts = app.auth!.accounts as { "@type": string; account_number: string }[];
    assert.ok(accounts.some((a) => a["@type"] === "/cosmos.auth.v1beta1.ModuleAccount"));

    // A new chain from the export, through JSON as CometBFT hands it over.
    const store = openStore(path.join(dir, "app.db"));
    const next = new UnitApp({ store, ...wireApp(), logger: testLogger });
    await next.initChain(
      create(pb.RequestInitChainSchema, {
        chainId: doc.chain_id,
        initialHeight: 4n,
        appStateBytes: Buffer.from(JSON.stringify(doc.app_state)),
        time: timestampFromMs(GENESIS_TIME_MS + 3000),
        consensusParams,
      }),
    );
    await next.finalizeBlock(
      create(pb.RequestFinalizeBlockSchema, {
        height: 4n,
        time: timestampFromMs(GENESIS_TIME_MS + 4000),
        hash: new Uint8Array(32).fill(4),
        proposerAddress: new Uint8Array(20),
      }),
    );
    await next.commit(create(pb.RequestCommitSchema));
    const again = JSON.parse(JSON.stringify(exportAppState(store.view(4), wireApp().modules))) as Record<string, unknown>;
    assert.deepEqual(Object.keys(again), Object.keys(app));
    for (const name of Object.keys(app)) assert.deepEqual(again[name], app[name], `${name}: the new chain's export differs`);
    store.close();
  } finally {
    chain.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
