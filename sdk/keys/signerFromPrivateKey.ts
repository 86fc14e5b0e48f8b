// A TxSigner holding a raw private key in memory: what the keyring hands out, and what tests and
// scripts use directly.
import type { KeyAlgo, TxSigner } from "../signer.js";
import { addressFromPubKey } from "../crypto/address.js";
import { publicKeyFromPrivateKey, signSecp256k1 } from "../crypto/secp256k1Sign.js";
import { signingDigest } from "./algo.js";

/** A signer for a 32-byte private key: secp256k1 signs sha256, eth_secp256k1 keccak256. */
export function signerFromPrivateKey(privKey: Uint8Array, algo: KeyAlgo): TxSigner {
  // Copied so a caller that wipes or reuses its buffer cannot change the signer's key.
  const key = Uint8Array.from(privKey);
  const pubKey = publicKeyFromPrivateKey(key);
  const address = addressFromPubKey(algo, pubKey);
  return {
    algo,
    pubKey,
    address,
    async sign(signBytes: Uint8Array): Promise<Uint8Array> {
      return signSecp256k1(signingDigest(algo, signBytes), key);
    },
  };
}
