// Typed events carry JSON attribute values (docs: "attribute values are JSON"), so a string is
// written with its quotes: queries must quote it the same way, and values are parsed back.
import type { IndexedTx } from "../api/comet.js";

/** A CometBFT query term matching a typed event's string attribute: type.key='"value"'. */
export function typedEventTerm(eventType: string, key: string, value: string): string {
  return `${eventType}.${key}='${JSON.stringify(value).replace(/'/g, "\\'")}'`;
}

/** Every value of `key` in events of `eventType` across `txs`, parsed from JSON, in order. */
export function typedEventValues(txs: readonly IndexedTx[], eventType: string, key: string): string[] {
  const out: string[] = [];
  for (const tx of txs) {
    for (const event of tx.result.events) {
      if (event.type !== eventType) continue;
      const attribute = event.attributes.find((a) => a.key === key);
      if (!attribute) continue;
      try {
        out.push(String(JSON.parse(attribute.value)));
      } catch {
        out.push(attribute.value);
      }
    }
  }
  return out;
}
