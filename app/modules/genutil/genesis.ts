// genutil genesis (the SDK's x/genutil GenesisState): `gen_txs`, the signed gentxs of the
// network's first validators as proto-JSON txs. InitChain delivers each through the real tx
// pipeline after every other module's genesis, as the SDK's InitGenesis does, so a gentx is
// checked exactly like a tx in a block (signature, balance, staking's rules).
import { create, fromJson, toBinary, type DescMessage, type JsonObject, type JsonValue, type Registry } from "@bufbuild/protobuf";
import { AuthInfoSchema, TxBodySchema, TxRawSchema, TxSchema, type Tx } from "../../../gen/cosmos/tx/v1beta1/tx_pb.js";
import type { TxResult } from "../../tx/processor.js";
import { useCosmosAnyUrls } from "../../../sdk/tx/anyUrls.js";
import { atomizeLegacyDecs, decimalizeLegacyDecs } from "../../../sdk/client/legacyDec.js";

export const MODULE_NAME = "genutil";

export interface GenutilGenesis {
  gen_txs: JsonValue[];
}

export function defaultGenutilGenesis(): GenutilGenesis {
  return { gen_txs: [] };
}

/** The gen_txs list of a genutil section; throws naming what is wrong. */
export function genTxsOf(raw: unknown): JsonValue[] {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error(`genutil genesis must be an object with gen_txs`);
  const list = (raw as { gen_txs?: unknown }).gen_txs ?? [];
  if (!Array.isArray(list)) throw new Error(`genutil genesis: gen_txs must be a list of txs`);
  return list as JsonValue[];
}

/**
 * A gentx in proto JSON as the SDK writes it (body, auth_info, signatures), parsed. Its messages'
 * LegacyDec fields (MsgCreateValidator's commission rates) are in decimal form, as the SDK's JSON
 * prints them, and go back to the atomics text the signed bytes carry.
 */
export function parseGenTxJson(json: JsonValue, registry: Registry): Tx {
  const atomized = mapTxMessages(json, registry, (schema, msg, i) => atomizeLegacyDecs(schema, msg, `body.messages[${i}]`));
  return useCosmosAnyUrls(TxSchema, fromJson(TxSchema, atomized, { registry }), registry);
}

/** The proto JSON of a signed tx with its messages' LegacyDec fields in the SDK's decimal form. */
export function decimalizeTxJson(json: JsonValue, registry: Registry): JsonValue {
  return mapTxMessages(json, registry, (schema, msg) => decimalizeLegacyDecs(schema, msg));
}

/** Rewrites each `body.messages[i]` whose "@type" the registry knows; anything else is left for fromJson to judge. */
function mapTxMessages(json: JsonValue, registry: Registry, map: (schema: DescMessage, msg: JsonValue, index: number) => JsonValue): JsonValue {
  if (!isObject(json) || !isObject(json.body) || !Array.isArray(json.body.messages)) return json;
  const messages = json.body.messages.map((msg, i) => {
    const typeUrl = isObject(msg) ? msg["@type"] : undefined;
    const schema = typeof typeUrl === "string" ? registry.getMessage(typeUrl.slice(typeUrl.lastIndexOf("/") + 1)) : undefined;
    return schema ? map(schema, msg, i) : msg;
  });
  return { ...json, body: { ...json.body, messages } };
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The TxRaw bytes of a parsed tx: body and auth info re-encoded, which gives back the bytes that
 * were signed because both sides encode protobuf deterministically (as the SDK's gentx relies on).
 */
export function txRawBytes(tx: Tx): Uint8Array {
  return toBinary(
    TxRawSchema,
    create(TxRawSchema, {
      bodyBytes: toBinary(TxBodySchema, tx.body ?? create(TxBodySchema)),
      authInfoBytes: toBinary(AuthInfoSchema, tx.authInfo ?? create(AuthInfoSchema)),
      signatures: tx.signatures,
    }),
  );
}

/** A failed delivery as one line: the SDK's codespace and code, then its log. */
export function describeFailure(result: TxResult): string {
  return `${result.log ?? "failed"} (codespace ${result.codespace ?? ""}, code ${result.code ?? 0})`;
}
