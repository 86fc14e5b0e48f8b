// Test-only: one module's export -> import -> export round trip. The import runs into a fresh
// in-memory SQLite store holding every other module's keys as they were (so checks against bank balances or
// staking records see the same state), and must rebuild the module's namespace byte for byte; the
// second export must equal the first.
import assert from "node:assert/strict";
import { pino } from "pino";
import { Context, type BlockHeader } from "../context.js";
import type { AppModule, ValidatorUpdate } from "../module.js";
import { openStore } from "../store/index.js";
import { modulePrefix, moduleReader } from "../store/prefixStore.js";
import type { StateReader } from "../store/types.js";

const logger = pino({ level: "silent" });

export interface RoundTrip {
  /** The first export, as JSON text (what a genesis file would hold). */
  exported: unknown;
  /** What the import returned (staking's validator set). */
  updates: ValidatorUpdate[];
  /** How many keys of the module's namespace were compared. */
  keys: number;
}

/** Every key and value of one module's namespace, hex, in key order. */
export function namespaceEntries(state: StateReader, moduleName: string): string[] {
  return [...moduleReader(state, moduleName).iterator()].map(({ key, value }) => `${Buffer.from(key).toString("hex")}=${Buffer.from(value).toString("hex")}`);
}

/**
 * Exports `module` from `state`, imports the export (through JSON text, as a genesis file carries
 * it) with `importer` (the same module, or one built for a fresh chain) and asserts the namespace
 * and a second export are identical. Keys of the exported state under `ignorePrefixes` (relative to
 * the module's namespace: state the module deliberately does not export, such as staking's
 * historical info) are left out of the comparison; the import must still not write any.
 */
export function assertGenesisRoundTrip(
  module: AppModule,
  state: StateReader,
  header: BlockHeader,
  importer: AppModule = module,
  options: { ignorePrefixes?: Uint8Array[] } = {},
): RoundTrip {
  const exported = JSON.parse(JSON.stringify(module.exportGenesis!(state))) as unknown;
  const store = openStore(":memory:");
  try {
    const fresh = store.begin();
    const own = modulePrefix(module.name);
    for (const { key, value } of state.iterator()) if (!Buffer.from(key).subarray(0, own.length).equals(own)) fresh.set(key, value);
    const ctx = new Context({ ...header, height: 0n }, fresh, logger);
    const updates = importer.initGenesis!(ctx, JSON.parse(JSON.stringify(exported))) ?? [];
    const ignored = (options.ignorePrefixes ?? []).map((p) => Buffer.from(p).toString("hex"));
    const before = namespaceEntries(state, module.name).filter((entry) => !ignored.some((p) => entry.startsWith(p)));
    assert.deepEqual(namespaceEntries(fresh, module.name), before, `${module.name}: imported store entries differ from the exported state's`);
    assert.deepEqual(JSON.parse(JSON.stringify(importer.exportGenesis!(fresh))), exported, `${module.name}: the second export differs from the first`);
    return { exported, updates, keys: before.length };
  } finally {
    store.close();
  }
}
