// The crash tests' signed-tx load, shared by the CI test (test/crash.test.ts) and the long campaign
// (bench/crash-campaign.ts): one lane per kind of tx (two bank-send lanes, EVM transfers, staking
// delegations, identity credentials), each a funded genesis account that signs its next tx,
// broadcasts it with broadcast_tx_commit and waits at least `pauseMs` before the next, so the rate
// is bounded by block time. Every tx whose broadcast answered "committed at height h" is recorded,
// and every tx a lane signed is remembered by hash, so the chain can be read back afterwards
// (test/support/crashLedger.ts). A failed broadcast (the node is being killed) leaves the tx's fate
// unknown, so it is not recorded as committed; the lane re-reads its sequence from committed state
// and signs afresh once the node answers again.
import { createHash } from "node:crypto";
import { Wallet } from "ethers";
import { EVM_CHAIN_ID } from "../../app/modules/evm/state/params.js";
import { DEFAULT_CHAIN_ID } from "../../cometbft/genesis.js";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";
import { parseHexAddress } from "../../sdk/crypto/hexAddress.js";
import { getSigningInfo } from "../../sdk/client/authQueries.js";
import { CometRpcClient } from "../../sdk/client/cometRpcClient.js";
import { signerFromPrivateKey } from "../../sdk/keys/index.js";
import { msgSend, signTx, txHash } from "../../sdk/tx/index.js";
import { msgDelegate } from "../../sdk/tx/stakingMessages.js";
import { msgIssueCredential } from "../../sdk/tx/identityMessages.js";
import type { Any } from "@bufbuild/protobuf/wkt";

export type TxKind = "bank" | "evm" | "staking" | "identity";

/** One lane: the genesis account that signs its txs. */
export interface Lane {
  name: string;
  kind: TxKind;
  /** bech32 account address (for the EVM lane, the same 20 bytes as its 0x address). */
  address: string;
}

export interface CommittedTx {
  kind: TxKind;
  lane: string;
  /** CometBFT's tx hash (SHA-256 of the bytes), upper-case hex, as broadcast_tx_commit returns it. */
  hash: string;
  height: number;
  /** The DeliverTx (ExecTxResult) code broadcast_tx_commit reported. */
  code: number;
}

export interface LaneStats {
  committed: CommittedTx[];
  /** Every tx a lane signed and broadcast, committed or not: CometBFT hash -> lane name. */
  sent: Map<string, string>;
  /** Broadcasts waiting for their answer right now. */
  inFlight: number;
  /** Broadcasts that failed in transport or timed out (node down): outcome unknown, not counted. */
  unknown: number;
  /** CheckTx refusals (a sequence that moved under a crash); the lane re-syncs and goes on. */
  refused: number;
  /** Committed txs whose messages failed (fee and sequence still taken); the first reason of each kind. */
  failedDelivery: number;
  firstFailure: Partial<Record<TxKind, string>>;
  /** The first refusal of each kind, to show why. */
  firstRefusal: Partial<Record<TxKind, string>>;
}

/** What every lane tx pays, whatever it does. */
export const LANE_FEE_UUNIT = 12_500n;
const FEE = { amount: [{ denom: "uunit", amount: String(LANE_FEE_UUNIT) }], gasLimit: 250_000n };
export const LANE_GENESIS_UUNIT = 1_000_000_000_000n;
const key = (label: string) => createHash("sha256").update(`crash-campaign-${label}`).digest();
/** Receives 1 uunit from each bank-lane send. */
export const BANK_SINK = formatAccountAddress(new Uint8Array(20).fill(0x5c));
const EVM_SINK_BYTES = new Uint8Array(20).fill(0x5d);
/** Receives 10^12 aunit (exactly 1 uunit) from each EVM-lane transfer. */
export const EVM_SINK = formatAccountAddress(EVM_SINK_BYTES);

interface CosmosLane extends Lane {
  kind: Exclude<TxKind, "evm">;
  signer: ReturnType<typeof signerFromPrivateKey>;
}

function cosmosLane(kind: CosmosLane["kind"], label: string): CosmosLane {
  const signer = signerFromPrivateKey(key(label), "secp256k1");
  return { name: label, kind, signer, address: formatAccountAddress(signer.address) };
}

const cosmosLanes = [cosmosLane("bank", "bank-0"), cosmosLane("bank", "bank-1"), cosmosLane("staking", "delegator"), cosmosLane("identity", "issuer")] as const;
const evmWallet = new Wallet("0x" + key("evm").toString("hex"));
const evmLane: Lane = { name: "evm", kind: "evm", address: formatAccountAddress(parseHexAddress(evmWallet.address.toLowerCase())) };

/** Every lane, in a fixed order. */
export const LANES: readonly Lane[] = [...cosmosLanes.map(({ name, kind, address }) => ({ name, kind, address })), evmLane];

/** The genesis edit a node under this load needs: every lane funded, the identity lane an issuer. */
export function fundLanes(state: Record<string, unknown>): Record<string, unknown> {
  const bank = state.bank as { balances: unknown[] };
  for (const { address } of LANES) bank.balances.push({ address, coins: [{ denom: "uunit", amount: String(LANE_GENESIS_UUNIT) }] });
  const identity = state.identity as { issuers?: unknown[] };
  identity.issuers = [...(identity.issuers ?? []), { address: cosmosLanes[3].address, name: "crash campaign issuer" }];
  return state;
}

