// A request message as a REST request target: fields bound by the path template go into the path,
// every other set field into the query string under its dotted proto name (pagination.limit=10),
// written as the gateway reads it (docs/rest.md, Request parameters): integers in decimal, bytes
// in base64, enums by name, repeated fields as repeated keys.
import { create, toJson, type DescMessage, type JsonValue, type MessageInitShape } from "@bufbuild/protobuf";
import { fillTemplate, templateFields } from "./httpRoute.js";

/** "/vendor/chain/registry/asset/7/history?pagination.limit=10" */
export function restTarget<I extends DescMessage>(template: string, schema: I, request: MessageInitShape<I>): string {
  const message = create(schema, request);
  // Set fields only for the query string; every field (defaults too) for the path, so a missing
  // path variable is reported by name rather than sent as an empty segment.
  const sparse = toJson(schema, message, { useProtoFieldName: true }) as Record<string, JsonValue>;
  const full = toJson(schema, message, { useProtoFieldName: true, alwaysEmitImplicit: true }) as Record<string, JsonValue>;
  const bound = templateFields(template);
  const pathValues: Record<string, string> = {};
  for (const field of bound) {
    const value = lookup(full, field);
    if (value !== undefined && value !== null && typeof value !== "object") pathValues[field] = String(value);
  }
  const query = new URLSearchParams();
  flatten(sparse, "", bound, query);
  const search = query.toString();
  return fillTemplate(template, pathValues) + (search ? `?${search}` : "");
}

function lookup(json: Record<string, JsonValue>, dotted: string): JsonValue | undefined {
  let value: JsonValue | undefined = json;
  for (const part of dotted.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = value[part];
  }
  return value;
}

function flatten(value: JsonValue, prefix: string, bound: string[], out: URLSearchParams): void {
  if (bound.includes(prefix)) return;
  if (Array.isArray(value)) {
    for (const item of value) flatten(item, prefix, bound, out);
  } else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, bound, out);
  } else if (value !== null) {
    out.append(prefix, String(value));
  }
}
