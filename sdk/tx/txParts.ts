// The byte documents of a SIGN_MODE_DIRECT tx. The signature covers body and auth info as bytes,
// so these are encoded once and the same bytes go into both the SignDoc and the TxRaw.
import { create, toBinary } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { sha256 } from "@noble/hashes/sha2.js";
import { AuthInfoSchema, SignDocSchema, TxBodySchema, TxRawSchema } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { SignMode } from "../../gen/cosmos/tx/signing/v1beta1/signing_pb.js";
import type { KeyAlgo } from "../signer.js";
import type { Coin } from "./coins.js";
import { encodePubKeyAny } from "./pubKeyAny.js";
import { toHex } from "../crypto/encoding.js";

export interface TxBodyInput {
  messages: Any[];
  memo?: string;
  /** The tx is invalid once the chain passes this height; 0 (the default) means no timeout. */
  timeoutHeight?: bigint;
}

export function encodeTxBody(input: TxBodyInput): Uint8Array {
  return toBinary(TxBodySchema, create(TxBodySchema, { messages: input.messages, memo: input.memo ?? "", timeoutHeight: input.timeoutHeight ?? 0n }));
}

export interface FeeInput {
  amount: Coin[];
  gasLimit: bigint;
  /** Pays the fee instead of the first signer (must also sign). */
  payer?: string;
  /** A fee grant's granter. */
  granter?: string;
}

export interface SignerInfoInput {
  algo: KeyAlgo;
  /** 33-byte compressed public key. */
  pubKey: Uint8Array;
  sequence: bigint;
}

export interface AuthInfoInput {
  signers: SignerInfoInput[];
  fee: FeeInput;
  /** SIGN_MODE_DIRECT for a real tx; UNSPECIFIED for a simulation, as CosmJS sends it. */
  signMode?: SignMode;
}

export function encodeAuthInfo(input: AuthInfoInput): Uint8Array {
  const mode = input.signMode ?? SignMode.DIRECT;
  return toBinary(
    AuthInfoSchema,
    create(AuthInfoSchema, {
      signerInfos: input.signers.map((s) => ({
        publicKey: encodePubKeyAny(s.algo, s.pubKey),
        modeInfo: { sum: { case: "single" as const, value: { mode } } },
        sequence: s.sequence,
      })),
      fee: { amount: input.fee.amount, gasLimit: input.fee.gasLimit, payer: input.fee.payer ?? "", granter: input.fee.granter ?? "" },
    }),
  );
}

export interface SignDocInput {
  bodyBytes: Uint8Array;
  authInfoBytes: Uint8Array;
  chainId: string;
  accountNumber: bigint;
}

/** The bytes a SIGN_MODE_DIRECT signer signs (the algorithm hashes them: sha256 or keccak256). */
export function encodeSignDoc(input: SignDocInput): Uint8Array {
  return toBinary(SignDocSchema, create(SignDocSchema, input));
}

export interface TxRawInput {
  bodyBytes: Uint8Array;
  authInfoBytes: Uint8Array;
  signatures: Uint8Array[];
}

/** What is broadcast: CometBFT's tx bytes. */
export function encodeTxRaw(input: TxRawInput): Uint8Array {
  return toBinary(TxRawSchema, create(TxRawSchema, input));
}

/** CometBFT's tx hash: sha256 of the tx bytes, uppercase hex (as /tx and block explorers show it). */
export function txHash(txBytes: Uint8Array): string {
  return toHex(sha256(txBytes)).toUpperCase();
}
