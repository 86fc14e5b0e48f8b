/**
 * A deliberately naive in-memory model of the store, used as the reference in
 * randomized tests: every committed height keeps a full copy of the state, and
 * every read materializes the whole state, filters it and sorts it.
 */
import { createHash } from "node:crypto";
import { HeightNotAvailableError } from "./errors.js";
import type { Change, IteratorOptions, KVEntry } from "./types.js";

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
const unhex = (s: string): Buffer => Buffer.from(s, "hex");

type State = Map<string, Buffer>;

const uvarint = (n: number): Buffer => {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b += 128;
    out.push(b);
  } while (n > 0);
  return Buffer.from(out);
};

/** Same state hash as stateHash.ts, from scratch over `entries`, written straight from its definition. */
export function oracleStateHash(entries: Iterable<{ key: Uint8Array; value: Uint8Array }>): Buffer {
  const sums: number[] = new Array<number>(1024).fill(0);
  for (const { key, value } of entries) {
    const element = createHash("shake256", { outputLength: 2048 })
      .update(Buffer.concat([Buffer.from("unit/lthash/v1", "ascii"), uvarint(key.length), key, uvarint(value.length), value]))
      .digest();
    for (let i = 0; i < 1024; i++) sums[i] = (sums[i]! + element.readUInt16LE(2 * i)) % 65536;
  }
  const lanes = Buffer.alloc(2048);
  for (let i = 0; i < 1024; i++) lanes.writeUInt16LE(sums[i]!, 2 * i);
  return createHash("sha256")
    .update(Buffer.concat([Buffer.from("unit/statehash/v1", "ascii"), lanes]))
    .digest();
}

/** Same encoding as appHash(), written field by field straight from its definition. */
export function oracleAppHash(prevHash: Uint8Array, height: number, stateHash: Uint8Array, changes: readonly Change[]): Buffer {
  const h = createHash("sha256");
  h.update(Buffer.from("unit/apphash/v2", "ascii"));
  const heightBytes = Buffer.alloc(8);
  heightBytes.writeBigUInt64BE(BigInt(height));
  h.update(heightBytes);
  h.update(uvarint(prevHash.length));
  h.update(prevHash);
  h.update(stateHash);
  const sorted = [...changes].sort((a, b) => Buffer.compare(a.key, b.key));
  for (const c of sorted) {
    h.update(uvarint(c.key.length));
    h.update(c.key);
    if (c.value === null) {
      h.update(Buffer.from([0]));
    } else {
      h.update(Buffer.from([1]));
      h.update(uvarint(c.value.length));
      h.update(c.value);
    }
  }
  return h.digest();
}

function rangeEntries(state: State, options: IteratorOptions = {}): KVEntry[] {
  const out: KVEntry[] = [];
  for (const [k, v] of state) {
    const key = unhex(k);
    if (options.start !== undefined && Buffer.compare(key, options.start) < 0) continue;
    if (options.end !== undefined && Buffer.compare(key, options.end) >= 0) continue;
    out.push({ key, value: Buffer.from(v) });
  }
  out.sort((a, b) => Buffer.compare(a.key, b.key));
  if (options.reverse === true) out.reverse();
  return out;
}

function prefixEntries(state: State, prefix: Uint8Array, reverse?: boolean): KVEntry[] {
  const p = Buffer.from(prefix);
  const all = rangeEntries(state, { reverse: reverse === true });
  return all.filter((e) => e.key.length >= p.length && Buffer.compare(e.key.subarray(0, p.length), p) === 0);
}

export class OracleReader {
  constructor(
    protected readonly oracle: OracleStore,
    readonly height: number,
  ) {}

  protected state(): State {
    this.oracle.checkPinned(this.height);
    return this.oracle.stateAt(this.height);
  }

  get(key: Uint8Array): Buffer | undefined {
    const v = this.state().get(hex(key));
    return v === undefined ? undefined : Buffer.from(v);
  }

  has(key: Uint8Array): boolean {
    return this.get(key) !== undefined;
  }

