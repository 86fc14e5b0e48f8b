// Validators' consensus keys: ed25519 only (CometBFT's default), carried in state as the SDK's
// `/cosmos.crypto.ed25519.PubKey` Any and handed to CometBFT as raw 32 bytes.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { sha256 } from "@noble/hashes/sha2.js";
import { PubKeySchema as Ed25519PubKeySchema } from "../../../gen/cosmos/crypto/ed25519/keys_pb.js";
import { sdkErrors } from "../../../common/errors.js";

/** The key type of every validator's consensus key, as CometBFT's consensus params name it. */
export const CONSENSUS_KEY_TYPE = "ed25519";
export const ED25519_PUBKEY_TYPE_URL = `/${Ed25519PubKeySchema.typeName}`;
export const ED25519_PUBKEY_LENGTH = 32;
export { Ed25519PubKeySchema };

export function encodeConsensusPubKey(key: Uint8Array): Any {
  checkLength(key);
  return create(AnySchema, { typeUrl: ED25519_PUBKEY_TYPE_URL, value: toBinary(Ed25519PubKeySchema, create(Ed25519PubKeySchema, { key })) });
}

export function decodeConsensusPubKey(any: Any | undefined): Uint8Array {
  if (!any) throw sdkErrors.invalidPubKey.wrap("validator has no consensus public key");
  if (any.typeUrl !== ED25519_PUBKEY_TYPE_URL) throw sdkErrors.invalidPubKey.wrap(`unsupported consensus key type ${any.typeUrl.slice(0, 200)}`);
  const key = fromBinary(Ed25519PubKeySchema, any.value).key;
  checkLength(key);
  return key;
}

/** CometBFT's validator address: the first 20 bytes of sha256(pubkey). */
export function consensusAddress(key: Uint8Array): Uint8Array {
  return sha256(key).subarray(0, 20);
}

function checkLength(key: Uint8Array): void {
  if (key.length !== ED25519_PUBKEY_LENGTH)
    throw sdkErrors.invalidPubKey.wrap(`an ed25519 consensus key has ${ED25519_PUBKEY_LENGTH} bytes, got ${key.length}`);
}
