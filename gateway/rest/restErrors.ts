// Errors as the Cosmos SDK's gateway writes them: `{"code": <gRPC code>, "message": "...",
// "details": []}` with the HTTP status grpc-gateway gives that code.
import { GrpcCode } from "../../common/errors.js";

const HTTP_STATUS: Record<number, number> = {
  [GrpcCode.OK]: 200,
  [GrpcCode.CANCELLED]: 499,
  [GrpcCode.UNKNOWN]: 500,
  [GrpcCode.INVALID_ARGUMENT]: 400,
  [GrpcCode.DEADLINE_EXCEEDED]: 504,
  [GrpcCode.NOT_FOUND]: 404,
  [GrpcCode.ALREADY_EXISTS]: 409,
  [GrpcCode.PERMISSION_DENIED]: 403,
  [GrpcCode.RESOURCE_EXHAUSTED]: 429,
  [GrpcCode.FAILED_PRECONDITION]: 400,
  [GrpcCode.ABORTED]: 409,
  [GrpcCode.OUT_OF_RANGE]: 400,
  [GrpcCode.UNIMPLEMENTED]: 501,
  [GrpcCode.INTERNAL]: 500,
  [GrpcCode.UNAVAILABLE]: 503,
  [GrpcCode.DATA_LOSS]: 500,
  [GrpcCode.UNAUTHENTICATED]: 401,
};

export function httpStatusOf(code: number): number {
  return HTTP_STATUS[code] ?? 500;
}

export interface ErrorBody {
  code: number;
  message: string;
  details: unknown[];
}

/** A failure answered with a gRPC code, its HTTP status (or `httpStatus` when HTTP has a better one) and extra headers. */
export class RestError extends Error {
  override name = "RestError";
  constructor(
    readonly code: GrpcCode,
    message: string,
    readonly httpStatus: number = httpStatusOf(code),
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, details: [] };
  }
}
