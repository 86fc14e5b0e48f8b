// TEST-ONLY, deterministic CometBFT keys of the devnet's validators: each validator's consensus
// key and node (p2p) key are derived from its public test mnemonic (common/node/testKeys.ts), so a
// regenerated devnet has the same validator set, node ids and genesis every time:
//   consensus key seed = sha256("unit devnet consensus key " + i + ": " + mnemonic_i)
//   node key seed      = sha256("unit devnet node key " + i + ": " + mnemonic_i)
// Anyone can recompute them; they must never guard anything of value.
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { VALIDATOR_TEST_MNEMONICS } from "../../common/node/testKeys.js";

export interface Ed25519Key {
  seed: Uint8Array;
  pubKey: Uint8Array;
}

function derive(label: string, index: number): Ed25519Key {
  const mnemonic = VALIDATOR_TEST_MNEMONICS[index];
  if (mnemonic === undefined) throw new Error(`there are test keys for ${VALIDATOR_TEST_MNEMONICS.length} validators, not ${index + 1}`);
  const seed = sha256(new TextEncoder().encode(`unit devnet ${label} key ${index}: ${mnemonic}`));
  return { seed, pubKey: ed25519.getPublicKey(seed) };
}

export const consensusKey = (index: number) => derive("consensus", index);
export const nodeKey = (index: number) => derive("node", index);

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
/** CometBFT addresses and node ids: the first 20 bytes of sha256(ed25519 public key). */
const address = (pubKey: Uint8Array) => Buffer.from(sha256(pubKey).subarray(0, 20));

/** A node id as `persistent_peers` names it: 40 lower-case hex digits. */
export function nodeId(key: Ed25519Key): string {
  return address(key.pubKey).toString("hex");
}

/** config/priv_validator_key.json as CometBFT writes it (private key = seed ‖ public key). */
export function privValidatorKeyJson(key: Ed25519Key): string {
  return JSON.stringify(
    {
      address: address(key.pubKey).toString("hex").toUpperCase(),
      pub_key: { type: "tendermint/PubKeyEd25519", value: b64(key.pubKey) },
      priv_key: { type: "tendermint/PrivKeyEd25519", value: b64(Buffer.concat([key.seed, key.pubKey])) },
    },
    null,
    2,
  );
}

/** config/node_key.json as CometBFT writes it. */
export function nodeKeyJson(key: Ed25519Key): string {
  return JSON.stringify({ priv_key: { type: "tendermint/PrivKeyEd25519", value: b64(Buffer.concat([key.seed, key.pubKey])) } });
}