  entries(options?: IteratorOptions): KVEntry[] {
    return rangeEntries(this.state(), options);
  }

  prefixEntries(prefix: Uint8Array, reverse?: boolean): KVEntry[] {
    return prefixEntries(this.state(), prefix, reverse);
  }
}

export class OracleBranch extends OracleReader {
  readonly writes = new Map<string, Buffer | null>();
  finished = false;

  constructor(
    oracle: OracleStore,
    height: number,
    readonly parent: OracleBranch | undefined,
  ) {
    super(oracle, height);
  }

  protected override state(): State {
    const chain: OracleBranch[] = [];
    for (let b: OracleBranch | undefined = this; b !== undefined; b = b.parent) chain.push(b);
    const state = new Map(super.state());
    for (const b of chain.reverse()) {
      for (const [k, v] of b.writes) {
        if (v === null) state.delete(k);
        else state.set(k, v);
      }
    }
    return state;
  }

  set(key: Uint8Array, value: Uint8Array): void {
    this.writes.set(hex(key), Buffer.from(value));
  }

  delete(key: Uint8Array): void {
    this.writes.set(hex(key), null);
  }

  branch(): OracleBranch {
    return new OracleBranch(this.oracle, this.height, this);
  }

  write(): void {
    if (this.parent === undefined) throw new Error("root branch");
    for (const [k, v] of this.writes) this.parent.writes.set(k, v);
    this.finished = true;
  }

  changes(): Change[] {
    return [...this.writes].map(([k, v]) => ({ key: unhex(k), value: v === null ? null : Buffer.from(v) })).sort((a, b) => Buffer.compare(a.key, b.key));
  }
}

export class OracleStore {
  /** Full state after each committed height. */
  private readonly snapshots = new Map<number, State>();
  private readonly hashes = new Map<number, Buffer>();
  lastHeight = 0;
  lastHash: Buffer = Buffer.alloc(0);
  earliestHeight = 0;
  private prunedTo = 0;

  constructor(
    private readonly keepRecent = 0,
    private readonly pruneInterval = 10,
  ) {}

  /** State at `height`: that of the greatest committed height <= it. */
  stateAt(height: number): State {
    let best = 0;
    for (const h of this.snapshots.keys()) if (h <= height && h > best) best = h;
    return this.snapshots.get(best) ?? new Map();
  }

  checkPinned(height: number): void {
    if (height < this.prunedTo) throw new HeightNotAvailableError(height, this.earliestHeight, this.lastHeight);
  }

  begin(): OracleBranch {
    return new OracleBranch(this, this.lastHeight, undefined);
  }

  view(height = this.lastHeight): OracleReader {
    const ok = this.lastHeight === 0 ? height === 0 : height >= this.earliestHeight && height <= this.lastHeight;
    if (!ok) throw new HeightNotAvailableError(height, this.earliestHeight, this.lastHeight);
    return new OracleReader(this, height);
  }

  hashAt(height: number): Buffer | undefined {
    return this.hashes.get(height);
  }

  commit(branch: OracleBranch, height: number, hash: Uint8Array): void {
    if (branch.parent !== undefined || branch.finished) throw new Error("not committable");
    if (branch.height !== this.lastHeight) throw new Error("stale branch");
    if (!Number.isSafeInteger(height) || height < 1 || height <= this.lastHeight) throw new Error("bad height");
    const state = new Map(this.stateAt(this.lastHeight));
    for (const [k, v] of branch.writes) {
      if (v === null) state.delete(k);
      else state.set(k, v);
    }
    const first = this.lastHeight === 0;
    this.snapshots.set(height, state);
    this.hashes.set(height, Buffer.from(hash));
    this.lastHeight = height;
    this.lastHash = Buffer.from(hash);
    branch.finished = true;
    if (first) this.earliestHeight = height;
    if (!first && this.keepRecent > 0 && height % this.pruneInterval === 0) {
      const to = height - this.keepRecent + 1;
      if (to > this.earliestHeight) {
        this.earliestHeight = to;
        this.prunedTo = to;
      }
    }
  }
}
