// Gas: every tx carries a limit, and every store access and signature check consumes from it.
// The costs are the Cosmos SDK's defaults so that gas estimates made for SDK chains fit here too.
import { sdkErrors } from "../../common/errors.js";
import type { IteratorOptions, KVEntry, KVStore, StateStore } from "../store/types.js";

/** The SDK's default KV gas config (store/types/gas.go). */
export const KV_GAS = {
  hasCost: 1000n,
  deleteCost: 1000n,
  readCostFlat: 1000n,
  readCostPerByte: 3n,
  writeCostFlat: 2000n,
  writeCostPerByte: 30n,
  iterNextCostFlat: 30n,
} as const;

export class GasMeter {
  private used = 0n;

  constructor(readonly limit: bigint) {}

  get consumed(): bigint {
    return this.used;
  }

  /** Adds `amount`; past the limit the tx fails with the SDK's out-of-gas error. */
  consume(amount: bigint, descriptor: string): void {
    this.used += amount;
    if (this.used > this.limit) {
      throw sdkErrors.outOfGas.wrap(`out of gas in location: ${descriptor}; gasWanted: ${this.limit}, gasUsed: ${this.used}`);
    }
  }
}

/** A store view that charges the tx's gas meter for every access before making it. */
export class GasKVStore implements StateStore {
  readonly wholeState = true;
  constructor(
    private readonly inner: KVStore,
    private readonly meter: GasMeter,
  ) {}

  get(key: Uint8Array): Uint8Array | undefined {
    this.meter.consume(KV_GAS.readCostFlat, "ReadFlat");
    const value = this.inner.get(key);
    this.meter.consume(KV_GAS.readCostPerByte * BigInt(key.length + (value?.length ?? 0)), "ReadPerByte");
    return value;
  }

  has(key: Uint8Array): boolean {
    this.meter.consume(KV_GAS.hasCost, "Has");
    return this.inner.has(key);
  }

  set(key: Uint8Array, value: Uint8Array): void {
    this.meter.consume(KV_GAS.writeCostFlat, "WriteFlat");
    this.meter.consume(KV_GAS.writeCostPerByte * BigInt(key.length + value.length), "WritePerByte");
    this.inner.set(key, value);
  }

  delete(key: Uint8Array): void {
    this.meter.consume(KV_GAS.deleteCost, "Delete");
    this.inner.delete(key);
  }

  iterator(options?: IteratorOptions): IterableIterator<KVEntry> {
    return this.metered(this.inner.iterator(options));
  }

  prefixIterator(prefix: Uint8Array, reverse?: boolean): IterableIterator<KVEntry> {
    return this.metered(this.inner.prefixIterator(prefix, reverse));
  }

  /** Charges each step of an iteration as the SDK's gas iterator does. */
  private *metered(entries: IterableIterator<KVEntry>): IterableIterator<KVEntry> {
    for (const entry of entries) {
      this.meter.consume(KV_GAS.iterNextCostFlat, "IterNextFlat");
      this.meter.consume(KV_GAS.readCostPerByte * BigInt(entry.key.length + entry.value.length), "ValuePerByte");
      yield entry;
    }
  }
}
