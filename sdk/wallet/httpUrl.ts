// Wallets take only http(s) RPC, REST and explorer URLs; a typo caught here is clearer than a
// wallet's refusal.
import { WalletNetworkError } from "./errors.js";

/** `text` unchanged when it is an http:// or https:// URL; WalletNetworkError naming `field` otherwise. */
export function httpUrl(field: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WalletNetworkError(`${field} must be an http:// or https:// URL, got "${text}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new WalletNetworkError(`${field} must be an http:// or https:// URL, got "${text}"`);
  return text;
}
