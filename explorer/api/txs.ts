// A tx as CometBFT stores it is bytes: a Cosmos TxRaw (first byte 0x0a) or a raw signed Ethereum
// tx (docs/evm.md, Transactions). This tells them apart, names them by both hashes, and decodes a
// Cosmos tx's messages with the SDK's registry.
import { decodeTx, anyToJson } from "../../sdk/tx/decodeTx.js";
import { keccak256, sha256 } from "../../sdk/crypto/hashes.js";
import { bytesToHex } from "../format.js";

export type TxKind = "cosmos" | "ethereum" | "unknown";

export function txKind(bytes: Uint8Array): TxKind {
  const first = bytes[0];
  if (first === undefined) return "unknown";
  if (first === 0x0a) return "cosmos";
  if (first === 0x01 || first === 0x02 || first === 0x04 || first >= 0xc0) return "ethereum";
  return "unknown";
}

/** CometBFT's name for any tx: SHA-256 of its bytes, upper-case hex. */
export function cometHash(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes)).toUpperCase();
}

/** Ethereum's name for a raw signed tx: keccak-256 of its bytes, 0x and lower-case hex. */
export function ethHash(bytes: Uint8Array): string {
  return `0x${bytesToHex(keccak256(bytes))}`;
}

export interface CosmosTxView {
  messages: Record<string, unknown>[];
  memo: string;
  fee: { denom: string; amount: string }[];
  gasLimit: string;
  /** Each signer's sequence, in signer order. */
  sequences: string[];
  timeoutHeight: string;
}

export function decodeCosmosTx(bytes: Uint8Array): CosmosTxView {
  const tx = decodeTx(bytes);
  return {
    messages: tx.body.messages.map((m) => anyToJson(m) as Record<string, unknown>),
    memo: tx.body.memo,
    fee: (tx.authInfo.fee?.amount ?? []).map((c) => ({ denom: c.denom, amount: c.amount })),
    gasLimit: (tx.authInfo.fee?.gasLimit ?? 0n).toString(),
    sequences: tx.authInfo.signerInfos.map((s) => s.sequence.toString()),
    timeoutHeight: tx.body.timeoutHeight.toString(),
  };
}

/** "/cosmos.bank.v1beta1.MsgSend" -> "bank · Send"; "/chain.identity.MsgIssueCredential" -> "identity · IssueCredential". */
export function messageLabel(typeUrl: string): string {
  const name = typeUrl.replace(/^\//, "");
  const parts = name.split(".");
  const message = parts.at(-1) ?? name;
  const module = parts[0] === "cosmos" || parts[0] === "chain" ? parts[1] : parts[0];
  return `${module ?? "?"} · ${message.replace(/^Msg/, "")}`;
}

/** The messages' labels of a tx given as bytes (for lists): "evm · Ethereum tx" for an Ethereum one. */
export function txSummary(bytes: Uint8Array): string {
  const kind = txKind(bytes);
  if (kind === "ethereum") return "evm · Ethereum tx";
  if (kind === "unknown") return "unreadable tx";
  try {
    const labels = decodeTx(bytes).body.messages.map((m) => messageLabel(m.typeUrl));
    return labels.length === 0 ? "no messages" : [...new Set(labels)].join(", ");
  } catch {
    return "unreadable tx";
  }
}
