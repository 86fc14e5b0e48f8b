// Values of the latest committed state, read before: the same account, balance and code are read
// by tx after tx, and each SQLite lookup ("newest version <= height") costs far more than a Map
// hit. Valid for one height only: Store.commit drops every key the block changed and moves the
// cache on to the new height. Absent keys are remembered too (an EOA has no code hash).
// Bounded by entries and by bytes; the oldest entries go first. It is a cache of reads and never
// changes what a read returns, so consensus cannot see it.
import { copyBytes } from './bytes.js';

const ABSENT = null;

export class LatestReadCache {
  private readonly entries = new Map<string, Buffer | typeof ABSENT>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  /** The cached value: a Buffer (a copy: callers may not share ours), ABSENT, or undefined when not cached. */
  get(key: string): Buffer | typeof ABSENT | undefined {
    const v = this.entries.get(key);
    return v === undefined || v === ABSENT ? v : copyBytes(v);
  }

  set(key: string, value: Buffer | undefined): void {
    this.delete(key);
    const stored = value === undefined ? ABSENT : copyBytes(value);
    this.entries.set(key, stored);
    this.bytes += weight(key, stored);
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: string): void {
    const v = this.entries.get(key);
    if (v === undefined) return;
    this.entries.delete(key);
    this.bytes -= weight(key, v);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

function weight(key: string, value: Buffer | typeof ABSENT): number {
  return key.length * 2 + (value === ABSENT ? 0 : value.length) + 64;
}
