// A simulation in the Cosmos SDK's spirit: the real app over real SQLite, driven block by block
// through InitChain/FinalizeBlock/Commit with random signed txs from a seeded PRNG (bank sends and
// multi-sends, staking, gov, identity, EVM value transfers, garbage; registry, taxrail and voting
// through their generators, registryTaxrail.ts, voting.ts and governance.ts; validators,
// redelegations, rewards, unjail and gov v1beta1 through stakingDistribution.ts), many deliberately
// invalid. After every block every module invariant is checked; the app hash of each height is
// recorded so two runs of one seed can be compared. Every failure message names the seed and the
// height.
import { createHash } from "node:crypto";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { createAddressFromPrivateKey } from "@ethereumjs/util";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import type { Any } from "@bufbuild/protobuf/wkt";
import { BaseAccountSchema } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { QueryAccountRequestSchema, QueryAccountResponseSchema } from "../../../gen/cosmos/auth/v1beta1/query_pb.js";
import { MsgMultiSendSchema } from "../../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { evmCommon } from "../../../common/ethereum/ethTx.js";
import { genValidator } from "../../../app/modules/staking/genesis.js";
import { valAddressToString } from "../../../app/modules/staking/valAddress.js";
import { formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { signerFromPrivateKey } from "../../../sdk/keys/signerFromPrivateKey.js";
import { msgSend, packAny, signTx } from "../../../sdk/tx/index.js";
import { msgDelegate, msgUndelegate } from "../../../sdk/tx/stakingMessages.js";
import { msgDeposit, msgSubmitProposal, msgVote, VoteOption } from "../../../sdk/tx/govMessages.js";
import { msgIssueCredential, msgRevokeCredential } from "../../../sdk/tx/identityMessages.js";
import type { TxSigner } from "../../../sdk/signer.js";
import { GENESIS_TIME_MS, InProcessChain, TEST_CHAIN_ID } from "../inProcessChain.js";
import { prng } from "../prng.js";
import { GovernanceSim, type ProposalOutcomes } from "./governance.js";
import { registryTaxrailGenesisRoundTrip } from "./genesisRoundTrip.js";
import { allBrokenInvariants, supplyNotGrown } from "./invariants.js";
import { ROLES, type OpContext, type Planned, type SimEvent } from "./ops.js";
import { RegistryTaxrailSim } from "./registryTaxrail.js";
import { StakingDistributionSim } from "./stakingDistribution.js";
import { VotingSim } from "./voting.js";

export interface SimulationOptions {
  seed: number;
  blocks: number;
  /** Most txs in one block (each block gets 0..max, at random). */
  maxTxsPerBlock?: number;
}

export interface OperationStats {
  ok: number;
  failed: number;
  /** The log of the first failure, to see why a kind fails. */
  firstFailure?: string;
}

export interface SimulationResult {
  seed: number;
  /** Hex app hash after each height, index 0 = height 1. */
  appHashes: string[];
  /** Per operation kind, how many txs succeeded and failed in their block. */
  operations: Record<string, OperationStats>;
  /** The proposals carrying registry, taxrail and voting messages: passed and executed, or not. */
  authorityProposals: ProposalOutcomes;
  invariantChecks: number;
}

const COSMOS_ACCOUNTS = 8;
const EVM_ACCOUNTS = 3;
/** Accounts 0 and 1 are identity issuers; account 0 also runs the validator (other roles: ops.ts). */
const ISSUERS = ROLES.issuers.length;
/** Accounts 1 to 7 hold a kyc credential from genesis (the attested type): they may own assets and vote. */
const ATTESTED_AT_GENESIS = 7;
/** Every this many blocks (and after the last), registry's and taxrail's state must survive export then import. */
const GENESIS_ROUND_TRIP_EVERY = 10;
/** The share of operations (in %) that exercise registry, taxrail and voting. */
const CUSTOM_MODULES_SHARE = 40;
/**
 * Most staking, distribution, slashing and gov v1beta1 txs added to a block (stakingDistribution.ts),
 * drawn from a PRNG of their own so the other operations' draws stay those of earlier runs.
 */
const MAX_STAKING_DISTRIBUTION_TXS = 4;
const UNIT = 1_000_000n;
const FEE = { amount: [{ denom: "uunit", amount: "10000" }], gasLimit: 400_000n };

const keyOf = (seed: number, label: string) => createHash("sha256").update(`simulation/${seed}/${label}`).digest();

/** Runs one seed to the end; throws (naming the seed and height) on the first broken invariant. */
export async function runSimulation(opts: SimulationOptions): Promise<SimulationResult> {
  const { seed, blocks } = opts;
  const maxTxs = opts.maxTxsPerBlock ?? 12;
  const rand = prng(seed);
  const stakingRand = prng(seed ^ 0x5ea1ed);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const fail = (height: number, what: string) => new Error(`simulation seed ${seed} at height ${height}: ${what} (replay with SIM_SEED=${seed})`);

  const signers: TxSigner[] = Array.from({ length: COSMOS_ACCOUNTS }, (_, i) => signerFromPrivateKey(keyOf(seed, `cosmos-${i}`), "secp256k1"));
  const addrs = signers.map((s) => formatAccountAddress(s.address));
  const evmKeys = Array.from({ length: EVM_ACCOUNTS }, (_, i) => keyOf(seed, `evm-${i}`));
  const evmAddrs = evmKeys.map((k) => createAddressFromPrivateKey(k).bytes);
  const valoper = valAddressToString(signers[0]!.address);
  // Addresses that exist nowhere: recipients, and a validator that does not exist.
  const strangers = Array.from({ length: 3 }, (_, i) => formatAccountAddress(keyOf(seed, `stranger-${i}`).subarray(0, 20)));
  const ghostValoper = valAddressToString(keyOf(seed, "ghost").subarray(0, 20));
  const registry = new RegistryTaxrailSim(addrs);
  const voting = new VotingSim(addrs);
  const governance = new GovernanceSim(addrs, voting);

  const chain = await InProcessChain.create(
    [...addrs, ...evmAddrs.map((a) => formatAccountAddress(a))].map((address) => ({
      address,
      coins: [{ denom: "uunit", amount: (1_000n * UNIT).toString() }],
    })),
    {
      editAppState: (s) => {
        const staking = s.staking as { params: object };
        const gov = s.gov as { params: Record<string, unknown> };
        const identity = s.identity as Record<string, unknown>;
        const custom = voting.editGenesis(registry.editGenesis(s));
        return {
          ...custom,
          // Short periods so unbondings mature and proposals close within a short run.
          staking: {
            params: { ...staking.params, unbonding_time: "7s" },
            gen_validators: [
              genValidator({ delegatorAddress: addrs[0]!, pubKeyBase64: keyOf(seed, "cons").toString("base64"), moniker: "sim-0", amount: 100n * UNIT }),
            ],
          },
          gov: { ...gov, params: { ...gov.params, max_deposit_period: "6s", voting_period: "5s", expedited_voting_period: "3s" } },
          identity: {
            ...identity,
            issuers: addrs.slice(0, ISSUERS).map((address, i) => ({ address, name: `issuer ${i}` })),
            credentials: Array.from({ length: ATTESTED_AT_GENESIS }, (_, i) => ({
              id: String(i + 1),
              subject: addrs[i + 1],
              issuer: addrs[(i + 1) % ISSUERS],
              credential_type: "kyc",
              credential_hash: `0x${keyOf(seed, `genesis-credential-${i}`).toString("hex")}`,
              status: "CREDENTIAL_STATUS_ACTIVE",
            })),
            next_credential_id: String(ATTESTED_AT_GENESIS + 1),
          },
        };
      },
    },
  );

  const result: SimulationResult = { seed, appHashes: [], operations: {}, authorityProposals: governance.outcomes, invariantChecks: 0 };
  const accountNumbers = new Map<number, bigint>();
  const sequences = new Map<number, bigint>();
  const evmNonces = evmKeys.map(() => 0n);
  let textProposals = 0;
  /** The highest proposal id submitted (text or governance proposals), from the committed events. */
  let lastProposalId = 0n;
  /** A proposal id among the last few submitted, or just past them (unknown). */
  const recentProposalId = () => (lastProposalId > 3n ? lastProposalId - 3n : 1n) + BigInt(int(6));
  const stakingDistribution = new StakingDistributionSim(addrs, () => lastProposalId);
  let credentials = BigInt(ATTESTED_AT_GENESIS);
  let hashes = 0;
  /** The bond denom's supply after the last block (it may only shrink). */
  let lastSupply: bigint | undefined;

  async function refreshAccount(i: number): Promise<void> {
    const res = await chain.grpc("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequestSchema, { address: addrs[i]! }, QueryAccountResponseSchema);
    const acct = anyUnpack(res.account!, BaseAccountSchema)!;
    accountNumbers.set(i, acct.accountNumber);
    sequences.set(i, acct.sequence);
  }

  async function cosmosTx(i: number, messages: Any[], over: { chainId?: string; sequence?: bigint } = {}): Promise<Uint8Array> {
    const sequence = over.sequence ?? sequences.get(i)!;
    if (over.sequence === undefined) sequences.set(i, sequence + 1n);
    const signed = await signTx({
      signer: signers[i]!,
      messages,
      fee: FEE,
      chainId: over.chainId ?? TEST_CHAIN_ID,
      accountNumber: accountNumbers.get(i)!,
      sequence,
      memo: "",
    });
    return signed.txBytes;
  }

  /** Account i's tx with its current sequence, which it does not use up: the tx is refused before the ante's increment. */
  const refusedTx = (i: number, messages: Any[]) => cosmosTx(i, messages, { sequence: sequences.get(i)! });

  function opContext(height: number): OpContext {
    return {
      seed,
      int,
      pick,
      addrs,
      strangers,
      height,
      timeMs: GENESIS_TIME_MS + height * 1000,
      cosmosTx: (i, messages) => cosmosTx(i, messages),
      refusedTx,
      freshHash: (label) => `0x${keyOf(seed, `${label}-${++hashes}`).toString("hex")}`,
    };
  }

  /** One random registry, taxrail, voting or governance operation. */
  function customOperation(c: OpContext): Promise<Planned> {
    const roll = int(100);
    if (roll < 11) return registry.register(c);
    if (roll < 24) return registry.transfer(c);
    if (roll < 30) return registry.setRule(c);
    if (roll < 37) return registry.withdraw(c);
    if (roll < 48) return voting.create(c);
    if (roll < 53) return voting.cancel(c);
    if (roll < 70) return voting.register(c);
    if (roll < 90) return voting.vote(c);
    return governance.proposal(c);
  }

  const amount = (max: bigint) => [{ denom: "uunit", amount: (1n + BigInt(int(Number(max)))).toString() }];
  const anyAddress = () => (int(6) === 0 ? pick(strangers) : pick(addrs));

  /** One random operation; about a third are invalid by construction or by state. */
  async function operation(c: OpContext): Promise<Planned> {
    if (int(100) < CUSTOM_MODULES_SHARE) return customOperation(c);
    const from = int(COSMOS_ACCOUNTS);
    const roll = int(100);
    if (roll < 18) {
      // Sometimes more than the sender has: fails in the message, pays the fee.
      const big = int(8) === 0;
      return {
        kind: "bank/send",
        tx: await cosmosTx(from, [msgSend({ fromAddress: addrs[from]!, toAddress: anyAddress(), amount: amount(big ? 10_000n * UNIT : 5n * UNIT) })]),
      };
    }
    if (roll < 26) {
      const outputs = Array.from({ length: 1 + int(3) }, () => ({ address: anyAddress(), coins: amount(UNIT) }));
      const total = outputs.reduce((s, o) => s + BigInt(o.coins[0]!.amount), 0n);
      const skew = int(4) === 0;
      const msg = packAny(MsgMultiSendSchema, {
        inputs: [{ address: addrs[from]!, coins: [{ denom: "uunit", amount: (total + (skew ? 1n : 0n)).toString() }] }],
        outputs,
      });
      // A skewed multi-send fails its stateless checks, before the sequence is used up.
      return { kind: "bank/multisend", tx: skew ? await refusedTx(from, [msg]) : await cosmosTx(from, [msg]), mustFail: skew };
    }
    if (roll < 36) {
      const ghost = int(6) === 0;
      const msg = msgDelegate({ delegatorAddress: addrs[from]!, validatorAddress: ghost ? ghostValoper : valoper, amount: amount(20n * UNIT)[0]! });
      return { kind: "staking/delegate", tx: await cosmosTx(from, [msg]), mustFail: ghost };
    }
    if (roll < 44) {
      // Often more than delegated, or with no delegation at all: refused in the message.
      const msg = msgUndelegate({ delegatorAddress: addrs[from]!, validatorAddress: valoper, amount: amount(int(3) === 0 ? 200n * UNIT : 5n * UNIT)[0]! });
      return { kind: "staking/undelegate", tx: await cosmosTx(from, [msg]) };
    }
    if (roll < 50) {
      textProposals++;
      // Deposits around the 10 UNIT minimum: some proposals enter voting at once, some never do.
      const msg = msgSubmitProposal({
        messages: [],
        initialDeposit: amount(15n * UNIT),
        proposer: addrs[from]!,
        // A text proposal: no messages, so the SDK requires metadata.
        metadata: `sim-${seed}-${textProposals}`,
        title: `sim ${seed} #${textProposals}`,
        summary: "a simulated text proposal",
      });
      return { kind: "gov/submit", tx: await cosmosTx(from, [msg]) };
    }
    if (roll < 56) {
      const id = recentProposalId();
      return { kind: "gov/deposit", tx: await cosmosTx(from, [msgDeposit({ proposalId: id, depositor: addrs[from]!, amount: amount(8n * UNIT) })]) };
    }
    if (roll < 64) {
      const id = recentProposalId();
      const option = pick([VoteOption.YES, VoteOption.NO, VoteOption.ABSTAIN, VoteOption.NO_WITH_VETO]);
      return { kind: "gov/vote", tx: await cosmosTx(from, [msgVote({ proposalId: id, voter: addrs[from]!, option })]) };
    }
    if (roll < 71) {
      // A non-issuer may not issue; an issuer's credential for a stranger is fine. Half are signed
      // by an issuer, so credentials keep coming (registry and voting need attested accounts).
      credentials++;
      const hash = `0x${keyOf(seed, `credential-${credentials}`).toString("hex")}`;
      const issuer = int(2) === 0 ? int(ISSUERS) : from;
      const msg = msgIssueCredential({ issuer: addrs[issuer]!, subject: anyAddress(), credentialType: pick(["kyc", "residency.eu"]), credentialHash: hash });
      return { kind: "identity/issue", tx: await cosmosTx(issuer, [msg]), mustFail: issuer >= ISSUERS };
    }
    if (roll < 75) {
      const id = 1n + BigInt(int(Number(credentials) + 2));
      return {
        kind: "identity/revoke",
        tx: await cosmosTx(from, [msgRevokeCredential({ signer: addrs[from]!, credentialId: id })]),
        mustFail: from >= ISSUERS,
      };
    }
    if (roll < 90) {
      const k = int(EVM_ACCOUNTS);
      // A nonce from the future fails; the right one is used up (even by a tx that fails after it ran).
      const future = int(10) === 0;
      const nonce = future ? evmNonces[k]! + 5n : evmNonces[k]!;
      if (!future) evmNonces[k] = nonce + 1n;
      const to = int(2) === 0 ? pick(evmAddrs) : signers[int(COSMOS_ACCOUNTS)]!.address;
      const value = BigInt(int(1_000_000_000)) * BigInt(1 + int(5_000_000));
      const tx = createFeeMarket1559Tx(
        { nonce, to, value, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: BigInt(int(3)) * 10n ** 9n },
        { common: evmCommon(2611n) },
      )
        .sign(evmKeys[k]!)
        .serialize();
      return { kind: "evm/transfer", tx, mustFail: future };
    }
    if (roll < 94)
      return {
        kind: "bad/chain-id",
        // Refused at the signature check, before the sequence is used up.
        tx: await cosmosTx(from, [msgSend({ fromAddress: addrs[from]!, toAddress: pick(addrs), amount: amount(10n) })], {
          chainId: "other-1",
          sequence: sequences.get(from)!,
        }),
        mustFail: true,
      };
    if (roll < 97) {
      const seq = sequences.get(from)! + 50n;
      return {
        kind: "bad/sequence",
        tx: await cosmosTx(from, [msgSend({ fromAddress: addrs[from]!, toAddress: pick(addrs), amount: amount(10n) })], { sequence: seq }),
        mustFail: true,
      };
    }
    const garbage = Uint8Array.from({ length: int(200) }, () => int(256));
    return { kind: "bad/garbage", tx: garbage, mustFail: true };
  }

  /** The generators' models learn from committed events what they did not plan (governance's end block). */
  function observe(raw: { type?: string; attributes?: { key?: string; value?: string }[] }): void {
    const e: SimEvent = { type: raw.type ?? "", attributes: {} };
    for (const a of raw.attributes ?? []) e.attributes[a.key ?? ""] = a.value ?? "";
    if (e.type === "submit_proposal" && e.attributes.proposal_id !== undefined && BigInt(e.attributes.proposal_id) > lastProposalId)
      lastProposalId = BigInt(e.attributes.proposal_id);
    registry.observe(e);
    voting.observe(e);
    governance.observe(e);
  }

  try {
    for (let h = 1; h <= blocks; h++) {
      const planned: Planned[] = [];
      if (h > 1) {
        for (let i = 0; i < COSMOS_ACCOUNTS; i++) await refreshAccount(i);
        const c = opContext(h);
        registry.beginBlock();
        planned.push(...(await governance.validatorVotes(c)));
        const n = int(maxTxs + 1);
        for (let i = 0; i < n; i++) planned.push(await operation(c));
        const sc: OpContext = { ...c, int: (k) => Math.floor(stakingRand() * k), pick: (list) => list[Math.floor(stakingRand() * list.length)]! };
        const m = sc.int(MAX_STAKING_DISTRIBUTION_TXS + 1);
        for (let i = 0; i < m; i++) planned.push(await stakingDistribution.operation(sc));
      }
      const block = await chain.block(planned.map((p) => p.tx));
      const results = block.txResults ?? [];
      if (results.length !== planned.length) throw fail(h, `${planned.length} txs gave ${results.length} results`);
      for (const [i, p] of planned.entries()) {
        const code = results[i]!.code ?? 0;
        const stats = (result.operations[p.kind] ??= { ok: 0, failed: 0 });
        if (code === 0) {
          stats.ok++;
          p.onOk?.(results[i]!);
          for (const e of results[i]!.events ?? []) observe(e);
        } else {
          stats.failed++;
          stats.firstFailure ??= results[i]!.log ?? `code ${code}`;
        }
        if (p.mustFail && code === 0) throw fail(h, `${p.kind} tx ${i} is invalid by construction but succeeded`);
      }
      for (const e of block.events ?? []) observe(e);
      const view = chain.store.view();
      const broken = allBrokenInvariants(view);
      const supply = supplyNotGrown(view, lastSupply);
      lastSupply = supply.supply;
      broken.push(...supply.broken);
      if (h % GENESIS_ROUND_TRIP_EVERY === 0 || h === blocks) broken.push(...registryTaxrailGenesisRoundTrip(view));
      result.invariantChecks++;
      if (broken.length > 0) throw fail(h, `broken invariants after ${planned.map((p) => p.kind).join(", ") || "an empty block"}:\n  ${broken.join("\n  ")}`);
      result.appHashes.push(Buffer.from(chain.store.lastHash).toString("hex"));
    }
  } catch (err) {
    const e = err as Error;
    if (!e.message.includes(`seed ${seed}`)) e.message = `simulation seed ${seed} at height ${chain.height}: ${e.message} (replay with SIM_SEED=${seed})`;
    throw e;
  } finally {
    chain.close();
  }
  return result;
}
