// The values storage slots held before the running tx: SSTORE's gas depends on them (EIP-2200's
// "original value"). The VM reads a slot's here before its first write in a tx and clears this at
// each tx's start; the state manager clears it whenever its pending writes go.
import type { Address } from "@ethereumjs/util";

export class OriginalStorage {
  private values = new Map<string, Uint8Array>();

  constructor(private readonly read: (address: Address, key: Uint8Array) => Promise<Uint8Array>) {}

  async get(address: Address, key: Uint8Array): Promise<Uint8Array> {
    // The address is 20 bytes, so its hex and the key's never run into each other.
    const id = Buffer.from(address.bytes).toString("hex") + Buffer.from(key).toString("hex");
    const known = this.values.get(id);
    if (known !== undefined) return known;
    const value = await this.read(address, key);
    // The first read of a slot stands, even if another finished while this one waited.
    if (!this.values.has(id)) this.values.set(id, value);
    return value;
  }

  clear(): void {
    this.values = new Map();
  }
}
