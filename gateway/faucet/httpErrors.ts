// A failure the faucet answers with a status and `{"error": message}`; anything else thrown while
// serving a request is a bug and becomes a generic 500 (logged, never shown to the caller).

export class FaucetHttpError extends Error {
  override name = "FaucetHttpError";
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers, e.g. Retry-After on 429 or Allow on 405. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
