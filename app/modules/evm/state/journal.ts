// The EVM's pending writes: a stack of layers of diffs over the store. A checkpoint pushes an empty
// layer, commit folds the top layer into the one below, revert drops it. Reads look down the stack
// and fall through to the store. Nothing here ever copies state: a layer holds only what was
// written while it was on top, so a checkpoint costs the same however large the state is.
//
// Keys are lowercase hex (addresses 20 bytes, slots and code hashes 32 bytes). The Maps are never
// iterated in insertion order into the store: settlement sorts their keys first.

export interface Layer {
  /** address → nonce */
  readonly nonce: Map<string, bigint>;
  /** address → absolute balance in aunit (settlement turns it into a delta against the store) */
  readonly balance: Map<string, bigint>;
  /** address → code hash; KECCAK256_NULL means "no code" */
  readonly codeHash: Map<string, Uint8Array>;
  /** code hash → bytecode */
  readonly code: Map<string, Uint8Array>;
  /** address → slot → value with leading zeros trimmed; empty is zero (a deletion) */
  readonly storage: Map<string, Map<string, Uint8Array>>;
  /** Addresses whose storage in the layers below (and the store) counts as wiped. */
  readonly cleared: Set<string>;
}

type Field = "nonce" | "balance" | "codeHash" | "code";

function emptyLayer(): Layer {
  return { nonce: new Map(), balance: new Map(), codeHash: new Map(), code: new Map(), storage: new Map(), cleared: new Set() };
}

/** Folds `top` into `below`, as if top's writes had been made to below directly. */
function fold(below: Layer, top: Layer): void {
  for (const field of ["nonce", "balance", "codeHash", "code"] as const) {
    const into = below[field] as Map<string, unknown>;
    for (const [k, v] of top[field]) into.set(k, v);
  }
  for (const address of top.cleared) {
    below.storage.delete(address);
    below.cleared.add(address);
  }
  for (const [address, slots] of top.storage) {
    const into = below.storage.get(address);
    if (into === undefined) below.storage.set(address, slots);
    else for (const [slot, value] of slots) into.set(slot, value);
  }
}

export class WriteJournal {
  /** layers[0] holds writes outside any checkpoint, waiting for settlement. */
  private layers: Layer[] = [emptyLayer()];

  /** Open checkpoints. */
  get depth(): number {
    return this.layers.length - 1;
  }

  private get top(): Layer {
    return this.layers[this.layers.length - 1]!;
  }

  /** The latest write of a field, or undefined when the store's value stands. */
  get<F extends Field>(field: F, key: string): Layer[F] extends Map<string, infer V> ? V | undefined : never;
  get(field: Field, key: string): unknown {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const v = (this.layers[i]![field] as Map<string, unknown>).get(key);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  set(field: "nonce" | "balance", key: string, value: bigint): void;
  set(field: "codeHash" | "code", key: string, value: Uint8Array): void;
  set(field: Field, key: string, value: bigint | Uint8Array): void {
    (this.top[field] as Map<string, unknown>).set(key, value);
  }

  /** A slot's latest value: bytes (empty = zero) when written or wiped above the store, else undefined. */
  getStorage(address: string, slot: string): Uint8Array | undefined {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const layer = this.layers[i]!;
      const v = layer.storage.get(address)?.get(slot);
      if (v !== undefined) return v;
      if (layer.cleared.has(address)) return new Uint8Array();
    }
    return undefined;
  }

  setStorage(address: string, slot: string, value: Uint8Array): void {
    let slots = this.top.storage.get(address);
    if (slots === undefined) this.top.storage.set(address, (slots = new Map()));
    slots.set(slot, value);
  }

  /** Wipes an address's storage: a marker, so the wiped slots are never read, let alone copied. */
  clearStorage(address: string): void {
    this.top.storage.delete(address);
    this.top.cleared.add(address);
  }

  checkpoint(): void {
    this.layers.push(emptyLayer());
  }

  commit(): void {
    if (this.depth === 0) throw new Error("commit without a checkpoint");
    const top = this.layers.pop()!;
    fold(this.top, top);
  }

  revert(): void {
    if (this.depth === 0) throw new Error("revert without a checkpoint");
    this.layers.pop();
  }

  /** The writes waiting for settlement; only when no checkpoint is open. */
  settled(): Layer {
    if (this.depth !== 0) throw new Error(`settlement inside ${this.depth} open checkpoint(s)`);
    return this.layers[0]!;
  }

  /** True when nothing is pending and no checkpoint is open. */
  get isEmpty(): boolean {
    const l = this.layers[0]!;
    return this.depth === 0 && l.nonce.size + l.balance.size + l.codeHash.size + l.code.size + l.storage.size + l.cleared.size === 0;
  }

  /** Drops every pending write and checkpoint. */
  reset(): void {
    this.layers = [emptyLayer()];
  }

  /** A journal whose single layer holds this one's net writes (the diff, not the state under it). */
  flattened(): WriteJournal {
    const out = new WriteJournal();
    const base = out.layers[0]!;
    for (const layer of this.layers) fold(base, copyLayer(layer));
    return out;
  }
}

// fold() may adopt a layer's slot maps; a copy keeps the two journals independent.
function copyLayer(layer: Layer): Layer {
  return {
    nonce: new Map(layer.nonce),
    balance: new Map(layer.balance),
    codeHash: new Map(layer.codeHash),
    code: new Map(layer.code),
    storage: new Map([...layer.storage].map(([a, slots]) => [a, new Map(slots)])),
    cleared: new Set(layer.cleared),
  };
}
