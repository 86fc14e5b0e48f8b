// An OpenAPI 3.0 document of the REST API, made from the same route table the gateway serves: one
// GET operation per route, its path and query parameters from the request message, its response
// schema from the response message as responseJson.ts writes it (every field present, unset
// messages and empty bytes as null, LegacyDec fields in decimal form). Served at /openapi.json
// and kept in docs/openapi.json.
import { ScalarType, type DescEnum, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { isLegacyDecField } from "../../sdk/client/legacyDec.js";
import { fieldsOnPath, type Route, type RouteTable } from "./routes.js";
import { ONE_VALUE_JSON_TYPES } from "./wellKnownJson.js";

type Schema = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** A LegacyDec as responseJson.ts writes it. */
const LEGACY_DEC_SCHEMA: Schema = {
  type: "string",
  pattern: "^-?[0-9]+\\.[0-9]{18}$",
  description: "Decimal with 18 fractional digits (Cosmos SDK LegacyDec); protobuf carries its atomics, value x 10^18.",
  example: "0.050000000000000000",
};

/** Query parameters are flattened to this depth (`pagination.limit` is depth 2). */
const MAX_PARAM_DEPTH = 3;

/** The JSON schema of each type in ONE_VALUE_JSON_TYPES. */
const STRING_WKT: Record<string, Schema> = {
  "google.protobuf.Timestamp": { type: "string", format: "date-time" },
  "google.protobuf.Duration": { type: "string", pattern: "^-?[0-9]+(\\.[0-9]{1,9})?s$" },
  "google.protobuf.FieldMask": { type: "string" },
  "google.protobuf.StringValue": { type: "string" },
  "google.protobuf.BytesValue": { type: "string", format: "byte" },
  "google.protobuf.BoolValue": { type: "boolean" },
  "google.protobuf.Int32Value": { type: "integer", format: "int32" },
  "google.protobuf.UInt32Value": { type: "integer", format: "int64", minimum: 0, maximum: 4294967295 },
  "google.protobuf.Int64Value": { type: "string", format: "int64", pattern: "^-?[0-9]+$" },
  "google.protobuf.UInt64Value": { type: "string", format: "uint64", pattern: "^[0-9]+$" },
  "google.protobuf.FloatValue": { type: "number" },
  "google.protobuf.DoubleValue": { type: "number" },
};

export function openApiDocument(table: RouteTable, info: OpenApiInfo): Schema {
  const schemas: Record<string, Schema> = {
    Status: {
      type: "object",
      required: ["code", "message", "details"],
      properties: {
        code: { type: "integer", format: "int32", description: "gRPC status code" },
        message: { type: "string" },
        details: { type: "array", items: {} },
      },
    },
  };
  const builder = new SchemaBuilder(schemas);
  const paths: Record<string, Schema> = {};
  const idsUsed = new Map<string, number>();
  // Stable order: by path, whatever the matching order is.
  for (const route of [...table.routes].sort((a, b) => (openApiPath(a) < openApiPath(b) ? -1 : 1))) {
    // A method with additional_bindings has one operation per binding; ids must stay unique.
    const base = `${route.service.typeName}.${route.method.name}`.replaceAll(".", "_");
    const n = (idsUsed.get(base) ?? 0) + 1;
    idsUsed.set(base, n);
    paths[openApiPath(route)] = { get: operation(route, builder, n === 1 ? base : `${base}_${n}`) };
  }
  return {
    openapi: "3.0.3",
    info,
    paths,
    components: {
      schemas,
      parameters: {
        BlockHeight: {
          name: "x-cosmos-block-height",
          in: "header",
          required: false,
          description: "Committed height to answer at; absent or 0 = the latest.",
          schema: { type: "string", pattern: "^[0-9]{1,16}$" },
        },
      },
      responses: {
        Error: {
          description: "A failure, with the gRPC status code and the HTTP status mapped from it.",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Status" } } },
        },
      },
    },
  };
}

/** The route's template with `{field=**}` and friends written as plain `{field}`. */
export function openApiPath(route: Route): string {
  return route.template.source.replace(/\{([^}=]+)=[^}]*\}/g, "{$1}");
}

function operation(route: Route, builder: SchemaBuilder, operationId: string): Schema {
  const input = route.method.input;
  const bound = new Set(route.template.fields);
  const parameters: Schema[] = route.template.fields.map((field) => ({
    name: field,
    in: "path",
    required: true,
    schema: builder.paramSchema(fieldsOnPath(input, field)!.at(-1)!),
  }));
  for (const [name, field] of queryFields(input, "", 1, new Set([input.typeName]))) {
    if (bound.has(name)) continue;
    const schema = builder.paramSchema(field);
    parameters.push(
      field.fieldKind === "list"
        ? { name, in: "query", required: false, style: "form", explode: true, schema: { type: "array", items: schema } }
        : { name, in: "query", required: false, schema },
    );
  }
  parameters.push({ $ref: "#/components/parameters/BlockHeight" });
  return {
    operationId,
    summary: `${route.method.name} (gRPC ${route.grpcPath})`,
    tags: [route.service.typeName],
    parameters,
    responses: {
      "200": {
        description: "OK",
        headers: { "x-cosmos-block-height": { description: "The height the answer was computed at.", schema: { type: "string" } } },
        content: { "application/json": { schema: builder.ref(route.method.output) } },
      },
      default: { $ref: "#/components/responses/Error" },
    },
  };
}

