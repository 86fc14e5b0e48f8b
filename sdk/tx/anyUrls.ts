// protobuf-es reads a JSON Any's "@type" into a "type.googleapis.com/<name>" URL; Cosmos type URLs
// are "/<name>", and a signature covers the bytes with those. This rewrites every Any in a message,
// nested ones inside Any payloads too, back to "/<name>", so a tx read from JSON re-encodes to the
// bytes that were signed.
import { fromBinary, toBinary, type DescMessage, type Registry } from "@bufbuild/protobuf";

const ANY = "google.protobuf.Any";

type Fields = Record<string, unknown>;

export function useCosmosAnyUrls<T extends object>(desc: DescMessage, message: T, registry: Registry): T {
  walk(desc, message as Fields, registry);
  return message;
}

function walk(desc: DescMessage, message: Fields, registry: Registry): void {
  for (const field of desc.fields) {
    let value: unknown;
    if (field.oneof) {
      const chosen = message[field.oneof.localName] as { case?: string; value?: unknown } | undefined;
      if (chosen?.case !== field.localName) continue;
      value = chosen.value;
    } else {
      value = message[field.localName];
    }
    if (field.fieldKind === "message") visit(field.message, value, registry);
    else if (field.fieldKind === "list" && field.listKind === "message") for (const item of value as unknown[]) visit(field.message, item, registry);
    else if (field.fieldKind === "map" && field.mapKind === "message")
      for (const key of Object.keys(value as Fields).sort()) visit(field.message, (value as Fields)[key], registry);
  }
}

function visit(desc: DescMessage, value: unknown, registry: Registry): void {
  if (value === undefined || value === null) return;
  if (desc.typeName !== ANY) return walk(desc, value as Fields, registry);
  const any = value as { typeUrl: string; value: Uint8Array };
  const name = any.typeUrl.slice(any.typeUrl.lastIndexOf("/") + 1);
  const inner = registry.getMessage(name);
  if (!inner) return;
  const decoded = fromBinary(inner, any.value);
  walk(inner, decoded as unknown as Fields, registry);
  any.value = toBinary(inner, decoded);
  any.typeUrl = `/${name}`;
}
