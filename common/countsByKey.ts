// Counts held per key (a client's connections, filters or listed log criteria), each key forgotten
// once its count is back to zero, so the map holds only the keys that hold something.

export class CountsByKey {
  private readonly counts = new Map<string, number>();

  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  add(key: string, n = 1): void {
    this.counts.set(key, this.get(key) + n);
  }

  /** Takes `n` back from `key` (never below zero). */
  remove(key: string, n = 1): void {
    const left = this.get(key) - n;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }

  /** Adds `n` to `key`; the returned release takes it back once, however often it is called. */
  hold(key: string, n = 1): () => void {
    this.add(key, n);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.remove(key, n);
    };
  }

  /** Keys holding something (tests). */
  get size(): number {
    return this.counts.size;
  }
}
