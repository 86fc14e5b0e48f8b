// Ethereum's ecrecover on native libsecp256k1 for the VM's Common (customCrypto): the sender of
// every Ethereum tx, in CheckTx and again in FinalizeBlock, and the ECRECOVER precompile. The
// library default is pure JavaScript and about 15x slower, which made recovery most of an
// Ethereum tx's cost. Same contract as @ethereumjs/util's ecrecover: the 64-byte uncompressed
// public key without its 0x04 prefix, or a throw for any signature that recovers no key (r or s
// zero or not below the group order, a recovery id other than 0 or 1).
import secp256k1 from "secp256k1";
import { calculateSigRecovery } from "@ethereumjs/util";

export function nativeEcrecover(msgHash: Uint8Array, v: bigint, r: Uint8Array, s: Uint8Array, chainId?: bigint): Uint8Array {
  const recovery = calculateSigRecovery(v, chainId);
  if (recovery !== 0n && recovery !== 1n) throw new Error("Invalid signature v value");
  if (r.length > 32 || s.length > 32) throw new Error("Invalid signature: r or s longer than 32 bytes");
  const signature = new Uint8Array(64);
  signature.set(r, 32 - r.length);
  signature.set(s, 64 - s.length);
  return secp256k1.ecdsaRecover(signature, Number(recovery), msgHash, false).subarray(1);
}
