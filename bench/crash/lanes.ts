// The crash campaign's mixed load: one lane per kind of tx (bank sends, EVM transfers, staking
// delegations, identity credentials), each a funded genesis account that signs its next tx,
// broadcasts it with broadcast_tx_commit and waits at least `pauseMs` before the next, so the rate
// is bounded by block time. Every tx whose broadcast answered "committed at height h" is recorded:
// the campaign looks each one up again at the end. A failed broadcast (the node is being killed)
// leaves the tx's fate unknown, so it is not recorded; the lane re-reads its sequence from
// committed state and signs afresh once the node answers again.
import { createHash } from "node:crypto";
import { Wallet } from "ethers";
import { EVM_CHAIN_ID } from "../../app/modules/evm/state/params.js";
import { DEFAULT_CHAIN_ID } from "../../cometbft/genesis.js";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";
import { parseHexAddress } from "../../sdk/crypto/hexAddress.js";
import { getSigningInfo } from "../../sdk/client/authQueries.js";
import { CometRpcClient } from "../../sdk/client/cometRpcClient.js";
import { signerFromPrivateKey } from "../../sdk/keys/index.js";
import { msgSend, signTx } from "../../sdk/tx/index.js";
import { msgDelegate } from "../../sdk/tx/stakingMessages.js";
import { msgIssueCredential } from "../../sdk/tx/identityMessages.js";
import type { Any } from "@bufbuild/protobuf/wkt";
import type { RpcClient } from "../load/rpc.js";

export type TxKind = "bank" | "evm" | "staking" | "identity";

export interface CommittedTx {
  kind: TxKind;
  /** CometBFT's tx hash (SHA-256 of the bytes), upper-case hex, as broadcast_tx_commit returns it. */
  hash: string;
  height: number;
}

export interface LaneStats {
  committed: CommittedTx[];
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

const FEE = { amount: [{ denom: "uunit", amount: "12500" }], gasLimit: 250_000n };
const GENESIS_UUNIT = "1000000000000";
const key = (label: string) => createHash("sha256").update(`crash-campaign-${label}`).digest();
const SINK = formatAccountAddress(new Uint8Array(20).fill(0x5c));

interface CosmosLane {
  kind: Exclude<TxKind, "evm">;
  signer: ReturnType<typeof signerFromPrivateKey>;
  address: string;
}

function cosmosLane(kind: CosmosLane["kind"], label: string): CosmosLane {
  const signer = signerFromPrivateKey(key(label), "secp256k1");
  return { kind, signer, address: formatAccountAddress(signer.address) };
}

const cosmosLanes = [cosmosLane("bank", "bank-0"), cosmosLane("bank", "bank-1"), cosmosLane("staking", "delegator"), cosmosLane("identity", "issuer")];
const evmWallet = new Wallet("0x" + key("evm").toString("hex"));
const evmAddress = formatAccountAddress(parseHexAddress(evmWallet.address.toLowerCase()));

/** The genesis edit the campaign's node needs: every lane funded, the identity lane an issuer. */
export function fundLanes(state: Record<string, unknown>): Record<string, unknown> {
  const bank = state.bank as { balances: unknown[] };
  for (const address of [...cosmosLanes.map((l) => l.address), evmAddress]) bank.balances.push({ address, coins: [{ denom: "uunit", amount: GENESIS_UUNIT }] });
  const identity = state.identity as { issuers?: unknown[] };
  identity.issuers = [...(identity.issuers ?? []), { address: cosmosLanes[3]!.address, name: "crash campaign issuer" }];
  return state;
}

interface CommitAnswer {
  hash: string;
  height: string;
  check_tx: { code?: number; log?: string };
  tx_result: { code?: number; log?: string };
}

/** Runs every lane until `stop()` is true; resolves with what each committed. */
export async function runLanes(rpc: RpcClient, cometUrl: string, validatorOperator: string, stop: () => boolean, pauseMs: number): Promise<LaneStats> {
  const stats: LaneStats = { committed: [], unknown: 0, refused: 0, firstRefusal: {}, failedDelivery: 0, firstFailure: {} };
  const query = new CometRpcClient(cometUrl);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Sequence (= EVM nonce) and account number from committed state, retried while the node is down. */
  async function signingInfo(address: string): Promise<{ accountNumber: bigint; sequence: bigint } | undefined> {
    while (!stop()) {
      try {
        return await getSigningInfo(query, address);
      } catch {
        await sleep(250);
      }
    }
    return undefined;
  }

  async function lane(kind: TxKind, address: string, sign: (n: number, accountNumber: bigint, sequence: bigint) => Promise<Uint8Array>): Promise<void> {
    let info: { accountNumber: bigint; sequence: bigint } | undefined;
    for (let n = 0; !stop(); n++) {
      info ??= await signingInfo(address);
      if (!info) return;
      const tx = await sign(n, info.accountNumber, info.sequence);
      let answer: CommitAnswer;
      try {
        answer = await rpc.call<CommitAnswer>("broadcast_tx_commit", { tx: Buffer.from(tx).toString("base64") }, 20_000);
      } catch {
        stats.unknown++;
        info = undefined;
        await sleep(250);
        continue;
      }
      if ((answer.check_tx.code ?? 0) !== 0 || Number(answer.height) <= 0) {
        stats.refused++;
        stats.firstRefusal[kind] ??= `code ${answer.check_tx.code}: ${answer.check_tx.log ?? ""}`.slice(0, 300);
        info = undefined;
        await sleep(pauseMs);
        continue;
      }
      // Committed: a failed delivery (tx_result.code != 0) is committed too and bumps the sequence.
      if ((answer.tx_result.code ?? 0) !== 0) {
        stats.failedDelivery++;
        stats.firstFailure[kind] ??= `code ${answer.tx_result.code}: ${answer.tx_result.log ?? ""}`.slice(0, 300);
      }
      stats.committed.push({ kind, hash: answer.hash.toUpperCase(), height: Number(answer.height) });
      info = { ...info, sequence: info.sequence + 1n };
      await sleep(pauseMs);
    }
  }

  const cosmos = (l: CosmosLane, message: (n: number) => Any) =>
    lane(l.kind, l.address, async (n, accountNumber, sequence) => {
      const signed = await signTx({ signer: l.signer, messages: [message(n)], fee: FEE, chainId: DEFAULT_CHAIN_ID, accountNumber, sequence });
      return signed.txBytes;
    });
  const [bank0, bank1, delegator, issuer] = cosmosLanes as [CosmosLane, CosmosLane, CosmosLane, CosmosLane];
  const send = (l: CosmosLane) => () => msgSend({ fromAddress: l.address, toAddress: SINK, amount: [{ denom: "uunit", amount: "1" }] });
  await Promise.all([
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
    lane("evm", evmAddress, async (_n, _accountNumber, nonce) =>
      Buffer.from(
        (
          await evmWallet.signTransaction({
            type: 2,
            chainId: EVM_CHAIN_ID,
            nonce: Number(nonce),
            to: "0x" + "5d".repeat(20),
            value: 10n ** 12n,
            gasLimit: 21_000n,
            maxFeePerGas: 100n * 10n ** 9n,
            maxPriorityFeePerGas: 10n ** 9n,
          })
        ).slice(2),
        "hex",
      ),
    ),
  ]);
  return stats;
}
