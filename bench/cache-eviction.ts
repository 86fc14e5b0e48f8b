/**
 * The node's bounded caches once full, as a long-running node's are: the store's read cache of
 * the latest state (common/lru.ts, 200,000 entries) and the ante's cache of verified signatures
 * (app/modules/auth/signatures.ts, 100,000). Each step of the workload is a miss (a new key,
 * which evicts the oldest once full) and `--hits` lookups of recent keys. Reference, same run:
 * the same steps while the cache is still filling (nothing is evicted).
 *
 *   npm run bench -- cache-eviction [--steps 200000] [--hits 4]
 */
import { parseArgs } from "node:util";
import { positiveIntFlag } from "./args.js";
import { Lru } from "../common/lru.js";
import { SignatureCache } from "../app/modules/auth/signatures.js";

const { values: args } = parseArgs({
  options: {
    steps: { type: "string", default: "200000" },
    hits: { type: "string", default: "4" },
  },
});
const steps = positiveIntFlag(args.steps, "steps");
const hits = positiveIntFlag(args.hits, "hits");

interface Cache {
  get(key: string): unknown;
  set(key: string): void;
}

/** ns per step (one miss and `hits` lookups of the last 50,000 keys) over `count` steps from key `from`. */
function timeSteps(cache: Cache, from: number, count: number): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const next = from + i;
    for (let h = 0; h < hits; h++) cache.get(`key-${Math.max(0, next - 1 - ((i * 7 + h * 13) % 50_000))}`);
    cache.set(`key-${next}`);
  }
  return Number(process.hrtime.bigint() - t0) / count;
}

function measure(name: string, capacity: number, make: () => Cache): void {
  // Filling: the first `capacity` steps, of which the second half is timed (the first warms up).
  const filling = make();
  timeSteps(filling, 0, capacity / 2);
  const fillingNs = timeSteps(filling, capacity / 2, capacity / 2);
  // Full: `steps` more after it is full, every one evicting.
  const full = make();
  timeSteps(full, 0, capacity);
  const fullNs = timeSteps(full, capacity, steps);
  console.log(`| ${name} | ${capacity.toLocaleString("en-US")} | ${fillingNs.toFixed(0)} | ${fullNs.toFixed(0)} | ${(fullNs / fillingNs).toFixed(1)}x |`);
}

console.log(`Each step: 1 miss (a new key) and ${hits} lookups of recent keys; ${steps.toLocaleString("en-US")} steps once full\n`);
console.log("| cache | capacity | ns per step while filling (reference) | ns per step once full | full / filling |");
console.log("| --- | ---: | ---: | ---: | ---: |");
measure("store's latest-state reads (Lru)", 200_000, () => {
  const lru = new Lru<string, Buffer>(200_000);
  const value = Buffer.alloc(32);
  return { get: (k) => lru.get(k), set: (k) => lru.set(k, value) };
});
measure("verified signatures (SignatureCache)", 100_000, () => {
  const cache = new SignatureCache(100_000);
  return { get: (k) => cache.has(k), set: (k) => cache.add(k) };
});
