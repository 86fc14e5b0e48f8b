// A signer's public key as it goes into SignerInfo: an Any whose type URL says which algorithm
// verifies it. Both algorithms carry the 33-byte compressed key in the same one-field message.
import type { Any } from "@bufbuild/protobuf/wkt";
import { PubKeySchema as Secp256k1PubKeySchema } from "../../gen/cosmos/crypto/secp256k1/keys_pb.js";
import { PubKeySchema as EthSecp256k1PubKeySchema } from "../../gen/cosmos/evm/crypto/v1/ethsecp256k1/keys_pb.js";
import type { KeyAlgo } from "../signer.js";
import { packAny } from "./registry.js";

export function encodePubKeyAny(algo: KeyAlgo, compressedPubKey: Uint8Array): Any {
  if (compressedPubKey.length !== 33) throw new Error(`a ${algo} public key has 33 bytes (compressed), got ${compressedPubKey.length}`);
  switch (algo) {
    case "secp256k1":
      return packAny(Secp256k1PubKeySchema, { key: compressedPubKey });
    case "eth_secp256k1":
      return packAny(EthSecp256k1PubKeySchema, { key: compressedPubKey });
  }
}
