// The node's failures as JSON-RPC errors. gRPC statuses from the app (and the QueryErrors the
// CometBFT client throws, which carry the same codes) map to what Ethereum clients expect: a
// height above the chain is geth's "header not found", an unreachable node is "unavailable",
// anything the node refuses is -32000 with its reason.
import { GrpcCode } from "../../common/errors.js";
import { QueryError } from "../../common/grpc/queryError.js";
import { RpcCode, RpcError } from "../rpc/errors.js";

/** The gRPC code of an error from grpc-js or the CometBFT client; undefined for anything else. */
export function grpcCodeOf(err: unknown): number | undefined {
  if (err instanceof QueryError) return err.grpcCode;
  const code = (err as { code?: unknown })?.code;
  return typeof code === "number" && (err as { details?: unknown }).details !== undefined ? code : undefined;
}

function detailsOf(err: unknown): string {
  if (err instanceof QueryError) return err.message;
  const e = err as { details?: unknown; message?: unknown };
  return String(e?.details ?? e?.message ?? err);
}

/** `what` names the call ("chain.evm.Query/Account") for the messages that need it. */
export function nodeError(err: unknown, what: string): RpcError {
  if (err instanceof RpcError) return err;
  const code = grpcCodeOf(err);
  const details = detailsOf(err);
  switch (code) {
    case GrpcCode.OUT_OF_RANGE:
      return new RpcError(RpcCode.server, "header not found");
    case GrpcCode.INVALID_ARGUMENT:
    case GrpcCode.FAILED_PRECONDITION:
    case GrpcCode.NOT_FOUND:
    case GrpcCode.ALREADY_EXISTS:
    case GrpcCode.RESOURCE_EXHAUSTED:
    case GrpcCode.UNAUTHENTICATED:
      return new RpcError(RpcCode.server, details);
    case GrpcCode.UNAVAILABLE:
    case GrpcCode.DEADLINE_EXCEEDED:
    case GrpcCode.CANCELLED:
      return new RpcError(RpcCode.unavailable, `the node is unavailable (${what}): ${details}`);
    case GrpcCode.UNIMPLEMENTED:
      return new RpcError(RpcCode.internal, `the app does not serve ${what}: ${details}`);
    default:
      return new RpcError(RpcCode.internal, `${what} failed: ${details}`);
  }
}
