// A gRPC request message from a GET request: path variables plus query-string parameters, each
// naming a field by its dotted path (`pagination.limit`, proto or JSON name). Values are read
// as grpc-gateway reads them (bools as `true`/`1`, enums by name or number, bytes as base64 of
// either alphabet), then parsed by protobuf-es's JSON reader, which does the range checks.
import { fromJson, ScalarType, type DescField, type DescMessage, type JsonObject, type JsonValue, type MessageShape, type Registry } from "@bufbuild/protobuf";
import { ONE_VALUE_JSON_TYPES } from "./wellKnownJson.js";

export class RequestParamError extends Error {
  override name = "RequestParamError";
}

export interface RequestLimits {
  /** Most query-string parameters in one request. */
  maxParams: number;
  /** Largest `pagination.limit` passed on; larger ones are lowered to it. */
  maxPageLimit: bigint;
}

const TRUE = new Set(["true", "True", "TRUE", "t", "T", "1"]);
const FALSE = new Set(["false", "False", "FALSE", "f", "F", "0"]);

export function buildRequest(
  schema: DescMessage,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  registry: Registry,
  limits: RequestLimits,
): MessageShape<DescMessage> {
  const json: JsonObject = {};
  const bound = new Set<string>();
  for (const [path, value] of Object.entries(pathParams)) {
    setField(schema, json, path, [value], "path variable");
    bound.add(canonicalPath(schema, path) ?? path);
  }
  const pairs = [...query];
  if (pairs.length > limits.maxParams) throw new RequestParamError(`too many query parameters: ${pairs.length} (at most ${limits.maxParams})`);
  // Grouped by field, so one field spelled by its proto and its JSON name is still one field.
  const byField = new Map<string, { key: string; values: string[] }>();
  for (const [key, value] of pairs) {
    const field = canonicalPath(schema, key);
    // `_=1633...` is how browser code defeats caches; no proto field starts with "_" here.
    if (field === undefined && key.startsWith("_")) continue;
    const group = byField.get(field ?? key);
    if (group) group.values.push(value);
    else byField.set(field ?? key, { key, values: [value] });
  }
  for (const [field, { key, values }] of byField) {
    if (bound.has(field)) throw new RequestParamError(`query parameter "${key}" is already given in the path`);
    setField(schema, json, key, values, "query parameter");
  }
  let message: MessageShape<DescMessage>;
  try {
    message = fromJson(schema, json, { registry });
  } catch (err) {
    throw new RequestParamError(`invalid request: ${(err as Error).message.replace(/^cannot decode message [\w.]+ from JSON: /, "")}`);
  }
  capPageLimit(message, limits.maxPageLimit);
  return message;
}

/** The field path spelled with proto names (`pagination.countTotal` is `pagination.count_total`); undefined when no such field. */
function canonicalPath(schema: DescMessage, path: string): string | undefined {
  try {
    return resolve(schema, path)
      .map((f) => f.name)
      .join(".");
  } catch {
    return undefined;
  }
}

function resolve(schema: DescMessage, path: string): DescField[] {
  const names = path.split(".");
  const fields: DescField[] = [];
  let message: DescMessage | undefined = schema;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (!message) throw new RequestParamError(`"${path}" is not a field of ${schema.typeName}: ${fields.map((f) => f.name).join(".")} has no sub-fields`);
    const field: DescField | undefined = message.fields.find((f) => f.name === name || f.jsonName === name);
    if (!field) throw new RequestParamError(`"${path}" is not a field of ${schema.typeName}${fieldHint(message)}`);
    fields.push(field);
    message = field.fieldKind === "message" && !ONE_VALUE_JSON_TYPES.has(field.message.typeName) ? field.message : undefined;
  }
  return fields;
}

function fieldHint(message: DescMessage): string {
  const names = message.fields.map((f) => f.name);
  return names.length === 0 ? ` (it takes no parameters)` : ` (fields of ${message.typeName}: ${names.join(", ")})`;
}

function setField(schema: DescMessage, root: JsonObject, path: string, values: string[], what: string): void {
  const fields = resolve(schema, path);
  let target = root;
  for (const field of fields.slice(0, -1)) {
    if (field.fieldKind !== "message") throw new RequestParamError(`${what} "${path}": ${field.name} is not a message`);
    const next = target[field.name];
    target = (next && typeof next === "object" && !Array.isArray(next) ? next : (target[field.name] = {})) as JsonObject;
  }
  const leaf = fields[fields.length - 1]!;
  if (leaf.fieldKind === "map") throw new RequestParamError(`${what} "${path}" is a map, which cannot be set from a URL`);
  if (leaf.fieldKind === "message" && !ONE_VALUE_JSON_TYPES.has(leaf.message.typeName)) {
    throw new RequestParamError(`${what} "${path}" is a message; set its fields instead (${leaf.message.fields.map((f) => `${path}.${f.name}`).join(", ")})`);
  }
  if (leaf.fieldKind !== "list" && values.length > 1) throw new RequestParamError(`${what} "${path}" is given ${values.length} times but is not repeated`);
  const value = leaf.fieldKind === "list" ? values.map((v) => jsonValue(leaf, v, path, what)) : jsonValue(leaf, values[0]!, path, what);
  // Parsed on its own first, so a bad value is reported with the parameter that carried it.
  try {
    fromJson(leaf.parent, { [leaf.name]: value });
  } catch (err) {
    throw new RequestParamError(`${what} "${path}" has an invalid value: ${(err as Error).message.replace(/^cannot decode [\w.]+ [\w.]+ from JSON: /, "")}`);
  }
  target[leaf.name] = value;
}

function jsonValue(field: DescField, text: string, path: string, what: string): JsonValue {
  const enumType = field.fieldKind === "enum" ? field.enum : field.fieldKind === "list" && field.listKind === "enum" ? field.enum : undefined;
  if (enumType) return /^-?\d+$/.test(text) ? Number(text) : text;
  const scalar = field.fieldKind === "scalar" ? field.scalar : field.fieldKind === "list" && field.listKind === "scalar" ? field.scalar : undefined;
  if (scalar === ScalarType.BOOL) {
    if (TRUE.has(text)) return true;
    if (FALSE.has(text)) return false;
    throw new RequestParamError(`${what} "${path}" must be true or false, got "${text.slice(0, 40)}"`);
  }
  // A "+" of standard base64 arrives as a space when the client did not escape it.
  if (scalar === ScalarType.BYTES) return text.replaceAll(" ", "+");
  return text;
}

/** Lowers `pagination.limit` to the cap, so no request through the gateway asks for more. */
function capPageLimit(message: MessageShape<DescMessage>, cap: bigint): void {
  const page = (message as unknown as { pagination?: { $typeName?: string; limit?: bigint } }).pagination;
  if (page?.$typeName === "cosmos.base.query.v1beta1.PageRequest" && typeof page.limit === "bigint" && page.limit > cap) page.limit = cap;
}
