// Which committed height a gRPC query reads. As on a Cosmos SDK node, the client picks it with the
// `x-cosmos-block-height` metadata (absent or 0 = the latest committed height) and the answer's
// initial metadata carries the height it was computed at.
import { Metadata } from "@grpc/grpc-js";
import { GrpcCode } from "../errors.js";
import { QueryError } from "../query/service.js";
import { HeightNotAvailableError } from "../store/errors.js";
import type { KVReader } from "../store/types.js";

export const HEIGHT_METADATA_KEY = "x-cosmos-block-height";
/** What a height in that header may look like: a decimal of at most 16 digits (a safe integer). */
export const HEIGHT_TEXT = /^\d{1,16}$/;

const NOT_READY = "no block has been committed yet: retry once the chain has produced its first block";

/** The part of the store the gRPC server reads: committed views only, never a pending block. */
export interface CommittedState {
  readonly lastHeight: number;
  view(height?: number): KVReader;
}

/** The height a call asks for; 0 when it asks for the latest. */
export function requestedHeight(metadata: Metadata): number {
  const values = metadata.get(HEIGHT_METADATA_KEY);
  if (values.length === 0) return 0;
  if (values.length > 1) throw new QueryError(GrpcCode.INVALID_ARGUMENT, `${HEIGHT_METADATA_KEY} given ${values.length} times`);
  const text = typeof values[0] === "string" ? values[0] : String(values[0]);
  if (!HEIGHT_TEXT.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new QueryError(GrpcCode.INVALID_ARGUMENT, `invalid ${HEIGHT_METADATA_KEY} "${text.slice(0, 40)}": expected a non-negative decimal integer`);
  }
  return Number(text);
}

/**
 * The committed state at `height` (0 = latest) and the height it is. A height that cannot be read
 * gets a status that says why: nothing committed yet (UNAVAILABLE, retry later), above the latest
 * height (OUT_OF_RANGE: it may exist soon), or pruned (NOT_FOUND: it never will again).
 */
export function committedView(state: CommittedState, height: number): { view: KVReader; height: number } {
  // The store reads an empty state at height 0; answering from it would report every account
  // missing before genesis is even committed, so refuse like the SDK ("wait for first block").
  if (state.lastHeight === 0) throw new QueryError(GrpcCode.UNAVAILABLE, NOT_READY);
  const at = height === 0 ? state.lastHeight : height;
  try {
    return { view: state.view(at), height: at };
  } catch (err) {
    if (!(err instanceof HeightNotAvailableError)) throw err;
    if (err.latest === 0) throw new QueryError(GrpcCode.UNAVAILABLE, NOT_READY);
    if (at > err.latest) throw new QueryError(GrpcCode.OUT_OF_RANGE, `height ${at} is above the latest committed height ${err.latest}`);
    throw new QueryError(GrpcCode.NOT_FOUND, `height ${at} is no longer available (pruned): readable heights are ${err.earliest}..${err.latest}`);
  }
}

export function heightMetadata(height: number): Metadata {
  const md = new Metadata();
  md.set(HEIGHT_METADATA_KEY, String(height));
  return md;
}
