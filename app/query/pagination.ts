// Cosmos pagination over one key prefix: `key` resumes where `next_key` left off, `offset` skips,
// `count_total` counts, `reverse` walks backwards. Every bound is capped so that no query walks an
// unbounded range in one call: the page (100 by default, 1,000 at most), the entries an offset
// skips (each is read), and the entries counted for `total` (past MAX_COUNT_TOTAL the count stops
// and `total` is 0, meaning unknown, as when it is not asked for; next_key still pages on).
import type { PageRequest, PageResponse } from "../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { PageResponseSchema } from "../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { prefixEnd } from "../store/bytes.js";
import type { KVReader } from "../store/types.js";
import { invalidArgument } from "../../common/grpc/queryError.js";

export const DEFAULT_PAGE_LIMIT = 100n;
export const MAX_PAGE_LIMIT = 1000n;
export const MAX_PAGE_OFFSET = 100_000n;
export const MAX_COUNT_TOTAL = 100_000n;

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
  if (offset > MAX_PAGE_OFFSET)
    throw invalidArgument(`pagination.offset ${offset} is above ${MAX_PAGE_OFFSET}: page with pagination.key (the next_key of the previous page)`);
  const limit = req?.limit && req.limit > 0n ? (req.limit > MAX_PAGE_LIMIT ? MAX_PAGE_LIMIT : req.limit) : DEFAULT_PAGE_LIMIT;
  // As in the SDK: without a limit the client gets the default page and the total.
  let countTotal = ((req?.countTotal ?? false) || !req?.limit) && key.length === 0;
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
    if (countTotal && total > MAX_COUNT_TOTAL && nextKey !== undefined) {
      countTotal = false; // too many to count: total unknown (0); the page itself is complete
      break;
    }
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
