// A view of a KVStore under a fixed key prefix: how each module gets a namespace of its own.
import { prefixEnd } from "./bytes.js";
import type { IteratorOptions, KVEntry, KVReader, KVStore, StateReader, StateStore } from "./types.js";

function concat(prefix: Uint8Array, key: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(prefix.length + key.length);
  out.set(prefix, 0);
  out.set(key, prefix.length);
  return out;
}

export class PrefixReader implements KVReader {
  constructor(
    protected readonly parent: KVReader,
    protected readonly prefix: Uint8Array,
  ) {}

  get(key: Uint8Array): Uint8Array | undefined {
    return this.parent.get(concat(this.prefix, key));
  }

  has(key: Uint8Array): boolean {
    return this.parent.has(concat(this.prefix, key));
  }

  *iterator(options: IteratorOptions = {}): IterableIterator<KVEntry> {
    const start = concat(this.prefix, options.start ?? new Uint8Array());
    const end = options.end ? concat(this.prefix, options.end) : prefixEnd(this.prefix);
    const n = this.prefix.length;
    for (const { key, value } of this.parent.iterator({ start, ...(end ? { end } : {}), reverse: options.reverse ?? false })) {
      yield { key: key.subarray(n), value };
    }
  }

  prefixIterator(prefix: Uint8Array, reverse = false): IterableIterator<KVEntry> {
    const end = prefixEnd(prefix);
    return this.iterator({ start: prefix, ...(end ? { end } : {}), reverse });
  }
}

export class PrefixStore extends PrefixReader implements KVStore {
  constructor(
    private readonly writable: KVStore,
    prefix: Uint8Array,
  ) {
    super(writable, prefix);
  }

  set(key: Uint8Array, value: Uint8Array): void {
    this.writable.set(concat(this.prefix, key), value);
  }

  delete(key: Uint8Array): void {
    this.writable.delete(concat(this.prefix, key));
  }
}

const modulePrefixes = new Map<string, Buffer>();

/**
 * Key prefix of a module's namespace. Module names never contain '/'. Made once per name (the
 * names are the modules' constants) and shared by every store of that module: never mutated.
 */
export function modulePrefix(moduleName: string): Buffer {
  let prefix = modulePrefixes.get(moduleName);
  if (prefix === undefined) {
    prefix = Buffer.from(`${moduleName}/`);
    modulePrefixes.set(moduleName, prefix);
  }
  return prefix;
}

/** How many names `modulePrefix` remembers (a test checks that queries add none). */
export function modulePrefixCount(): number {
  return modulePrefixes.size;
}

/** Read access to one module's namespace of the whole state. */
export function moduleReader(reader: StateReader, moduleName: string): KVReader {
  return new PrefixReader(reader, modulePrefix(moduleName));
}

/**
 * Read access to the namespace `name` names where the name comes from outside (an ABCI
 * `/store/<name>/key` query): its prefix is made for this read, not remembered with the modules'
 * own, which would let queries of made-up names grow that memo without end.
 */
export function namespaceReader(reader: StateReader, name: string): KVReader {
  return new PrefixReader(reader, Buffer.from(`${name}/`));
}

/** Read/write access to one module's namespace of the whole state. */
export function moduleStore(store: StateStore, moduleName: string): KVStore {
  return new PrefixStore(store, modulePrefix(moduleName));
}
