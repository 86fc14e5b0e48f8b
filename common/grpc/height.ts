// Which committed height a gRPC query reads. As on a Cosmos SDK node, the client picks it with the
// `x-cosmos-block-height` metadata (absent or 0 = the latest committed height) and the answer's
// initial metadata carries the height it was computed at.
import { Metadata } from "@grpc/grpc-js";
import { GrpcCode } from "../errors.js";
import { QueryError } from "./queryError.js";

export const HEIGHT_METADATA_KEY = "x-cosmos-block-height";
/** What a height in that header may look like: a decimal of at most 16 digits (a safe integer). */
export const HEIGHT_TEXT = /^\d{1,16}$/;

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

export function heightMetadata(height: number): Metadata {
  const md = new Metadata();
  md.set(HEIGHT_METADATA_KEY, String(height));
  return md;
}
