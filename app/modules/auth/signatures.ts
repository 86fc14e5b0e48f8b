// Signature checks of SIGN_MODE_DIRECT: the signed bytes, the digest each key algorithm signs,
// and a cache of verified signatures so a tx checked in CheckTx is not verified again when its
// block executes.
import { hash } from "node:crypto";
import { bytesSize, ProtoWriter, uintSize } from "../../../common/protoWriter.js";
import { keccak256 } from "../../../sdk/crypto/hashes.js";
import { isHighS, verifySecp256k1 } from "../../../common/node/secp256k1Verify.js";
import type { PubKey } from "./pubkey.js";
import { Memo } from "../../../common/memo.js";

/**
 * The `cosmos.tx.v1beta1.SignDoc` a SIGN_MODE_DIRECT signature covers, written by hand (each
 * CheckTx builds one per signer; protobuf-es's reflective toBinary cost several µs): the bytes
 * toBinary writes, fields in number order, defaults left out.
 */
export function signBytes(bodyBytes: Uint8Array, authInfoBytes: Uint8Array, chainId: string, accountNumber: bigint): Uint8Array {
  const chain = Buffer.from(chainId, "utf8");
  // Transient: the only caller hashes them for the signature check and lets them go.
  const w = new ProtoWriter(bytesSize(1, bodyBytes) + bytesSize(2, authInfoBytes) + bytesSize(3, chain) + uintSize(4, accountNumber), { transient: true });
  w.bytes(1, bodyBytes);
  w.bytes(2, authInfoBytes);
  w.bytes(3, chain);
  w.uint(4, accountNumber);
  return w.done();
}

export type SignatureProblem = "high-s" | "length" | "invalid";

/** Why a signature fails, or undefined when it is valid. */
export function checkSignature(pubKey: PubKey, bytes: Uint8Array, signature: Uint8Array): SignatureProblem | undefined {
  if (signature.length !== 64) return "length";
  if (isHighS(signature)) return "high-s";
  const digest = pubKey.algo === "secp256k1" ? hash("sha256", bytes, "buffer") : keccak256(bytes);
  return verifySecp256k1(digest, signature, pubKey.key) ? undefined : "invalid";
}

/**
 * Verified (tx hash, chain id, account numbers) triples. The sign bytes are a pure function of
 * those, so a hit proves the signatures valid without recomputing them. Bounded; oldest entries
 * are dropped first (common/memo.ts, whose eviction stays O(1) in a full cache), and an entry
 * goes when its tx runs in a block, its last use (app/tx/decode.ts says why). Only a speed-up: a
 * miss just verifies again.
 */
export class SignatureCache {
  private readonly entries: Memo<string, true>;

  constructor(capacity = 100_000) {
    this.entries = new Memo(capacity);
  }

  static key(txHash: Uint8Array, chainId: string, accountNumbers: readonly bigint[]): string {
    return `${Buffer.from(txHash).toString("hex")}/${chainId}/${accountNumbers.join(",")}`;
  }

  has(key: string): boolean {
    return this.entries.get(key) !== undefined;
  }

  add(key: string): void {
    this.entries.set(key, true);
  }

  /** Forgets `key` (its tx has run in a block); false when it was not held. */
  delete(key: string): boolean {
    return this.entries.delete(key);
  }
}
