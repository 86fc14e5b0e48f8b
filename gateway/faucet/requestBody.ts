// Reading a request body as JSON with the checks a public endpoint needs: the content type, a
// hard size limit enforced while streaming (a lying or absent Content-Length cannot get past it),
// and JSON that parses.
import type { IncomingMessage } from "node:http";
import { FaucetHttpError } from "./httpErrors.js";

export async function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new FaucetHttpError(415, `Content-Type must be application/json${type ? `, got ${type}` : ""}`);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limitBytes) throw new FaucetHttpError(413, `request body too large: at most ${limitBytes} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      // Stop reading; the connection is closed after the answer so the rest is never buffered.
      req.unpipe?.();
      throw new FaucetHttpError(413, `request body too large: at most ${limitBytes} bytes`);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") throw new FaucetHttpError(400, 'empty request body: expected JSON such as {"address": "unit1..."}');
  try {
    return JSON.parse(text);
  } catch {
    throw new FaucetHttpError(400, 'malformed JSON: expected {"address": "unit1..." or "0x..."}');
  }
}
