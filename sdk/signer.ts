// What signing a Cosmos tx needs from a key, whatever holds it (a keyring file, a mnemonic in
// memory, a hardware wallet): the key's algorithm, its public key and a 64-byte signature.

/** `secp256k1` signs sha256(sign bytes); `eth_secp256k1` signs keccak256(sign bytes). */
export type KeyAlgo = "secp256k1" | "eth_secp256k1";

/** Type URLs of the public keys, as CosmJS (>= 0.38) and Keplr know them. */
export const PUBKEY_TYPE_URL: Record<KeyAlgo, string> = {
  secp256k1: "/cosmos.crypto.secp256k1.PubKey",
  eth_secp256k1: "/cosmos.evm.crypto.v1.ethsecp256k1.PubKey",
};

export interface TxSigner {
  readonly algo: KeyAlgo;
  /** 33-byte compressed secp256k1 public key (both algorithms put the compressed form on chain). */
  readonly pubKey: Uint8Array;
  /** The 20-byte account address: ripemd160(sha256(pubKey)) or keccak256(uncompressed)[12:]. */
  readonly address: Uint8Array;
  /** A 64-byte low-S (r || s) signature over the algorithm's digest of `signBytes`. */
  sign(signBytes: Uint8Array): Promise<Uint8Array>;
}
