// The JSON-RPC server's request body: at most the configured size (common/node/requestBody.ts),
// its failures as HTTP errors.
import type { IncomingMessage } from "node:http";
import { readRequestBody } from "../../common/node/requestBody.js";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function readBody(req: IncomingMessage, limitBytes: number): Promise<string> {
  const tooLarge = () => new HttpError(413, `request body too large: at most ${limitBytes} bytes`);
  try {
    return (await readRequestBody(req, limitBytes, tooLarge)).toString("utf8");
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The client went away mid-body ("aborted", ECONNRESET): its request, not the server, failed.
    throw new HttpError(400, `request body not received: ${(err as Error)?.message ?? String(err)}`);
  }
}
