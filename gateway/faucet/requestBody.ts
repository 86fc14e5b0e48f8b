// Reading a request body as JSON with the checks a public endpoint needs: the content type, a
// hard size limit enforced while streaming (common/node/requestBody.ts), and JSON that parses.
import type { IncomingMessage } from "node:http";
import { readRequestBody } from "../../common/node/requestBody.js";
import { FaucetHttpError } from "./httpErrors.js";

export async function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new FaucetHttpError(415, `Content-Type must be application/json${type ? `, got ${type}` : ""}`);
  const tooLarge = () => new FaucetHttpError(413, `request body too large: at most ${limitBytes} bytes`);
  // Past the limit the reading stops; the connection is closed after the answer so the rest is never buffered.
  const text = (await readRequestBody(req, limitBytes, tooLarge)).toString("utf8");
  if (text.trim() === "") throw new FaucetHttpError(400, 'empty request body: expected JSON such as {"address": "unit1..."}');
  try {
    return JSON.parse(text);
  } catch {
    throw new FaucetHttpError(400, 'malformed JSON: expected {"address": "unit1..." or "0x..."}');
  }
}
