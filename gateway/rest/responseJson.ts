// Response JSON as a Cosmos SDK node's gateway writes it (gogoproto jsonpb with OrigName and
// EmitDefaults): proto field names, every field present, 64-bit integers as strings, bytes as
// base64, enums by name, Any inlined with "@type", RFC3339 timestamps, "30s" durations.
// protobuf-es's JSON writer does all of that except two things the SDK's output also has: an
// unset message field is `null` rather than absent, and empty bytes are `null` (Go's nil slice),
// which is why `pagination` reads `{"next_key": null, "total": "0"}`. And a string or bytes field
// marked as a LegacyDec (gogoproto.customtype) is printed in decimal form rather than as its wire atomics.
import { ScalarType, toJson, type DescField, type DescMessage, type JsonObject, type JsonValue, type MessageShape, type Registry } from "@bufbuild/protobuf";
import { isLegacyDecBytesField, isLegacyDecField, legacyDecBytesJson, legacyDecJson } from "../../sdk/client/legacyDec.js";
import { SPECIAL_JSON_TYPES } from "./wellKnownJson.js";

const ANY = "google.protobuf.Any";

export function responseJson(schema: DescMessage, message: MessageShape<DescMessage>, registry: Registry): JsonValue {
  return shapeMessage(schema, toJson(schema, message, { registry, useProtoFieldName: true, alwaysEmitImplicit: true }), registry);
}

/** The message's JSON with every field present, in declaration order ("@type" first in an Any). */
function shapeMessage(schema: DescMessage, json: JsonValue, registry: Registry): JsonValue {
  if (!isObject(json)) return json;
  if (schema.typeName === ANY) {
    const typeUrl = json["@type"];
    const type = typeof typeUrl === "string" ? registry.getMessage(typeUrl.slice(typeUrl.lastIndexOf("/") + 1)) : undefined;
    if (!type) return json;
    const { "@type": _, ...fields } = json;
    // A well-known type (an Any too) sits under "value" in its own JSON form.
    if (type.typeName === ANY) return { "@type": typeUrl!, value: shapeMessage(type, fields.value ?? null, registry) };
    if (SPECIAL_JSON_TYPES.has(type.typeName)) return { "@type": typeUrl!, ...fields };
    return { "@type": typeUrl!, ...(shapeMessage(type, fields, registry) as JsonObject) };
  }
  if (SPECIAL_JSON_TYPES.has(schema.typeName)) return json;
  const out: JsonObject = {};
  for (const field of schema.fields) {
    const value = shapeField(field, json[field.name], registry);
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}

function shapeField(field: DescField, value: JsonValue | undefined, registry: Registry): JsonValue | undefined {
  switch (field.fieldKind) {
    case "message":
      // A member of a oneof is absent when another member is set; jsonpb leaves it out too.
      if (value === undefined) return field.oneof ? undefined : null;
      return shapeMessage(field.message, value, registry);
    case "list":
      if (!Array.isArray(value)) return value;
      if (field.listKind === "message") return value.map((item) => shapeMessage(field.message, item, registry));
      return isLegacyDecField(field) ? value.map(decimal) : value;
    case "map":
      return field.mapKind === "message" && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeMessage(field.message, v, registry)]))
        : value;
    case "scalar":
      if (isLegacyDecField(field)) return decimal(value);
      if (isLegacyDecBytesField(field)) return typeof value === "string" ? legacyDecBytesJson(value) : value;
      return value === "" && field.scalar === ScalarType.BYTES && !field.oneof ? null : value;
    default:
      return value;
  }
}

/** A LegacyDec's JSON; alwaysEmitImplicit means an unset one arrives as "" (zero). */
function decimal<V extends JsonValue | undefined>(value: V): V | string {
  return typeof value === "string" ? legacyDecJson(value) : value;
}

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
