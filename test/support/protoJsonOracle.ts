// Checks a REST answer against the gRPC answer it came from, field by field, by the conventions a
// Cosmos SDK gateway follows: proto field names; every field present; 64-bit integers as decimal
// strings; bytes as standard base64 and empty bytes as null; enums by name; an unset message as
// null; Any inlined with "@type"; RFC3339 timestamps; "1.5s" durations; a string field whose
// gogoproto.customtype is "cosmossdk.io/math.LegacyDec" (wire: atomics, value x 10^18) in decimal
// form with 18 fractional digits. Written from those rules, not with protobuf-es's JSON writer nor
// the gateway's code, so it can catch the gateway getting one wrong.
import assert from "node:assert/strict";
import { createRegistry, getOption, hasOption, ScalarType, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { anyUnpack, type Any } from "@bufbuild/protobuf/wkt";
import { TxSchema } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { customtype } from "../../gen/gogoproto/gogo_pb.js";
import { typeRegistry } from "../../sdk/tx/registry.js";

/** What a node's answers pack into an Any: the client SDK's types, and the Tx in a TxResponse. */
const anyTypes = createRegistry(typeRegistry(), TxSchema);

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a message of a runtime schema

export function assertJsonMatchesMessage(schema: DescMessage, message: Msg, json: Json, at = "$"): void {
  assert.ok(json !== null && typeof json === "object" && !Array.isArray(json), `${at}: an object, got ${JSON.stringify(json)}`);
  const names = schema.fields.map((f) => f.name);
  for (const key of Object.keys(json)) assert.ok(names.includes(key), `${at}: unexpected key "${key}" (fields: ${names.join(", ")})`);
  for (const field of schema.fields) {
    const where = `${at}.${field.name}`;
    let value: unknown;
    if (field.oneof) {
      const chosen = message[field.oneof.localName] as { case?: string; value?: unknown };
      if (chosen.case !== field.localName) {
        assert.ok(!(field.name in json), `${where}: an unset oneof member is left out`);
        continue;
      }
      value = chosen.value;
    } else value = message[field.localName];
    assert.ok(field.name in json, `${where}: present`);
    assertField(field, value, json[field.name], where);
  }
}

function assertField(field: DescField, value: unknown, json: Json, at: string): void {
  switch (field.fieldKind) {
    case "scalar":
      if (isLegacyDec(field)) return assert.equal(json, legacyDecText(value as string), `${at}: LegacyDec in decimal form`);
      return assertScalar(field.scalar, value, json, at);
    case "enum":
      return assert.equal(json, field.enum.value[value as number]?.name ?? value, `${at}: enum by name`);
    case "message":
      return assertMessageValue(field.message, value as Msg | undefined, json, at);
    case "list": {
      const items = value as unknown[];
      assert.ok(Array.isArray(json) && json.length === items.length, `${at}: an array of ${items.length}, got ${JSON.stringify(json)?.slice(0, 200)}`);
      items.forEach((item, i) => {
        if (field.listKind === "message") assertMessageValue(field.message, item as Msg, json[i], `${at}[${i}]`);
        else if (field.listKind === "enum") assert.equal(json[i], field.enum.value[item as number]?.name ?? item, `${at}[${i}]`);
        else if (isLegacyDec(field)) assert.equal(json[i], legacyDecText(item as string), `${at}[${i}]: LegacyDec in decimal form`);
        else assertScalar(field.scalar, item, json[i], `${at}[${i}]`, false);
      });
      return;
    }
    case "map": {
      const entries = Object.entries(value as Record<string, unknown>);
      assert.deepEqual(Object.keys(json).sort(), entries.map(([k]) => k).sort(), `${at}: map keys`);
      for (const [k, v] of entries) {
        if (field.mapKind === "message") assertMessageValue(field.message, v as Msg, json[k], `${at}.${k}`);
        else if (field.mapKind === "enum") assert.equal(json[k], field.enum.value[v as number]?.name ?? v, `${at}.${k}`);
        else assertScalar(field.scalar, v, json[k], `${at}.${k}`, false);
      }
      return;
    }
  }
}

function assertScalar(scalar: ScalarType, value: unknown, json: Json, at: string, emptyBytesNull = true): void {
  switch (scalar) {
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return assert.equal(json, (value as bigint).toString(), `${at}: 64-bit integer as a decimal string`);
    case ScalarType.BYTES: {
      const bytes = value as Uint8Array;
      if (bytes.length === 0 && emptyBytesNull) return assert.equal(json, null, `${at}: empty bytes as null`);
      return assert.equal(json, Buffer.from(bytes).toString("base64"), `${at}: bytes as standard base64`);
    }
    default:
      return assert.equal(json, value, `${at}`);
  }
}

function assertMessageValue(schema: DescMessage, value: Msg | undefined, json: Json, at: string): void {
  if (value === undefined) return assert.equal(json, null, `${at}: an unset message is null`);
  switch (schema.typeName) {
    case "google.protobuf.Timestamp":
      return assert.equal(json, rfc3339(value.seconds as bigint, value.nanos as number), `${at}: RFC3339 time`);
    case "google.protobuf.Duration":
      return assert.equal(json, `${value.seconds}${fraction(value.nanos as number)}s`, `${at}: duration`);
    case "google.protobuf.Any": {
      const any = value as Any;
      assert.equal(json["@type"], any.typeUrl, `${at}: Any with @type`);
      const inner = anyUnpack(any, anyTypes);
      assert.ok(inner, `${at}: the test's registry knows ${any.typeUrl}`);
      const { "@type": _, ...fields } = json;
      return assertJsonMatchesMessage(anyTypes.getMessage(inner.$typeName)!, inner as Msg, fields, at);
    }
    default:
      return assertJsonMatchesMessage(schema, value, json, at);
  }
}

function isLegacyDec(field: DescField): boolean {
  return field.scalar === ScalarType.STRING && hasOption(field, customtype) && getOption(field, customtype) === "cosmossdk.io/math.LegacyDec";
}

/** Atomics text moved 18 digits right of the point; "" is zero; text that is no integer stays as is. */
export function legacyDecText(atomics: string): string {
  if (atomics === "") return "0.000000000000000000";
  const m = /^(-?)0*([0-9]+)$/.exec(atomics);
  if (!m) return atomics;
  const digits = m[2]!.padStart(19, "0");
  const text = `${digits.slice(0, -18)}.${digits.slice(-18)}`;
  return m[1] && /[1-9]/.test(digits) ? `-${text}` : text;
}

/** `2024-01-02T03:04:05.123Z`, with 0, 3, 6 or 9 fractional digits as the nanos need. */
export function rfc3339(seconds: bigint, nanos: number): string {
  return new Date(Number(seconds) * 1000).toISOString().replace(".000Z", `${fraction(nanos)}Z`);
}

function fraction(nanos: number): string {
  if (nanos === 0) return "";
  const nine = String(nanos).padStart(9, "0");
  return "." + (nanos % 1_000_000 === 0 ? nine.slice(0, 3) : nanos % 1000 === 0 ? nine.slice(0, 6) : nine);
}
