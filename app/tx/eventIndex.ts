// Which attributes of a Cosmos tx's events CometBFT's tx indexer keeps. The indexer writes one
// key per indexed attribute, and a bank send carries 28 attributes: that write (and the
// compaction after it) was a sixth of CometBFT's CPU per tx. As the SDK's `index-events` lets an
// operator do, only what clients search by is marked for the index: addresses, actions, modules,
// ids and hashes stay searchable (message.sender, transfer.recipient, tx.acc_seq, typed events,
// ...); amounts, fees, signatures and the message index are left out. `tx.hash` and `tx.height`
// are indexed by CometBFT itself. The flag changes only the indexer: the events, their order and
// their attributes are the same, and WebSocket subscriptions still match every attribute.
import type { AbciEvent } from "../context.js";

/** Attribute keys left out of the index in any event. */
const UNINDEXED_KEYS = new Set(["amount", "msg_index"]);
/** Attributes left out of the index in one event type, as `type.key`. */
const UNINDEXED_ATTRIBUTES = new Set(["tx.fee", "tx.signature"]);

export function isIndexed(type: string, key: string): boolean {
  return !UNINDEXED_KEYS.has(key) && !UNINDEXED_ATTRIBUTES.has(`${type}.${key}`);
}

/** Sets each attribute's `index` flag by isIndexed; the events are the tx's own, changed in place. */
export function markIndexed(events: readonly AbciEvent[]): readonly AbciEvent[] {
  for (const e of events) {
    const type = e.type ?? "";
    for (const a of e.attributes ?? []) a.index = isIndexed(type, a.key ?? "");
  }
  return events;
}
