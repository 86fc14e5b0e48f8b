// A decoded value's footprint on the heap, estimated, for caches bounded in bytes. Such a bound
// must count what an entry holds, not the size of the bytes it was decoded from: a tx made of many
// tiny repeated fields decodes to several times its size (a MsgSend of 14,000 one-letter coins,
// 110 KiB, held ~900 KiB). The estimate errs high: every string counts as two bytes a character,
// every typed array as owning its buffer.
const OBJECT = 32;
const SLOT = 16;
const ARRAY = 32;
const STRING = 24;
const TYPED_ARRAY = 96;
const BIGINT = 32;

/**
 * Bytes `value` holds: plain data only (objects, arrays, strings, numbers, bigints, typed arrays),
 * as decoders build it. Shared objects (a schema, a handler) must not be passed: they would be
 * counted as if the entry held them alone. Nesting is bounded by the decoder that built `value`.
 */
export function estimatedHeapBytes(value: unknown): number {
  switch (typeof value) {
    case "string":
      return STRING + 2 * value.length;
    case "bigint":
      return BIGINT;
    case "object":
      break;
    default:
      return 0; // numbers and booleans live in their slot
  }
  if (value === null) return 0;
  if (ArrayBuffer.isView(value)) return TYPED_ARRAY + value.byteLength;
  if (Array.isArray(value)) {
    let bytes = ARRAY + SLOT * value.length;
    for (const item of value) bytes += estimatedHeapBytes(item);
    return bytes;
  }
  let bytes = OBJECT;
  const fields = value as Record<string, unknown>;
  // for-in over a decoder's plain objects: their own fields (no enumerable inherited ones), no array built.
  for (const name in fields) bytes += SLOT + estimatedHeapBytes(fields[name]);
  return bytes;
}
