// The last value decoded from a record that is read far more often than it changes (a module's
// params, read by every tx): decoded again only when the stored bytes differ from the last ones.
// The result is a function of the bytes, so the reuse changes nothing but the time; the value is
// frozen because every reader shares it.
export class LastDecoded<T> {
  private last: { raw: Buffer; value: T } | undefined;

  /**
   * A writer that has the value of the bytes it just stored hands it over, so the next read of
   * those bytes decodes nothing. `value` must be what decoding `raw` gives.
   */
  remember(raw: Uint8Array, value: T): void {
    if (value !== null && typeof value === "object") Object.freeze(value);
    this.last = { raw: Buffer.from(raw), value };
  }

  get(raw: Uint8Array, decode: () => T): T {
    const last = this.last;
    if (last && last.raw.equals(raw)) return last.value;
    const value = decode();
    if (value !== null && typeof value === "object") Object.freeze(value);
    this.last = { raw: Buffer.from(raw), value };
    return value;
  }
}
