// The committed state a gRPC query reads, at the height its metadata asks for (common/grpc/height.ts).
import { GrpcCode } from "../../common/errors.js";
import { QueryError } from "../../common/grpc/queryError.js";
import { HeightNotAvailableError } from "../store/errors.js";
import type { StateReader } from "../store/types.js";

const NOT_READY = "no block has been committed yet: retry once the chain has produced its first block";

/** The part of the store the gRPC server reads: committed views only, never a pending block. */
export interface CommittedState {
  readonly lastHeight: number;
  view(height?: number): StateReader;
}

/**
 * The committed state at `height` (0 = latest) and the height it is. A height that cannot be read
 * gets a status that says why: nothing committed yet (UNAVAILABLE, retry later), above the latest
 * height (OUT_OF_RANGE: it may exist soon), or pruned (NOT_FOUND: it never will again).
 */
export function committedView(state: CommittedState, height: number): { view: StateReader; height: number } {
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
