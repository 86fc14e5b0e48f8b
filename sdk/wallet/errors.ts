// Errors of the wallet helpers, each with a literal `name` to branch on and a message fit to show.

/** The network settings given to a wallet helper are not ones a wallet would accept. */
export class WalletNetworkError extends Error {
  override readonly name = "WalletNetworkError";
}

/** The wallet refused or failed a request; `code` is its EIP-1193 error code when it gave one. */
export class WalletRequestError extends Error {
  override readonly name = "WalletRequestError";
  constructor(
    readonly method: string,
    readonly code: number | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The wallet object lacks what the helper needs (not a Keplr-style wallet, or a signer that cannot sign SIGN_MODE_DIRECT). */
export class WalletUnsupportedError extends Error {
  override readonly name = "WalletUnsupportedError";
}

/** The node at the given RPC endpoint could not be reached. */
export class NodeConnectionError extends Error {
  override readonly name = "NodeConnectionError";
}
