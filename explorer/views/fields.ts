// Typed answers (protobuf-es messages) as text: timestamps, enum values, and a whole message as the
// gateway's JSON for fields the page does not lay out itself.
import { toJson, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { typeRegistry } from "../../sdk/tx/registry.js";
import { formatTime } from "../format.js";

export function timestampText(ts: Timestamp | undefined): string {
  if (!ts) return "—";
  return formatTime(timestampDate(ts).toISOString());
}

/** A generated enum's value as words: ElectionStatus.OPEN -> "open". */
export function enumText(values: Record<string | number, string | number>, value: number): string {
  const name = values[value];
  return typeof name === "string" ? name.toLowerCase().replace(/_/g, " ") : String(value);
}

/** The message as proto JSON with snake_case names (as the REST gateway writes it). */
export function messageJson<S extends DescMessage>(schema: S, message: MessageShape<S>): unknown {
  return toJson(schema, message, { useProtoFieldName: true, registry: typeRegistry() });
}
