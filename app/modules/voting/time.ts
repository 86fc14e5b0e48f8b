// Block-time arithmetic on protobuf Timestamps and Durations in integer nanoseconds, so every
// validator compares deadlines exactly alike. (gov has the same helpers; a module may not import
// another's files.)
import type { Duration, Timestamp } from "@bufbuild/protobuf/wkt";

const NANOS = 1_000_000_000n;
/** 9999-12-31T23:59:59Z, the last second RFC 3339 (and proto-JSON) can write. */
const MAX_SECONDS = 253_402_300_799n;

export function timestampNanos(ts: Timestamp): bigint {
  return ts.seconds * NANOS + BigInt(ts.nanos);
}

export function durationNanos(d: Duration): bigint {
  return d.seconds * NANOS + BigInt(d.nanos);
}

/** A Timestamp proto-JSON can write: 1970 to 9999, nanos in [0, 1e9). */
export function isWellFormedTimestamp(ts: Timestamp): boolean {
  return ts.seconds >= 0n && ts.seconds <= MAX_SECONDS && ts.nanos >= 0 && ts.nanos < 1_000_000_000;
}

/** A Duration as the text proto-JSON writes ("30s", "1.5s"), for error messages. */
export function formatNanos(nanos: bigint): string {
  const whole = nanos / NANOS;
  const frac = nanos % NANOS;
  return frac === 0n ? `${whole}s` : `${whole}.${frac.toString().padStart(9, "0").replace(/0+$/, "")}s`;
}
