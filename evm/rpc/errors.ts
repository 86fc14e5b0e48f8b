// JSON-RPC errors: the codes JSON-RPC 2.0 defines, the ones Ethereum clients use (EIP-1474, and
// 3 for a revert, whose `data` is the revert bytes), and one error class every method throws.
// Messages follow geth's wording where tools match on it ("execution reverted", "nonce too low").

export const RpcCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** geth's catch-all for a request the node refuses (txpool errors, "header not found", ...). */
  server: -32000,
  /** EIP-1474 "resource unavailable"; geth answers a request timeout with it. */
  unavailable: -32002,
  /** geth's "response too large": a batch whose answers passed the size bound. */
  responseTooLarge: -32003,
  /** EIP-1474 "limit exceeded": a log query over too many blocks or logs. */
  limitExceeded: -32005,
  /** A call or gas estimate that hit REVERT; `data` holds the revert bytes. */
  executionReverted: 3,
} as const;

export class RpcError extends Error {
  override name = "RpcError";
  constructor(
    readonly code: number,
    message: string,
    /** Sent as `error.data` when present (hex revert data). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function invalidParams(message: string): RpcError {
  return new RpcError(RpcCode.invalidParams, message);
}

export function serverError(message: string): RpcError {
  return new RpcError(RpcCode.server, message);
}

/** geth's wording, which client libraries recognise. */
export function methodNotFound(method: string): RpcError {
  const shown = method.length > 100 ? `${method.slice(0, 100)}...` : method;
  return new RpcError(RpcCode.methodNotFound, `the method ${shown} does not exist/is not available`);
}

/** The JSON `error` member of a response. */
export function errorObject(err: RpcError): { code: number; message: string; data?: unknown } {
  return err.data === undefined ? { code: err.code, message: err.message } : { code: err.code, message: err.message, data: err.data };
}
