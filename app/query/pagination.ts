// Cosmos pagination over one key prefix: `key` resumes where `next_key` left off, `offset` skips,
// `count_total` counts, `reverse` walks backwards. Limits default to 100 and are capped, so no
// query can walk an unbounded range in one call.
import type { PageRequest, PageResponse } from "../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { PageResponseSchema } from "../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { prefixEnd } from "../store/bytes.js";
import type { KVReader } from "../store/types.js";
import { invalidArgument } from "../../common/grpc/queryError.js";

export const DEFAULT_PAGE_LIMIT = 100n;
export const MAX_PAGE_LIMIT = 1000n;

export interface Page<T> {
  items: T[];
  pagination: MessageInitShape<typeof PageResponseSchema>;
}

/**
 * Pages through the entries under `prefix`; `map` gets each key relative to the prefix and may
 * return undefined to skip an entry (skipped entries do not count towards the limit).
 */
export function paginate<T>(
  state: KVReader,
  prefix: Uint8Array,
  req: PageRequest | undefined,
  map: (key: Uint8Array, value: Uint8Array) => T | undefined,
): Page<T> {
  const key = req?.key ?? new Uint8Array();
  const offset = req?.offset ?? 0n;
  if (key.length > 0 && offset > 0n) throw invalidArgument("invalid request, either offset or key is expected, got both");
  const limit = req?.limit && req.limit > 0n ? (req.limit > MAX_PAGE_LIMIT ? MAX_PAGE_LIMIT : req.limit) : DEFAULT_PAGE_LIMIT;
  // As in the SDK: without a limit the client gets the default page and the total.
  const countTotal = ((req?.countTotal ?? false) || !req?.limit) && key.length === 0;
  const reverse = req?.reverse ?? false;

  const end = prefixEnd(prefix);
  const range = reverse
    ? { start: prefix, ...(key.length > 0 ? { end: Buffer.concat([prefix, key, Uint8Array.of(0)]) } : end ? { end } : {}), reverse: true }
    : { start: Buffer.concat([prefix, key]), ...(end ? { end } : {}) };

  const items: T[] = [];
  let skipped = 0n;
  let total = 0n;
  let nextKey: Uint8Array | undefined;
  for (const entry of state.iterator(range)) {
    const rel = entry.key.subarray(prefix.length);
    const item = map(rel, entry.value);
    if (item === undefined) continue;
    total++;
    if (skipped < offset) {
      skipped++;
      continue;
    }
    if (BigInt(items.length) === limit) {
      nextKey ??= Uint8Array.from(rel);
      if (!countTotal) break;
      continue;
    }
    items.push(item);
  }
  return { items, pagination: { nextKey: nextKey ?? new Uint8Array(), total: countTotal ? total : 0n } };
}

export type { PageRequest, PageResponse };
