// Signing a Cosmos tx with one signer in SIGN_MODE_DIRECT, and the unsigned variant a node
// simulates to estimate gas.
import type { Any } from "@bufbuild/protobuf/wkt";
import { SignMode } from "../../gen/cosmos/tx/signing/v1beta1/signing_pb.js";
import type { TxSigner } from "../signer.js";
import { encodeAuthInfo, encodeSignDoc, encodeTxBody, encodeTxRaw, txHash, type FeeInput } from "./txParts.js";

export interface SignTxParameters {
  signer: TxSigner;
  messages: Any[];
  fee: FeeInput;
  chainId: string;
  /** The signer's account number and current sequence, as the chain reports them. */
  accountNumber: bigint;
  sequence: bigint;
  memo?: string;
  timeoutHeight?: bigint;
}

export interface SignedTx {
  /** TxRaw bytes, ready for broadcast_tx_sync. */
  txBytes: Uint8Array;
  /** Uppercase hex sha256 of txBytes: how CometBFT names the tx. */
  hash: string;
  bodyBytes: Uint8Array;
  authInfoBytes: Uint8Array;
  signature: Uint8Array;
}

/**
 * Builds, signs and encodes a tx.
 * @example const { txBytes, hash } = await signTx({ signer, messages: [msgSend(...)], fee, chainId, accountNumber, sequence });
 */
export async function signTx(p: SignTxParameters): Promise<SignedTx> {
  const bodyBytes = encodeTxBody({ messages: p.messages, memo: p.memo, timeoutHeight: p.timeoutHeight });
  const authInfoBytes = encodeAuthInfo({ signers: [{ algo: p.signer.algo, pubKey: p.signer.pubKey, sequence: p.sequence }], fee: p.fee });
  const signBytes = encodeSignDoc({ bodyBytes, authInfoBytes, chainId: p.chainId, accountNumber: p.accountNumber });
  const signature = await p.signer.sign(signBytes);
  if (signature.length !== 64) throw new Error(`the signer returned a ${signature.length}-byte signature; SIGN_MODE_DIRECT needs 64 bytes (r || s)`);
  const txBytes = encodeTxRaw({ bodyBytes, authInfoBytes, signatures: [signature] });
  return { txBytes, hash: txHash(txBytes), bodyBytes, authInfoBytes, signature };
}

export type SimulationTxParameters = Omit<SignTxParameters, "signer" | "fee" | "chainId" | "accountNumber"> & {
  signer: Pick<TxSigner, "algo" | "pubKey">;
};

/**
 * The tx a node's Simulate runs: the real body and signer, an empty fee, sign mode UNSPECIFIED
 * and an empty signature. This is the shape CosmJS sends, so any node that serves CosmJS
 * accepts it; no key is needed to build it.
 */
export function simulationTxBytes(p: SimulationTxParameters): Uint8Array {
  const bodyBytes = encodeTxBody({ messages: p.messages, memo: p.memo, timeoutHeight: p.timeoutHeight });
  const authInfoBytes = encodeAuthInfo({
    signers: [{ algo: p.signer.algo, pubKey: p.signer.pubKey, sequence: p.sequence }],
    fee: { amount: [], gasLimit: 0n },
    signMode: SignMode.UNSPECIFIED,
  });
  return encodeTxRaw({ bodyBytes, authInfoBytes, signatures: [new Uint8Array()] });
}
