// Raw signed Ethereum txs as they arrive in CometBFT txs: bounded in size, typed 0x01/0x02/0x04 or
// legacy RLP (first byte >= 0xc0), decoded once with @ethereumjs/tx against our chain's Common,
// sender recovered once (the tx keeps the public key and answers getSenderAddress with the address,
// so runTx neither recovers nor hashes it again).
import { createCustomCommon, Hardfork, Mainnet, type Common } from "@ethereumjs/common";
import { createTxFromRLP, paramsTx, type TypedTransaction } from "@ethereumjs/tx";
import { Address } from "@ethereumjs/util";
import { sdkErrors } from "../errors.js";
import { evmError, evmErrors } from "./errors.js";
import { nativeEcrecover } from "./nativeEcrecover.js";
import { withFastEipLookup } from "./eipLookup.js";
import { Memo } from "../memo.js";
import { estimatedHeapBytes } from "../heapEstimate.js";
import { keccak256Memo } from "./keccakMemo.js";
import { rlpItem, typedSigningPayload } from "./signingPayload.js";
import { keccak256 } from "../../sdk/crypto/hashes.js";

/** Largest raw tx accepted: geth's txpool limit (4 x 32 KiB slots). */
export const MAX_ETH_TX_BYTES = 128 * 1024;
/** First byte of an EIP-4844 blob tx. */
export const BLOB_TX_TYPE = 0x03;

export interface DecodedEthTx {
  tx: TypedTransaction;
  sender: Address;
  /** keccak256 of the raw bytes: the Ethereum tx hash. */
  hash: Uint8Array;
  bytes: Uint8Array;
}

// One Common per chain id (in practice one): building it parses the hardfork tables.
const commons = new Map<bigint, Common>();
export function evmCommon(chainId: bigint): Common {
  let common = commons.get(chainId);
  if (!common) {
    common = withFastEipLookup(
      createCustomCommon({ chainId: Number(chainId), name: "unit" }, Mainnet, {
        hardfork: Hardfork.Prague,
        customCrypto: { ecrecover: nativeEcrecover, keccak256: keccak256Memo },
      }),
    );
    commons.set(chainId, common);
  }
  return common;
}

// The Common txs are decoded with. A tx only reads its Common, yet the library gives every tx a
// copy and rebuilds that copy's parameter table (a third of an ERC-20 transfer's cost). This one
// has the tx parameters merged once and hands out itself instead of copies. VMs never get it:
// they subscribe to their Common's events and take copies of evmCommon(). It is frozen because
// every decoded tx (and the decode cache below) shares it: a change of hardfork or EIPs (runTx
// moves a tx's Common to its block's hardfork when they differ) would otherwise reach every tx at
// once; frozen, it throws instead. eth_call's unsigned txs are built on it too, for the same reason.
const decodeCommons = new Map<bigint, Common>();
export function decodeCommon(chainId: bigint): Common {
  let common = decodeCommons.get(chainId);
  if (!common) {
    const shared = evmCommon(chainId).copy();
    shared.updateParams(paramsTx);
    shared.copy = () => shared;
    shared.updateParams = () => shared;
    Object.freeze(shared);
    common = shared;
    decodeCommons.set(chainId, common);
  }
  return common;
}

// Txs decoded lately, so a tx decoded and authenticated in CheckTx is not decoded and its sender
// not recovered again when its block runs it. The result is a function of the bytes and the chain
// id alone (the decode Common is fixed), and the tx object is frozen, so sharing it changes nothing
// but the time. Oldest first out, and a hit does not move its entry (common/memo.ts: a tx is
// looked up in CheckTx, its rechecks, the proposal checks and FinalizeBlock, all within a few
// blocks of its arrival, and the move on every hit cost ~30 µs per ERC-20 transfer). Bounded by
// entries and by what the entries hold on the heap, estimated (decodedWeight): anyone can have
// CheckTx decode signed 128 KiB txs that then fail for want of funds. Entries keep no caller's
// bytes: a tx first seen in FinalizeBlock is a view into the whole request, which the cache would
// otherwise pin.
export const DECODED_CACHE_MAX_ENTRIES = 10_000;
export const DECODED_CACHE_MAX_BYTES = 40 * 1024 * 1024;
type CachedDecode = Omit<DecodedEthTx, "bytes"> & { weight: number };
const decoded = new Memo<string, CachedDecode>(DECODED_CACHE_MAX_ENTRIES, { max: DECODED_CACHE_MAX_BYTES, of: (entry) => entry.weight });

