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
