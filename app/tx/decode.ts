// Decoding a Cosmos tx from CometBFT's opaque bytes: TxRaw, then its body and auth info, then
// each message by type URL. Everything a signature covers must decode strictly: unknown fields
// are rejected, sizes are bounded before any work is done.
import { hash } from "node:crypto";
import { fromBinary } from "@bufbuild/protobuf";
import { Memo } from "../../common/memo.js";
import { estimatedHeapBytes } from "../../common/heapEstimate.js";
import { AuthInfoSchema, TxBodySchema, TxRawSchema, type AuthInfo, type TxBody, type TxRaw } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { sdkErrors } from "../../common/errors.js";
import { assertCanonicalTxRaw } from "./canonicalTxRaw.js";
import { readCommonAuthInfo, readCommonTxBody, readCommonTxRaw } from "./commonTxShape.js";
import { rejectUnknownFields, type DecodedMsg, type MsgRouter } from "./msgRouter.js";

/** Largest tx the chain accepts, in bytes (CometBFT's mempool allows up to 1 MiB). */
export const MAX_TX_BYTES = 128 * 1024;
/** Most messages in one tx: bounds the work one fee pays for before gas metering catches it. */
export const MAX_MSGS_PER_TX = 128;

export interface DecodedTx {
  bytes: Uint8Array;
  /** sha256 of the tx bytes: CometBFT's tx hash. */
  hash: Uint8Array;
  raw: TxRaw;
  body: TxBody;
  authInfo: AuthInfo;
  msgs: DecodedMsg[];
}

function strict<T extends { $unknown?: unknown[] }>(what: string, decode: () => T): T {
  let msg: T;
  try {
    msg = decode();
  } catch (err) {
    throw sdkErrors.txDecode.wrap(`cannot decode ${what}: ${(err as Error).message}`);
  }
  rejectUnknownFields(msg, what);
  return msg;
}

// Txs decoded lately, per router: a tx is decoded in CheckTx, again in PrepareProposal,
// ProcessProposal, FinalizeBlock and every recheck; the result is a function of the bytes and the
// router alone, so later passes take the first decoding (its messages' stateless checks included,
// see validateMsg). Entries are frozen and decoded from a copy of the bytes (protobuf-es hands out
// bytes fields as views into its input, and a tx of a block is a view into the whole request).
// Oldest out first (memo.ts), bounded by entries and by what the entries hold on the heap (the
// decoded tx estimated, common/heapEstimate.ts, with its key): anyone can send CheckTx txs that
// decode to several times their size before any fee is checked. Only successes are kept.
export const DECODED_CACHE_MAX_ENTRIES = 20_000;
export const DECODED_CACHE_MAX_BYTES = 64 * 1024 * 1024;
type CachedTx = Omit<DecodedTx, "bytes">;
interface CacheEntry {
  tx: CachedTx;
  /** Estimated heap bytes of the entry, key included. */
  weight: number;
}
const caches = new WeakMap<MsgRouter, Memo<string, CacheEntry>>();

function cacheOf(router: MsgRouter): Memo<string, CacheEntry> {
  let cache = caches.get(router);
  if (!cache) {
    cache = new Memo(DECODED_CACHE_MAX_ENTRIES, { max: DECODED_CACHE_MAX_BYTES, of: (entry) => entry.weight });
    caches.set(router, cache);
  }
  return cache;
}

/** What an entry holds: the key, the decoded parts, each message's fields. */
function entryWeight(key: string, tx: CachedTx): number {
  let weight = estimatedHeapBytes(key) + estimatedHeapBytes([tx.hash, tx.raw, tx.body, tx.authInfo]);
  for (const m of tx.msgs) weight += estimatedHeapBytes(m.typeUrl) + estimatedHeapBytes(m.msg);
  return weight;
}

/** Entries and estimated heap bytes the decode cache of `router` holds (for tests of its bounds). */
export function decodeCacheUsage(router: MsgRouter): { entries: number; bytes: number } {
  const cache = cacheOf(router);
  return { entries: cache.size, bytes: cache.weightSum };
}

/**
 * `lastUse`: FinalizeBlock runs the tx, after which nothing asks for it again (CometBFT drops a
 * committed tx from its mempool and refuses it again from its cache), so its decoding leaves
 * the cache instead of staying there, promoted to the old generation, until it is evicted.
 */
export function decodeCosmosTx(bytes: Uint8Array, router: MsgRouter, lastUse = false): DecodedTx {
  if (bytes.length === 0) throw sdkErrors.txDecode.wrap("empty tx");
  if (bytes.length > MAX_TX_BYTES) throw sdkErrors.txTooLarge.wrap(`tx is ${bytes.length} bytes, the limit is ${MAX_TX_BYTES}`);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const key = view.toString("latin1");
  const cache = cacheOf(router);
  const known = cache.get(key);
  if (known) {
    if (lastUse) cache.delete(key);
    return { ...known.tx, bytes };
  }
  const decoded = decodeUncached(Uint8Array.from(view), router);
  if (!lastUse) {
    const { hash, raw, body, authInfo, msgs } = decoded;
    const tx = Object.freeze({ hash, raw, body, authInfo, msgs: Object.freeze(msgs) as DecodedMsg[] });
    cache.set(key, { tx, weight: entryWeight(key, tx) });
  }
  return { ...decoded, bytes };
}

function decodeUncached(bytes: Uint8Array, router: MsgRouter): DecodedTx {
  if (bytes[0] !== 0x0a) {
    throw sdkErrors.txDecode.wrap(`expected a cosmos.tx.v1beta1.TxRaw (first byte 0x0a), got first byte 0x${bytes[0]!.toString(16).padStart(2, "0")}`);
  }
  assertCanonicalTxRaw(bytes);
  // The common shape is read by hand (commonTxShape.ts); anything else, and every refusal, is protobuf-es's.
  const raw = readCommonTxRaw(bytes) ?? strict("TxRaw", () => fromBinary(TxRawSchema, bytes));
  const body = readCommonTxBody(raw.bodyBytes) ?? strict("TxBody", () => fromBinary(TxBodySchema, raw.bodyBytes));
  const authInfo = readCommonAuthInfo(raw.authInfoBytes) ?? strict("AuthInfo", () => fromBinary(AuthInfoSchema, raw.authInfoBytes));
  if (body.messages.length === 0) throw sdkErrors.invalidRequest.wrap("must contain at least one message");
  if (body.messages.length > MAX_MSGS_PER_TX) throw sdkErrors.invalidRequest.wrap(`tx has ${body.messages.length} messages, the limit is ${MAX_MSGS_PER_TX}`);
  const msgs = body.messages.map((any) => router.decode(any));
  return { bytes, hash: hash("sha256", bytes, "buffer"), raw, body, authInfo, msgs };
}
