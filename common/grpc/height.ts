// Which committed height a gRPC query reads. As on a Cosmos SDK node, the client picks it with the
// `x-cosmos-block-height` metadata (absent or 0 = the latest committed height) and the answer's
// initial metadata carries the height it was computed at.
import type { HeaderFields } from "../http2/hpack.js";
import { GrpcCode } from "../errors.js";
import { QueryError } from "./queryError.js";

export const HEIGHT_METADATA_KEY = "x-cosmos-block-height";
/** What a height in that header may look like: a decimal of at most 16 digits (a safe integer). */
export const HEIGHT_TEXT = /^\d{1,16}$/;

/** The height a call asks for (its request headers); 0 when it asks for the latest. */
export function requestedHeight(metadata: HeaderFields): number {
  const text = metadata[HEIGHT_METADATA_KEY];
  if (text === undefined) return 0;
  if (Array.isArray(text)) throw new QueryError(GrpcCode.INVALID_ARGUMENT, `${HEIGHT_METADATA_KEY} given ${text.length} times`);
  if (!HEIGHT_TEXT.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new QueryError(GrpcCode.INVALID_ARGUMENT, `invalid ${HEIGHT_METADATA_KEY} "${text.slice(0, 40)}": expected a non-negative decimal integer`);
  }
  return Number(text);
}

/** The answer's header saying which height it was computed at. */
export function heightHeader(height: number): readonly [string, string] {
  return [HEIGHT_METADATA_KEY, String(height)];
}