interface CommitAnswer {
  hash: string;
  height: string;
  check_tx: { code?: number; log?: string };
  tx_result: { code?: number; log?: string };
}

export interface LaneOptions {
  cometUrl: string;
  /** The validator the staking lane delegates to (unitvaloper...). */
  validatorOperator: string;
  /** Checked before each tx and while waiting for the node: true ends every lane. */
  stop: () => boolean;
  pauseMs: number;
}

export interface LaneRun {
  /** Filled in while the lanes run. */
  stats: LaneStats;
  /** Resolves once every lane has seen `stop()` and finished its last broadcast. */
  finished: Promise<LaneStats>;
}

/** Starts every lane; they run until `stop()` is true. */
export function runLanes({ cometUrl, validatorOperator, stop, pauseMs }: LaneOptions): LaneRun {
  const stats: LaneStats = { committed: [], sent: new Map(), inFlight: 0, unknown: 0, refused: 0, firstRefusal: {}, failedDelivery: 0, firstFailure: {} };
  const rpc = new CometRpcClient(cometUrl, { timeoutMs: 20_000 });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Sequence (= EVM nonce) and account number from committed state, retried while the node is down. */
  async function signingInfo(address: string): Promise<{ accountNumber: bigint; sequence: bigint } | undefined> {
    while (!stop()) {
      try {
        return await getSigningInfo(rpc, address);
      } catch {
        await sleep(250);
      }
    }
    return undefined;
  }

  async function lane({ name, kind, address }: Lane, sign: (n: number, accountNumber: bigint, sequence: bigint) => Promise<Uint8Array>): Promise<void> {
    let info: { accountNumber: bigint; sequence: bigint } | undefined;
    for (let n = 0; !stop(); n++) {
      info ??= await signingInfo(address);
      if (!info) return;
      const tx = await sign(n, info.accountNumber, info.sequence);
      stats.sent.set(txHash(tx), name);
      let answer: CommitAnswer;
      stats.inFlight++;
      try {
        answer = (await rpc.call("broadcast_tx_commit", { tx: Buffer.from(tx).toString("base64") })) as CommitAnswer;
      } catch {
        stats.unknown++;
        info = undefined;
        await sleep(250);
        continue;
      } finally {
        stats.inFlight--;
      }
      if ((answer.check_tx.code ?? 0) !== 0 || Number(answer.height) <= 0) {
        stats.refused++;
        stats.firstRefusal[kind] ??= `code ${answer.check_tx.code}: ${answer.check_tx.log ?? ""}`.slice(0, 300);
        info = undefined;
        await sleep(pauseMs);
        continue;
      }
      // Committed: a failed delivery (tx_result.code != 0) is committed too and bumps the sequence.
      const code = answer.tx_result.code ?? 0;
      if (code !== 0) {
        stats.failedDelivery++;
        stats.firstFailure[kind] ??= `code ${code}: ${answer.tx_result.log ?? ""}`.slice(0, 300);
      }
      stats.committed.push({ kind, lane: name, hash: answer.hash.toUpperCase(), height: Number(answer.height), code });
      info = { ...info, sequence: info.sequence + 1n };
      await sleep(pauseMs);
    }
  }

  const cosmos = (l: CosmosLane, message: (n: number) => Any) =>
    lane(l, async (n, accountNumber, sequence) => {
      const signed = await signTx({ signer: l.signer, messages: [message(n)], fee: FEE, chainId: DEFAULT_CHAIN_ID, accountNumber, sequence });
      return signed.txBytes;
    });
  const [bank0, bank1, delegator, issuer] = cosmosLanes;
  const send = (l: CosmosLane) => () => msgSend({ fromAddress: l.address, toAddress: BANK_SINK, amount: [{ denom: "uunit", amount: "1" }] });
  const finished = Promise.all([
    cosmos(bank0, send(bank0)),
    cosmos(bank1, send(bank1)),
    cosmos(delegator, () => msgDelegate({ delegatorAddress: delegator.address, validatorAddress: validatorOperator, amount: { denom: "uunit", amount: "1" } })),
    cosmos(issuer, (n) =>
      msgIssueCredential({
        issuer: issuer.address,
        // A fresh subject per tx (the run's start time keeps reruns on one node apart), so no duplicate.
        subject: formatAccountAddress(createHash("sha256").update(`subject-${n}-${process.hrtime.bigint()}`).digest().subarray(0, 20)),
        credentialType: "kyc",
        credentialHash: "0x" + createHash("sha256").update(`doc-${n}`).digest("hex"),
      }),
    ),
    lane(evmLane, async (_n, _accountNumber, nonce) =>
      Buffer.from(
        (
          await evmWallet.signTransaction({
            type: 2,
            chainId: EVM_CHAIN_ID,
            nonce: Number(nonce),
            to: "0x" + Buffer.from(EVM_SINK_BYTES).toString("hex"),
            value: 10n ** 12n,
            gasLimit: 21_000n,
            maxFeePerGas: 100n * 10n ** 9n,
            maxPriorityFeePerGas: 10n ** 9n,
          })
        ).slice(2),
        "hex",
      ),
    ),
  ]).then(() => stats);
  return { stats, finished };
}
