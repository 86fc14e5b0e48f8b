// What the search box understands: a height, a tx hash (Cosmos or Ethereum), an account in either
// form, a validator, and ids of credentials, assets, elections and proposals. A bare number could
// be any of the ids or a height, so it opens a page listing whichever of them exist.
import { decodeBech32 } from "../sdk/crypto/bech32.js";
import { parseAccountAddress } from "../sdk/crypto/accountAddress.js";
import { BECH32_PREFIX_VALIDATOR } from "../sdk/crypto/prefixes.js";

export type SearchResult = { path: string } | { error: string };

const KINDS: Record<string, string> = {
  block: "block",
  height: "block",
  credential: "credential",
  cred: "credential",
  asset: "asset",
  election: "election",
  proposal: "proposal",
};

/** The explorer path (relative to /explorer/) a query leads to, or why it leads nowhere. */
export function searchPath(query: string): SearchResult {
  const text = query.trim();
  if (text === "") return { error: "type a height, a tx hash, an address, or an id such as credential 1 or asset 2" };
  const named = /^([a-z]+)\s*[:#]?\s*(\d{1,20})$/i.exec(text);
  if (named && KINDS[named[1]!.toLowerCase()]) return { path: `${KINDS[named[1]!.toLowerCase()]}/${BigInt(named[2]!)}` };
  const number = /^#?(\d{1,20})$/.exec(text);
  if (number) return { path: `search/${BigInt(number[1]!)}` };
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(text)) return { path: `tx/${text.startsWith("0x") ? text.toLowerCase() : text.toUpperCase()}` };
  if (text.toLowerCase().startsWith(`${BECH32_PREFIX_VALIDATOR}1`)) {
    try {
      decodeBech32(text.toLowerCase(), { prefix: BECH32_PREFIX_VALIDATOR });
      return { path: `validator/${text.toLowerCase()}` };
    } catch (err) {
      return { error: (err as Error).message };
    }
  }
  if (/^0x[0-9a-fA-F]{40}$/.test(text) || /^unit1/i.test(text) || /^[0-9a-fA-F]{40}$/.test(text)) {
    try {
      parseAccountAddress(/^unit1/i.test(text) ? text.toLowerCase() : text);
      return { path: `account/${/^unit1/i.test(text) ? text.toLowerCase() : text}` };
    } catch (err) {
      return { error: (err as Error).message };
    }
  }
  return { error: `nothing to look up for "${text.slice(0, 80)}": type a height, a tx hash, an address (unit1... or 0x...), or an id such as credential 1` };
}
