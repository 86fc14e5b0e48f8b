// Reading a tx back from its bytes (CometBFT's /tx answer, a block) into something to show a user:
// the TxRaw parts decoded, every Any unpacked through the registry, as snake_case proto JSON.
import { fromBinary, toJson, type JsonObject } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { AuthInfoSchema, SignerInfoSchema, TxBodySchema, TxRawSchema, type AuthInfo, type TxBody } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { typeRegistry, unpackAny } from "./registry.js";
import { toBase64 } from "../crypto/encoding.js";

export interface DecodedTx {
  body: TxBody;
  authInfo: AuthInfo;
  signatures: Uint8Array[];
}

/** Throws a readable error when the bytes are not a Cosmos TxRaw (e.g. an Ethereum tx). */
export function decodeTx(txBytes: Uint8Array): DecodedTx {
  try {
    const raw = fromBinary(TxRawSchema, txBytes);
    return { body: fromBinary(TxBodySchema, raw.bodyBytes), authInfo: fromBinary(AuthInfoSchema, raw.authInfoBytes), signatures: raw.signatures };
  } catch (err) {
    throw new Error(`the tx bytes are not a Cosmos TxRaw: ${(err as Error).message}`);
  }
}

const jsonOptions = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;

/** One Any as JSON: its fields with "@type" when the type is known, else the raw bytes in base64. */
export function anyToJson(any: Any): JsonObject {
  const message = unpackAny(any);
  if (!message) return { "@type": any.typeUrl, value: toBase64(any.value) };
  const schema = typeRegistry().getMessage(message.$typeName)!;
  return { "@type": any.typeUrl, ...(toJson(schema, message, { ...jsonOptions, registry: typeRegistry() }) as JsonObject) };
}

/** `{body, auth_info, signatures}` as the SDK's `query tx` prints it. */
export function txToJson(tx: DecodedTx): JsonObject {
  const body = toJson(TxBodySchema, { ...tx.body, messages: [], extensionOptions: [], nonCriticalExtensionOptions: [] }, jsonOptions) as JsonObject;
  body.messages = tx.body.messages.map(anyToJson);
  body.extension_options = tx.body.extensionOptions.map(anyToJson);
  body.non_critical_extension_options = tx.body.nonCriticalExtensionOptions.map(anyToJson);
  const authInfo = toJson(AuthInfoSchema, { ...tx.authInfo, signerInfos: [] }, jsonOptions) as JsonObject;
  authInfo.signer_infos = tx.authInfo.signerInfos.map((info) => {
    const signerInfo = toJson(SignerInfoSchema, { ...info, publicKey: undefined }, jsonOptions) as JsonObject;
    signerInfo.public_key = info.publicKey ? anyToJson(info.publicKey) : null;
    return signerInfo;
  });
  return { body, auth_info: authInfo, signatures: tx.signatures.map((s) => toBase64(s)) };
}
