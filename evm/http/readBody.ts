// A request body read with a hard size limit enforced while streaming (a lying or absent
// Content-Length cannot get past it).
import type { IncomingMessage } from "node:http";

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
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limitBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The client went away mid-body ("aborted", ECONNRESET): its request, not the server, failed.
    throw new HttpError(400, `request body not received: ${(err as Error)?.message ?? String(err)}`);
  }
  return Buffer.concat(chunks).toString("utf8");
}