/** A decoded tx object with its sender and hash, before its fields: measured ~3.2 KB for a 179-byte transfer. */
const DECODED_TX_BYTES = 3 * 1024;
/** Each access list address or storage key: a typed array and its slot (~110 bytes measured). */
const ACCESS_LIST_ITEM_BYTES = 160;
/** Each EIP-7702 authorization: six typed arrays. */
const AUTHORIZATION_BYTES = 1024;

/**
 * Estimated heap bytes of a cache entry: its key (as common/heapEstimate.ts counts a string), the decoded tx object,
 * its fields' bytes (about the raw size), and the access and authorization lists, whose many small
 * arrays hold several times their encoded size (a 125 KB tx of 3,800 storage keys held ~700 KB).
 */
function decodedWeight(key: string, d: DecodedEthTx): number {
  const tx = d.tx as { accessList?: [Uint8Array, Uint8Array[]][]; authorizationList?: unknown[] };
  let items = 0;
  for (const [, keys] of tx.accessList ?? []) items += 1 + keys.length;
  return (
    estimatedHeapBytes(key) + DECODED_TX_BYTES + d.bytes.length + ACCESS_LIST_ITEM_BYTES * items + AUTHORIZATION_BYTES * (tx.authorizationList?.length ?? 0)
  );
}

/**
 * Decodes and authenticates a raw Ethereum tx; throws AppErrors users can act on. `lastUse`:
 * FinalizeBlock runs the tx, after which nothing asks for it again, so its decoding leaves the
 * cache (app/tx/decode.ts says why).
 */
export function decodeEthTx(bytes: Uint8Array, chainId: bigint, lastUse = false): DecodedEthTx {
  // Before the cache key, which costs in proportion to the size.
  if (bytes.length > MAX_ETH_TX_BYTES) throw sdkErrors.txTooLarge.wrap(`Ethereum tx of ${bytes.length} bytes exceeds the limit of ${MAX_ETH_TX_BYTES}`);
  const key = decodeCacheKey(bytes, chainId);
  const known = decoded.get(key);
  if (known !== undefined) {
    if (lastUse) decoded.delete(key);
    return { tx: known.tx, sender: known.sender, hash: known.hash, bytes };
  }
  const d = decodeUncached(bytes, chainId);
  if (!lastUse) cacheDecoded(key, d);
  return d;
}

function decodeCacheKey(bytes: Uint8Array, chainId: bigint): string {
  return `${chainId}/${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}`;
}

/** The decoding without its bytes, weighed by what it holds (decodedWeight, the cache's byte bound). */
function cacheDecoded(key: string, d: DecodedEthTx): void {
  decoded.set(key, { tx: d.tx, sender: d.sender, hash: d.hash, weight: decodedWeight(key, d) });
}

/** Entries and estimated heap bytes the decode cache holds (for tests of its bounds). */
export function decodeCacheUsage(): { entries: number; bytes: number } {
  return { entries: decoded.size, bytes: decoded.weightSum };
}

/** Empties the decode cache: for tests that compare decodings made different ways. */
export function clearDecodeCache(): void {
  decoded.clear();
}

/**
 * Where senders are recovered ahead of their CheckTx: worker threads (app/senderRecovery/), given
 * the raw bytes and chain id, answer with what recoverSender computes, or undefined when it throws
 * (CheckTx then decodes the tx itself and says why).
 */
export interface SenderKeySource {
  recover(bytes: Uint8Array, chainId: bigint): Promise<RecoveredSender | undefined>;
}

/** A raw tx's signer, recovered on another thread: its 64-byte public key, and the tx hash when it is the bytes' Keccak. */
export interface RecoveredSender {
  key: Uint8Array;
  hash: Uint8Array | undefined;
}

let senderKeys: SenderKeySource | undefined;
/** Recoveries under way, by decode cache key: each settles once its decoding is in the cache (or failed). */
const recovering = new Map<string, Promise<void>>();
/**
 * Raw bytes of the recoveries under way. Each holds its key, a copy of its bytes and the thread's
 * copy (about 3.4 times its size), and anyone can send CheckTx distinct 128 KiB txs: past this,
 * a tx is left to its CheckTx instead of being queued for a thread.
 */