/** Every field a query string can set, by dotted proto-name path. */
function queryFields(message: DescMessage, prefix: string, depth: number, seen: Set<string>): [string, DescField][] {
  const out: [string, DescField][] = [];
  for (const field of message.fields) {
    const name = prefix + field.name;
    if (field.fieldKind === "map") continue;
    if (field.fieldKind === "message" && !ONE_VALUE_JSON_TYPES.has(field.message.typeName)) {
      if (depth >= MAX_PARAM_DEPTH || seen.has(field.message.typeName) || field.message.typeName.startsWith("google.protobuf.")) continue;
      out.push(...queryFields(field.message, `${name}.`, depth + 1, new Set([...seen, field.message.typeName])));
      continue;
    }
    if (field.fieldKind === "list" && field.listKind === "message") continue;
    out.push([name, field]);
  }
  return out;
}

class SchemaBuilder {
  constructor(private readonly schemas: Record<string, Schema>) {}

  /** A `$ref` to the message's schema, defining it (and what it uses) on first use. */
  ref(message: DescMessage): Schema {
    const name = message.typeName;
    if (!(name in this.schemas)) {
      this.schemas[name] = {}; // placeholder: recursive messages refer to themselves
      this.schemas[name] = this.messageSchema(message);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** A path or query parameter's schema: its value as written in a URL. */
  paramSchema(field: DescField): Schema {
    if (field.fieldKind === "message") return STRING_WKT[field.message.typeName] ?? { type: "string" };
    if (field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum")) return enumSchema(field.enum!);
    const scalar = field.fieldKind === "scalar" ? field.scalar : field.fieldKind === "list" && field.listKind === "scalar" ? field.scalar : ScalarType.STRING;
    if (scalar === ScalarType.BYTES) return { type: "string", format: "byte", description: "base64 (standard or URL-safe alphabet)" };
    return scalarSchema(scalar, false);
  }

  private messageSchema(message: DescMessage): Schema {
    if (message.typeName === "google.protobuf.Any") {
      return { type: "object", required: ["@type"], properties: { "@type": { type: "string" } }, additionalProperties: true };
    }
    if (ONE_VALUE_JSON_TYPES.has(message.typeName)) return STRING_WKT[message.typeName]!;
    if (message.typeName.startsWith("google.protobuf.")) return {};
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const field of message.fields) {
      properties[field.name] = this.fieldSchema(field);
      if (!field.oneof) required.push(field.name);
    }
    return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
  }

  private fieldSchema(field: DescField): Schema {
    switch (field.fieldKind) {
      case "scalar":
        return isLegacyDecField(field) ? LEGACY_DEC_SCHEMA : scalarSchema(field.scalar, true);
      case "enum":
        return enumSchema(field.enum);
      case "message":
        return { allOf: [this.ref(field.message)], nullable: true };
      case "list":
        return {
          type: "array",
          items:
            field.listKind === "message"
              ? this.ref(field.message)
              : field.listKind === "enum"
                ? enumSchema(field.enum)
                : isLegacyDecField(field)
                  ? LEGACY_DEC_SCHEMA
                  : scalarSchema(field.scalar, false),
        };
      case "map":
        return {
          type: "object",
          additionalProperties:
            field.mapKind === "message" ? this.ref(field.message) : field.mapKind === "enum" ? enumSchema(field.enum) : scalarSchema(field.scalar, false),
        };
    }
  }
}

/** An enum as JSON writes it: by value name. */
function enumSchema(desc: DescEnum): Schema {
  return { type: "string", enum: desc.values.map((v) => v.name) };
}

/** JSON form of a scalar; `nullableBytes` because responseJson writes empty bytes as null. */
function scalarSchema(scalar: ScalarType, nullableBytes: boolean): Schema {
  switch (scalar) {
    case ScalarType.STRING:
      return { type: "string" };
    case ScalarType.BOOL:
      return { type: "boolean" };
    case ScalarType.BYTES:
      return { type: "string", format: "byte", ...(nullableBytes ? { nullable: true } : {}) };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return { type: "number" };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return { type: "integer", format: "int32" };
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return { type: "integer", format: "int64", minimum: 0, maximum: 4294967295 };
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return { type: "string", format: "int64", pattern: "^-?[0-9]+$" };
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return { type: "string", format: "uint64", pattern: "^[0-9]+$" };
  }
}
