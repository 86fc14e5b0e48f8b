// One base error for the client, one small subclass per way a call can fail, each with a literal
// `name` so callers can branch on it and a message fit to show a user as is.

export class ClientError extends Error {
  override name: string = "ClientError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No connection (refused, unknown host, reset) or no answer in time. */
export class NodeUnreachableError extends ClientError {
  override name = "NodeUnreachableError" as const;
}

/** The node answered something that is not the JSON we expect (a proxy's HTML page, a changed API). */
export class UnexpectedResponseError extends ClientError {
  override name = "UnexpectedResponseError" as const;
  constructor(
    message: string,
    /** The start of the body when it was not JSON at all; absent when the JSON lacked a result. */
    readonly body?: string,
  ) {
    super(message);
  }
}

/** A JSON-RPC error object from CometBFT: `{code, message, data}`. */
export class RpcResponseError extends ClientError {
  override name = "RpcResponseError" as const;
  constructor(
    readonly method: string,
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: string,
  ) {
    super(`${method} failed: ${data || rpcMessage} (JSON-RPC code ${code})`);
  }
}

/** An ABCI query the app answered with a non-zero code; `log` carries the app's reason. */
export class AbciQueryError extends ClientError {
  override name = "AbciQueryError" as const;
  constructor(
    readonly path: string,
    readonly code: number,
    readonly codespace: string,
    readonly log: string,
  ) {
    super(`query ${path} failed: ${log || "no reason given"} (codespace ${codespace || "-"}, code ${code})`);
  }

  /** True when the app answered the gRPC NotFound status (as baseapp writes it into the log). */
  get isNotFound(): boolean {
    return /code = NotFound/.test(this.log);
  }
}

/** A broadcast tx did not show up in a block before the deadline. */
export class TxTimeoutError extends ClientError {
  override name = "TxTimeoutError" as const;
  constructor(
    readonly hash: string,
    readonly timeoutMs: number,
  ) {
    super(`tx ${hash} was not included in a block within ${timeoutMs / 1000}s; it may still be included later (check with: unitd query tx ${hash})`);
  }
}

/** The node's CometBFT keeps no tx index (config.toml `tx_index.indexer = "null"`): it cannot look txs up. */
export class TxIndexDisabledError extends ClientError {
  override name = "TxIndexDisabledError" as const;
  constructor(
    readonly nodeUrl: string,
    options: { message?: string; cause?: unknown } = {},
  ) {
    super(options.message ?? `${nodeUrl} does not index txs (its CometBFT has tx_index.indexer = "null")`, { cause: options.cause });
  }
}

/** The chain has no account at this address: it never received funds. */
export class AccountNotFoundError extends ClientError {
  override name = "AccountNotFoundError" as const;
  constructor(readonly address: string) {
    super(`account ${address} not found on chain: it has never received funds, so it cannot sign and pay fees yet`);
  }
}