export const MAX_RECOVERING_BYTES = 8 * 1024 * 1024;
let recoveringBytes = 0;

/** Recovers senders ahead through `source` from now on; undefined stops it. */
export function useSenderKeySource(source: SenderKeySource | undefined): void {
  senderKeys = source;
}

/** Whether decodeAhead has anywhere to send a tx: without, a caller need not even look up the chain id. */
export function recoversAhead(): boolean {
  return senderKeys !== undefined;
}

/**
 * Starts recovering the sender of a tx whose CheckTx waits behind others, on another thread, and
 * resolves once the tx's decoding with that sender is in the decode cache, so its CheckTx finds it
 * there instead of recovering it on this thread. Undefined when there is nothing to wait for: no
 * key source, the tx decoded already, or bytes no Ethereum tx can have. Never rejects: a failed
 * recovery leaves the tx to CheckTx.
 */
export function decodeAhead(bytes: Uint8Array, chainId: bigint): Promise<void> | undefined {
  const source = senderKeys;
  if (source === undefined || bytes.length === 0 || bytes.length > MAX_ETH_TX_BYTES || bytes[0] === BLOB_TX_TYPE) return undefined;
  const key = decodeCacheKey(bytes, chainId);
  if (decoded.get(key) !== undefined) return undefined;
  const under = recovering.get(key);
  if (under !== undefined) return under;
  if (recoveringBytes + bytes.length > MAX_RECOVERING_BYTES) return undefined;
  recoveringBytes += bytes.length;
  // Its own copy: the caller's bytes are usually a view into a larger request buffer, which
  // posting to a thread would copy whole.
  const own = Uint8Array.from(bytes);
  const done = source
    .recover(own, chainId)
    .then((recovered) => {
      if (recovered === undefined || decoded.get(key) !== undefined) return;
      cacheDecoded(key, decodeUncached(own, chainId, recovered));
    })
    .catch(() => undefined)
    .finally(() => {
      recovering.delete(key);
      recoveringBytes -= own.length;
    });
  recovering.set(key, done);
  return done;
}

/**
 * What a SenderKeySource computes on its thread, as decodeEthTx would: the public key that signed
 * a raw Ethereum tx, and the tx hash where it is the Keccak of the bytes. Throws what decoding or
 * recovery throws.
 */
export function recoverSender(bytes: Uint8Array, chainId: bigint): RecoveredSender {
  const tx = parseEthTx(bytes, chainId, { freeze: false });
  const canonical = hasCanonicalChainId(bytes);
  useRawSigningHash(tx, bytes, canonical);
  return { key: tx.getSenderPublicKey(), hash: canonical ? keccak256(bytes) : undefined };
}

/**
 * A typed tx's signing hash from its raw bytes (signingPayload.ts), for the library's recovery to
 * check the signature against; a legacy tx (EIP-155's payload is not a cut of its bytes) and a
 * chain id with leading zeros keep the library's serialisation.
 */
function useRawSigningHash(tx: TypedTransaction, bytes: Uint8Array, canonical: boolean): void {
  const payload = canonical ? typedSigningPayload(bytes) : undefined;
  if (payload === undefined) return;
  const signingHash = keccak256(payload);
  Object.defineProperty(tx, "getMessageToVerifySignature", { value: () => signingHash });
}

/**
 * `recovered`: what recoverSender gave for these bytes on another thread; absent, the sender is
 * recovered here (and the signing hash, needed only for that, is not computed with it).
 */
function decodeUncached(bytes: Uint8Array, chainId: bigint, recovered?: RecoveredSender): DecodedEthTx {
  const tx = parseEthTx(bytes, chainId, { freeze: false });
  const canonical = hasCanonicalChainId(bytes);
  if (recovered === undefined) useRawSigningHash(tx, bytes, canonical);
  let sender: Address;
  try {
    // The library keeps the public key only in a frozen tx: kept here, so nothing recovers it again.
    tx.cache.senderPubKey = recovered?.key ?? tx.getSenderPublicKey();
    sender = new Address(senderAddress(tx.cache.senderPubKey));
  } catch (err) {
    throw evmError(evmErrors.invalidSignature, (err as Error).message);
  }
  // The library derives the address from the public key (a Keccak) on every call, and runTx asks
  // once per run: the tx answers with the address recovered here instead.
  Object.defineProperty(tx, "getSenderAddress", { value: () => sender });
  // The library hashes a tx by serialising it again; for a canonical encoding that is the raw
  // bytes, hashed here once. A typed tx whose chain id has leading zeros (the one integer field the
  // library lets through) keeps the library's hash, as blocks that hold one were executed with it.
  const hash = canonical ? (recovered?.hash ?? keccak256(bytes)) : tx.hash();
  tx.cache.hash = hash;
  Object.freeze(tx);
  return { tx, sender, hash, bytes };
}

