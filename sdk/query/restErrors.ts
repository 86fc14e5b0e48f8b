// What a REST query can fail with besides the network: the gateway's own error body, typed.
import { ClientError } from "../client/errors.js";

/** gRPC status codes the gateway puts in `code` (docs/rest.md, Errors). */
export const GrpcStatus = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  UNIMPLEMENTED: 12,
  UNAVAILABLE: 14,
} as const;

/** The gateway answered with `{code, message, details}` and a non-2xx status. */
export class RestQueryError extends ClientError {
  override name = "RestQueryError" as const;
  constructor(
    /** The request path, query string included. */
    readonly path: string,
    /** HTTP status (404, 400, 503, ...). */
    readonly status: number,
    /** gRPC status code from the body (5 NotFound, 3 InvalidArgument, ...). */
    readonly code: number,
    /** The node's reason, as is. */
    readonly restMessage: string,
    readonly details: unknown[],
  ) {
    super(`REST query ${path} failed: ${restMessage || "no reason given"} (HTTP ${status}, code ${code})`);
  }

  get isNotFound(): boolean {
    return this.code === GrpcStatus.NOT_FOUND;
  }
}
