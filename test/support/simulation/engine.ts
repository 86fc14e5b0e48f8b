// A simulation in the Cosmos SDK's spirit: the real app over real SQLite, driven block by block
// through InitChain/FinalizeBlock/Commit with random signed txs from a seeded PRNG (bank sends and
// multi-sends, staking, gov, identity, EVM value transfers, garbage), many deliberately invalid.
// After every block every module invariant is checked; the app hash of each height is recorded so
// two runs of one seed can be compared. Every failure message names the seed and the height.
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
import { InProcessChain, TEST_CHAIN_ID } from "../inProcessChain.js";
import { prng } from "../prng.js";
import { allBrokenInvariants } from "./invariants.js";

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
  invariantChecks: number;
}

const COSMOS_ACCOUNTS = 8;
const EVM_ACCOUNTS = 3;
/** Accounts 0 and 1 are identity issuers; account 0 also runs the validator. */
const ISSUERS = 2;
const UNIT = 1_000_000n;
const FEE = { amount: [{ denom: "uunit", amount: "10000" }], gasLimit: 400_000n };

interface Planned {
  kind: string;
  tx: Uint8Array;
  /** Set when the tx is invalid by construction: the block must report it failed. */
  mustFail?: boolean;
}

const keyOf = (seed: number, label: string) => createHash("sha256").update(`simulation/${seed}/${label}`).digest();

/** Runs one seed to the end; throws (naming the seed and height) on the first broken invariant. */
export async function runSimulation(opts: SimulationOptions): Promise<SimulationResult> {
  const { seed, blocks } = opts;
  const maxTxs = opts.maxTxsPerBlock ?? 12;
  const rand = prng(seed);
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
        return {
          ...s,
          // Short periods so unbondings mature and proposals close within a short run.
          staking: {
            params: { ...staking.params, unbonding_time: "7s" },
            gen_validators: [
              genValidator({ delegatorAddress: addrs[0]!, pubKeyBase64: keyOf(seed, "cons").toString("base64"), moniker: "sim-0", amount: 100n * UNIT }),
            ],
          },
          gov: { ...gov, params: { ...gov.params, max_deposit_period: "6s", voting_period: "5s", expedited_voting_period: "3s" } },
          identity: { ...identity, issuers: addrs.slice(0, ISSUERS).map((address, i) => ({ address, name: `issuer ${i}` })) },
        };
      },
    },
  );

  const result: SimulationResult = { seed, appHashes: [], operations: {}, invariantChecks: 0 };
  const accountNumbers = new Map<number, bigint>();
  const sequences = new Map<number, bigint>();
  const evmNonces = evmKeys.map(() => 0n);
  let proposals = 0n;
  let credentials = 0n;

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

  const amount = (max: bigint) => [{ denom: "uunit", amount: (1n + BigInt(int(Number(max)))).toString() }];
  const anyAddress = () => (int(6) === 0 ? pick(strangers) : pick(addrs));

  /** One random operation; about a third are invalid by construction or by state. */
  async function operation(): Promise<Planned> {
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
      return { kind: "bank/multisend", tx: await cosmosTx(from, [msg]), mustFail: skew };
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
      proposals++;
      // Deposits around the 10 UNIT minimum: some proposals enter voting at once, some never do.
      const msg = msgSubmitProposal({
        messages: [],
        initialDeposit: amount(15n * UNIT),
        proposer: addrs[from]!,
        // A text proposal: no messages, so the SDK requires metadata.
        metadata: `sim-${seed}-${proposals}`,
        title: `sim ${seed} #${proposals}`,
        summary: "a simulated text proposal",
      });
      return { kind: "gov/submit", tx: await cosmosTx(from, [msg]) };
    }
    if (roll < 56) {
      const id = 1n + BigInt(int(Number(proposals) + 2));
      return { kind: "gov/deposit", tx: await cosmosTx(from, [msgDeposit({ proposalId: id, depositor: addrs[from]!, amount: amount(8n * UNIT) })]) };
    }
    if (roll < 64) {
      const id = 1n + BigInt(int(Number(proposals) + 2));
      const option = pick([VoteOption.YES, VoteOption.NO, VoteOption.ABSTAIN, VoteOption.NO_WITH_VETO]);
      return { kind: "gov/vote", tx: await cosmosTx(from, [msgVote({ proposalId: id, voter: addrs[from]!, option })]) };
    }
    if (roll < 71) {
      // A non-issuer may not issue; an issuer's credential for a stranger is fine.
      credentials++;
      const hash = `0x${keyOf(seed, `credential-${credentials}`).toString("hex")}`;
      const msg = msgIssueCredential({ issuer: addrs[from]!, subject: anyAddress(), credentialType: pick(["kyc", "residency.eu"]), credentialHash: hash });
      return { kind: "identity/issue", tx: await cosmosTx(from, [msg]), mustFail: from >= ISSUERS };
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
        tx: await cosmosTx(from, [msgSend({ fromAddress: addrs[from]!, toAddress: pick(addrs), amount: amount(10n) })], { chainId: "other-1" }),
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

  try {
    for (let h = 1; h <= blocks; h++) {
      const planned: Planned[] = [];
      if (h > 1) {
        for (let i = 0; i < COSMOS_ACCOUNTS; i++) await refreshAccount(i);
        const n = int(maxTxs + 1);
        for (let i = 0; i < n; i++) planned.push(await operation());
      }
      const block = await chain.block(planned.map((p) => p.tx));
      const results = block.txResults ?? [];
      if (results.length !== planned.length) throw fail(h, `${planned.length} txs gave ${results.length} results`);
      for (const [i, p] of planned.entries()) {
        const code = results[i]!.code ?? 0;
        const stats = (result.operations[p.kind] ??= { ok: 0, failed: 0 });
        if (code === 0) stats.ok++;
        else {
          stats.failed++;
          stats.firstFailure ??= results[i]!.log ?? `code ${code}`;
        }
        if (p.mustFail && code === 0) throw fail(h, `${p.kind} tx ${i} is invalid by construction but succeeded`);
      }
      const broken = allBrokenInvariants(chain.store.view());
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