/**
 * publicToAddress: the last 20 bytes of the Keccak of the 64-byte public key, through the memo, as
 * a sender's txs all hash the same key.
 */
function senderAddress(publicKey: Uint8Array): Uint8Array {
  if (publicKey.length !== 64) throw new Error(`expected a 64-byte public key, got ${publicKey.length} bytes`);
  return keccak256Memo(publicKey).slice(12);
}

/**
 * Decodes a raw Ethereum tx and checks its size, type, chain id and that it is signed, without
 * recovering the sender; throws AppErrors users can act on. The tx comes frozen unless
 * `freeze: false` (for a caller that freezes it itself).
 */
export function parseEthTx(bytes: Uint8Array, chainId: bigint, opts: { freeze?: boolean } = {}): TypedTransaction {
  if (bytes.length > MAX_ETH_TX_BYTES) throw sdkErrors.txTooLarge.wrap(`Ethereum tx of ${bytes.length} bytes exceeds the limit of ${MAX_ETH_TX_BYTES}`);
  if (bytes.length === 0) throw sdkErrors.txDecode.wrap("empty tx");
  if (bytes[0] === BLOB_TX_TYPE) throw evmError(evmErrors.unsupportedTxType, "blob transactions are not supported");
  let tx: TypedTransaction;
  try {
    tx = createTxFromRLP(bytes, { common: decodeCommon(chainId), freeze: opts.freeze ?? true });
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    // The library refuses a chain id other than its Common's while decoding; say so plainly.
    if (/chain ID|EIP155/.test(message)) throw evmError(evmErrors.invalidChainId, `expected ${chainId}: ${message}`);
    throw sdkErrors.txDecode.wrap(`invalid Ethereum transaction: ${message}`);
  }
  if (!tx.isSigned()) throw evmError(evmErrors.invalidSignature, "the tx is not signed");
  return tx;
}

/**
 * Whether a tx's encoding has its chain id without leading zero bytes: a legacy tx has no such
 * field; a typed tx's chain id is the first item of its RLP list. The RLP decoder is strict and
 * the library refuses leading zeros in every other integer field, but not there, so only such a
 * tx is hashed one way from its raw bytes (as Ethereum and the JSON-RPC server hash it) and
 * another by the library, which serialises it again. Only for bytes the library decoded as a tx,
 * so the list and its first item are well formed.
 */
export function hasCanonicalChainId(bytes: Uint8Array): boolean {
  if (bytes[0]! >= 0xc0) return true;
  const list = rlpItem(bytes, 1);
  const chainId = list === undefined ? undefined : rlpItem(bytes, list.start);
  // Zero is written as the empty string (0x80), so a first content byte of zero is a leading zero,
  // a single byte 0x00 included.
  return chainId === undefined || chainId.start === chainId.end || bytes[chainId.start] !== 0x00;
}

/** The fee cap per gas: maxFeePerGas, or gasPrice for legacy and EIP-2930 txs. */
export function feeCap(tx: TypedTransaction): bigint {
  return "maxFeePerGas" in tx ? tx.maxFeePerGas : tx.gasPrice;
}

/** The most a tx can cost its sender: gas limit x fee cap, plus the value it sends. */
export function upfrontCost(tx: TypedTransaction): bigint {
  return tx.gasLimit * feeCap(tx) + tx.value;
}

/** What the tx pays per gas at `baseFee`: base fee plus as much of the tip as the cap leaves. */
export function effectiveGasPrice(tx: TypedTransaction, baseFee: bigint): bigint {
  if (!("maxFeePerGas" in tx)) return tx.gasPrice;
  const room = tx.maxFeePerGas - baseFee;
  return baseFee + (tx.maxPriorityFeePerGas < room ? tx.maxPriorityFeePerGas : room);
}
