// Block-time arithmetic on protobuf Timestamps and Durations, in integer nanoseconds: deadlines
// must be exact and identical on every validator.
import { create } from "@bufbuild/protobuf";
import { TimestampSchema, type Duration, type Timestamp } from "@bufbuild/protobuf/wkt";

const NANOS = 1_000_000_000n;

export function timestampNanos(ts: Timestamp): bigint {
  return ts.seconds * NANOS + BigInt(ts.nanos);
}

export function durationNanos(d: Duration): bigint {
  return d.seconds * NANOS + BigInt(d.nanos);
}

export function timestampFromNanos(nanos: bigint): Timestamp {
  const seconds = nanos >= 0n ? nanos / NANOS : -((-nanos + NANOS - 1n) / NANOS);
  return create(TimestampSchema, { seconds, nanos: Number(nanos - seconds * NANOS) });
}

export function addDurationNanos(ts: Timestamp, nanos: bigint): Timestamp {
  return timestampFromNanos(timestampNanos(ts) + nanos);
}
