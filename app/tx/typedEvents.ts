// Typed events, emitted as the Cosmos SDK's EmitTypedEvent does: the ABCI event type is the
// message's full proto name and each field is one attribute whose value is that field's
// proto-JSON as JSON text (strings and uint64s quoted), so `tx_search` and WebSocket queries such
// as `chain.identity.EventCredentialIssued.subject='"unit1..."'` match what an SDK chain emits.
// Every module with typed events emits them through this one function.
import { create, toJson, type DescMessage, type JsonObject, type MessageInitShape } from "@bufbuild/protobuf";
import type { Context } from "../context.js";

/**
 * JSON text as Go's encoding/json writes it (the SDK's jsonpb calls it for strings): <, > and &
 * and the JS line separators are \u-escaped, so an attribute value is byte-identical to an SDK
 * chain's for the same event.
 */
function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** One ABCI event for a typed event message; Context.emit sorts the attributes by key, as the SDK does. */
export function emitTypedEvent<D extends DescMessage>(ctx: Context, schema: D, fields: MessageInitShape<D>): void {
  const json = toJson(schema, create(schema, fields), { useProtoFieldName: true, alwaysEmitImplicit: true }) as JsonObject;
  const attributes: Record<string, string> = {};
  for (const field of schema.fields) {
    if (field.name in json) attributes[field.name] = goJson(json[field.name]);
  }
  ctx.emit(schema.typeName, attributes);
}
