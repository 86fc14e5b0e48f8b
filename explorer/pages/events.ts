// Typed events carry JSON attribute values (docs: "attribute values are JSON"), so a string is
// written with its quotes: queries must quote it the same way, and values are parsed back.
import type { IndexedTx } from "../api/comet.js";

/** A CometBFT query term matching a typed event's string attribute: type.key='"value"'. */
export function typedEventTerm(eventType: string, key: string, value: string): string {
  return `${eventType}.${key}='${JSON.stringify(value).replace(/'/g, "\\'")}'`;
}

/**
 * Every value of `key` in events of `eventType` across `txs`, parsed from JSON, in order. With
 * `where`, only events whose attribute `where.key` holds `where.value`: CometBFT matches a query
 * against a whole tx, so a tx that issued two credentials matches a hash only one of them has.
 */
export function typedEventValues(txs: readonly IndexedTx[], eventType: string, key: string, where?: { key: string; value: string }): string[] {
  const out: string[] = [];
  for (const tx of txs) {
    for (const event of tx.result.events) {
      if (event.type !== eventType) continue;
      if (where && attributeValue(event.attributes, where.key) !== where.value) continue;
      const value = attributeValue(event.attributes, key);
      if (value !== undefined) out.push(value);
    }
  }
  return out;
}

/** A typed event's attribute, JSON-decoded (the raw text when it is not JSON). */
function attributeValue(attributes: readonly { key: string; value: string }[], key: string): string | undefined {
  const attribute = attributes.find((a) => a.key === key);
  if (!attribute) return undefined;
  try {
    return String(JSON.parse(attribute.value));
  } catch {
    return attribute.value;
  }
}
