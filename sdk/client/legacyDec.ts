// Cosmos SDK LegacyDec fields: a string field marked `(gogoproto.customtype) =
// "cosmossdk.io/math.LegacyDec"` carries the integer text of its atomics (value x 10^18) on the
// protobuf wire, which is what CosmJS reads, while the SDK's gateway prints the value in decimal
// form with 18 fractional digits. The option comes from the descriptors, so the rule holds for any
// type the gateway learned by reflection, and a field without it is never touched.
import { getOption, hasOption, ScalarType, type DescField, type DescMessage, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { formatDec, parseDec } from "../math/dec.js";
import { customtype } from "../../gen/gogoproto/gogo_pb.js";
import { fromBase64, latin1 } from "../crypto/encoding.js";

export const LEGACY_DEC_TYPE = "cosmossdk.io/math.LegacyDec";

/** Wire text the SDK's LegacyDec.Unmarshal accepts in practice; longer text is left as written. */
const ATOMICS = /^-?[0-9]{1,100}$/;

// Reading an option decodes the field's unknown option bytes: once per field is enough.
const cache = new WeakMap<DescField, boolean>();

/** True for a string field (or repeated string) whose options name the LegacyDec custom type. */
export function isLegacyDecField(field: DescField): boolean {
  let known = cache.get(field);
  if (known === undefined) {
    const isString = (field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar")) && field.scalar === ScalarType.STRING;
    known = isString && hasOption(field, customtype) && getOption(field, customtype) === LEGACY_DEC_TYPE;
    cache.set(field, known);
  }
  return known;
}

const bytesCache = new WeakMap<DescField, boolean>();

/**
 * True for a bytes field marked as a LegacyDec (gov v1beta1 TallyParams, mint's Inflation answer,
 * slashing params): its bytes are the ASCII atomics text, and the SDK's JSON prints the decimal.
 */
export function isLegacyDecBytesField(field: DescField): boolean {
  let known = bytesCache.get(field);
  if (known === undefined) {
    known =
      field.fieldKind === "scalar" && field.scalar === ScalarType.BYTES && hasOption(field, customtype) && getOption(field, customtype) === LEGACY_DEC_TYPE;
    bytesCache.set(field, known);
  }
  return known;
}

/**
 * A LegacyDec bytes field's proto-JSON (base64 of the atomics text) as the SDK prints it: the
 * decimal. Bytes that are no atomics text stay base64, as written.
 */
export function legacyDecBytesJson(base64: string): string {
  const text = latin1(fromBase64(base64));
  return text === "" || ATOMICS.test(text) ? legacyDecJson(text) : base64;
}

/**
 * Atomics text as the SDK's JSON writes the LegacyDec: "1000000000000000000" → "1.000000000000000000".
 * Empty text is zero, as gogoproto reads an absent field. Text that is no integer is returned
 * unchanged: the answer is still worth sending, and the client sees what the app wrote.
 */
export function legacyDecJson(atomics: string): string {
  if (atomics === "") return formatDec(0n);
  return ATOMICS.test(atomics) ? formatDec(BigInt(atomics)) : atomics;
}

/**
 * A proto-JSON value (from protobuf-es toJson with proto field names) with every LegacyDec field of
 * `schema`, at any depth, rewritten in decimal form: what the CLI prints, as the SDK's CLI does.
 */
export function decimalizeLegacyDecs(schema: DescMessage, json: JsonValue): JsonValue {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return json;
  const out: JsonObject = { ...json };
  for (const field of schema.fields) {
    const value = out[field.name];
    if (value === undefined || value === null) continue;
    if (isLegacyDecBytesField(field) && typeof value === "string") out[field.name] = legacyDecBytesJson(value);
    else if (isLegacyDecField(field))
      out[field.name] = Array.isArray(value)
        ? value.map((v) => (typeof v === "string" ? legacyDecJson(v) : v))
        : typeof value === "string"
          ? legacyDecJson(value)
          : value;
    else if (field.fieldKind === "message") out[field.name] = decimalizeLegacyDecs(field.message, value);
    else if (field.fieldKind === "list" && field.listKind === "message" && Array.isArray(value))
      out[field.name] = value.map((v) => decimalizeLegacyDecs(field.message, v));
  }
  return out;
}

/**
 * The inverse of decimalizeLegacyDecs for genesis files: every decimal-form LegacyDec string of
 * `schema`, at any depth, as the atomics text the wire carries. Errors name the field by `path`.
 */
export function atomizeLegacyDecs(schema: DescMessage, json: JsonValue, path: string): JsonValue {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return json;
  const out: JsonObject = { ...json };
  for (const field of schema.fields) {
    const value = out[field.name];
    if (value === undefined || value === null) continue;
    const at = `${path}.${field.name}`;
    if (isLegacyDecField(field) && typeof value === "string") {
      try {
        out[field.name] = parseDec(value).toString();
      } catch (err) {
        throw new Error(`${at}: ${(err as Error).message}`);
      }
    } else if (field.fieldKind === "message") out[field.name] = atomizeLegacyDecs(field.message, value, at);
    else if (field.fieldKind === "list" && field.listKind === "message" && Array.isArray(value))
      out[field.name] = value.map((v, i) => atomizeLegacyDecs(field.message, v, `${at}[${i}]`));
  }
  return out;
}
