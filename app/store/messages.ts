// Protobuf records in the store: the one way modules read a message that may be absent.
import { fromBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import type { KVReader } from "./types.js";

/** The message stored under `key`, or undefined when the key is absent. */
export function getMessage<Desc extends DescMessage>(store: KVReader, key: Uint8Array, schema: Desc): MessageShape<Desc> | undefined {
  const raw = store.get(key);
  return raw === undefined ? undefined : fromBinary(schema, raw);
}
