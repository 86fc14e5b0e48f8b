// A query failure with the gRPC status it answers with: what query handlers throw, and what the
// processes that read through gRPC turn back into their own errors.
import { GrpcCode } from "../errors.js";

/** A query failure with the gRPC status it answers with. */
export class QueryError extends Error {
  override name = "QueryError";
  constructor(
    readonly grpcCode: GrpcCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new QueryError(GrpcCode.NOT_FOUND, message);
export const invalidArgument = (message: string) => new QueryError(GrpcCode.INVALID_ARGUMENT, message);
