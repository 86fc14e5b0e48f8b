// The node's RPC address as users give it: "http://127.0.0.1:26657", CometBFT's own
// "tcp://127.0.0.1:26657" (read as http://), or a bare "127.0.0.1:26657".
import { ClientError } from "./errors.js";

export const DEFAULT_NODE_URL = "http://127.0.0.1:26657";

export function normalizeNodeUrl(text: string): string {
  const trimmed = text.trim();
  const withScheme = trimmed.startsWith("tcp://")
    ? `http://${trimmed.slice("tcp://".length)}`
    : /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
      ? trimmed
      : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ClientError(`invalid node URL "${text}": expected something like ${DEFAULT_NODE_URL}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ClientError(`invalid node URL "${text}": only http://, https:// and tcp:// (read as http://) are supported`);
  if (url.search || url.hash) throw new ClientError(`invalid node URL "${text}": no query string or fragment expected`);
  return url.toString().replace(/\/+$/, "");
}
