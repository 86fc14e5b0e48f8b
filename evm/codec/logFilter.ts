// Log filter criteria (eth_getLogs, eth_newFilter, the "logs" subscription): a block range or one
// block hash, addresses (one or a list; any if absent) and up to four topic positions, each null
// (any), one topic, or a list of alternatives. A log matches when its address is listed and it has
// at least as many topics as the filter has positions, each matching.
import { invalidParams } from "../rpc/errors.js";
import { parseBlockNumberOrTag, type BlockRef } from "./blockParam.js";
import { describe, parseAddress, parseHash } from "./hex.js";

export interface LogCriteria {
  fromBlock?: BlockRef;
  toBlock?: BlockRef;
  blockHash?: Uint8Array;
  addresses: Uint8Array[];
  /** Per position: the alternatives, or null for any. */
  topics: (Uint8Array[] | null)[];
}

/** Bounds on one filter's size, so matching stays cheap. */
const MAX_ADDRESSES = 1000;
const MAX_TOPIC_ALTERNATIVES = 1000;
const MAX_TOPIC_POSITIONS = 4;

export function parseLogCriteria(value: unknown, what = "filter", options: { blocks: boolean } = { blocks: true }): LogCriteria {
  if (value === undefined || value === null) return { addresses: [], topics: [] };
  if (typeof value !== "object" || Array.isArray(value)) throw invalidParams(`${what}: expected a filter object, got ${describe(value)}`);
  const o = value as Record<string, unknown>;
  const given = (key: string) => o[key] !== undefined && o[key] !== null;
  const criteria: LogCriteria = { addresses: parseAddresses(o.address, `${what}.address`), topics: parseTopics(o.topics, `${what}.topics`) };
  if (!options.blocks) return criteria;
  if (given("blockHash")) {
    if (given("fromBlock") || given("toBlock")) throw invalidParams("cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other");
    criteria.blockHash = parseHash(o.blockHash, `${what}.blockHash`);
  }
  if (given("fromBlock")) criteria.fromBlock = parseBlockNumberOrTag(o.fromBlock, `${what}.fromBlock`);
  if (given("toBlock")) criteria.toBlock = parseBlockNumberOrTag(o.toBlock, `${what}.toBlock`);
  return criteria;
}

function parseAddresses(value: unknown, what: string): Uint8Array[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return [parseAddress(value, what)];
  if (value.length > MAX_ADDRESSES) throw invalidParams(`${what}: more than ${MAX_ADDRESSES} addresses`);
  return value.map((a, i) => parseAddress(a, `${what}[${i}]`));
}

function parseTopics(value: unknown, what: string): (Uint8Array[] | null)[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidParams(`${what}: expected an array of topic positions`);
  if (value.length > MAX_TOPIC_POSITIONS) throw invalidParams(`${what}: too many topics (at most ${MAX_TOPIC_POSITIONS} positions)`);
  return value.map((position, i) => {
    if (position === null) return null;
    if (!Array.isArray(position)) return [parseHash(position, `${what}[${i}]`)];
    if (position.length > MAX_TOPIC_ALTERNATIVES) throw invalidParams(`${what}[${i}]: more than ${MAX_TOPIC_ALTERNATIVES} alternatives`);
    // A null among the alternatives, or none at all, matches anything.
    if (position.length === 0 || position.some((t) => t === null)) return null;
    return position.map((t, j) => parseHash(t, `${what}[${i}][${j}]`));
  });
}

export function logMatches(criteria: Pick<LogCriteria, "addresses" | "topics">, log: { address: Uint8Array; topics: readonly Uint8Array[] }): boolean {
  if (criteria.addresses.length > 0 && !criteria.addresses.some((a) => equal(a, log.address))) return false;
  if (criteria.topics.length > log.topics.length) return false;
  return criteria.topics.every((alternatives, i) => alternatives === null || alternatives.some((t) => equal(t, log.topics[i]!)));
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}
