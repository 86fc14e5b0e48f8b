// Block parameters: a tag ("latest", "earliest", "pending", "safe", "finalized"), a block number,
// or, where a method reads state, an EIP-1898 object naming the block by number or by hash.
// CometBFT finalises every block at once, so "safe" and "finalized" are the latest block; the
// pending block is the latest too, except where a method says otherwise (a pending nonce).
import { invalidParams } from "../rpc/errors.js";
import { describe, parseHash, parseUint64 } from "./hex.js";

export type BlockTag = "latest" | "earliest" | "pending" | "safe" | "finalized";

export type BlockRef = { kind: "tag"; tag: BlockTag } | { kind: "number"; height: bigint } | { kind: "hash"; hash: Uint8Array; requireCanonical: boolean };

const TAGS: readonly string[] = ["latest", "earliest", "pending", "safe", "finalized"];

export const LATEST: BlockRef = { kind: "tag", tag: "latest" };

/** A tag or a 0x block number (eth_getBlockByNumber, eth_getLogs' fromBlock/toBlock, ...). */
export function parseBlockNumberOrTag(value: unknown, what = "block number"): BlockRef {
  if (typeof value === "string" && TAGS.includes(value)) return { kind: "tag", tag: value as BlockTag };
  if (typeof value === "string" && /^0[xX]/.test(value)) return { kind: "number", height: parseUint64(value, what) };
  throw invalidParams(`${what}: expected a block number (0x...) or one of ${TAGS.join(", ")}, got ${describe(value)}`);
}

/**
 * A state method's block: a tag, a number, or `{blockNumber}` / `{blockHash, requireCanonical?}`
 * (EIP-1898). Absent means `fallback`.
 */
export function parseBlockRef(value: unknown, what = "block", fallback: BlockRef = LATEST): BlockRef {
  if (value === undefined || value === null) return fallback;
  if (typeof value === "string" && /^0[xX][0-9a-fA-F]{64}$/.test(value)) return { kind: "hash", hash: parseHash(value, what), requireCanonical: false };
  if (typeof value !== "object" || Array.isArray(value)) return parseBlockNumberOrTag(value, what);
  const o = value as Record<string, unknown>;
  const hasNumber = o.blockNumber !== undefined;
  const hasHash = o.blockHash !== undefined;
  if (hasNumber === hasHash) throw invalidParams(`${what}: an EIP-1898 block object needs exactly one of blockNumber and blockHash`);
  if (hasNumber) return parseBlockNumberOrTag(o.blockNumber, `${what}.blockNumber`);
  if (o.requireCanonical !== undefined && typeof o.requireCanonical !== "boolean") throw invalidParams(`${what}.requireCanonical: expected a boolean`);
  return { kind: "hash", hash: parseHash(o.blockHash, `${what}.blockHash`), requireCanonical: o.requireCanonical === true };
}

/** A boolean argument such as eth_getBlockByNumber's "full transactions" flag; absent = false. */
export function parseBool(value: unknown, what: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") throw invalidParams(`${what}: expected true or false, got ${describe(value)}`);
  return value;
}
