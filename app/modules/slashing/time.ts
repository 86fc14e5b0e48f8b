// Block-time arithmetic on protobuf Timestamps and Durations, in integer nanoseconds: jail
// deadlines must be exact and identical on every validator.
import { create } from "@bufbuild/protobuf";
import { TimestampSchema, type Duration, type Timestamp } from "@bufbuild/protobuf/wkt";

const NANOS = 1_000_000_000n;

/** The Unix epoch: the jailed_until of a validator that was never jailed (the SDK's time.Unix(0, 0)). */
export const NEVER_JAILED: Timestamp = create(TimestampSchema, { seconds: 0n, nanos: 0 });

export function timestampNanos(ts: Pick<Timestamp, "seconds" | "nanos">): bigint {
  return ts.seconds * NANOS + BigInt(ts.nanos);
}

export function durationNanos(d: Pick<Duration, "seconds" | "nanos">): bigint {
  return d.seconds * NANOS + BigInt(d.nanos);
}

export function addDuration(ts: Timestamp, d: Duration): Timestamp {
  const total = timestampNanos(ts) + durationNanos(d);
  const seconds = total >= 0n ? total / NANOS : -((-total + NANOS - 1n) / NANOS);
  return create(TimestampSchema, { seconds, nanos: Number(total - seconds * NANOS) });
}

/** Go's time.Before: a strictly earlier instant. */
export function isBefore(a: Timestamp, b: Timestamp): boolean {
  return timestampNanos(a) < timestampNanos(b);
}

/** RFC 3339 in UTC with the fraction only when there is one, as Go prints a time in messages. */
export function formatTime(ts: Timestamp): string {
  const whole = new Date(Number(ts.seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, "");
  const frac = ts.nanos === 0 ? "" : `.${ts.nanos.toString().padStart(9, "0").replace(/0+$/, "")}`;
  return `${whole}${frac}Z`;
}
