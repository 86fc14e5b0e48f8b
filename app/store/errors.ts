/** Thrown when reading a height that was never committed or has been pruned. */
export class HeightNotAvailableError extends Error {
  override readonly name = "HeightNotAvailableError";

  constructor(
    readonly height: number,
    /** Earliest readable height, or 0 when nothing is committed. */
    readonly earliest: number,
    /** Latest committed height, or 0 when nothing is committed. */
    readonly latest: number,
  ) {
    super(
      latest === 0
        ? `height ${height} is not available: nothing has been committed yet`
        : `height ${height} is not available: readable heights are ${earliest}..${latest}`,
    );
  }
}

/** Throws HeightNotAvailableError unless `height` can be read: 0 before anything is committed, else earliest..latest. */
export function assertReadableHeight(height: number, earliest: number, latest: number): void {
  const readable = Number.isSafeInteger(height) && (latest === 0 ? height === 0 : height >= earliest && height <= latest);
  if (!readable) throw new HeightNotAvailableError(height, earliest, latest);
}
