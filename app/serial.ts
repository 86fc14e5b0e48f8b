// Runs async tasks one at a time. The consensus and mempool connections both touch app state;
// async handlers (the EVM) could otherwise interleave at await points.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
