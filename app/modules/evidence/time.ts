// Block-time arithmetic for evidence ages, in integer nanoseconds, and the end of a double
// signer's jail.
import { create } from "@bufbuild/protobuf";
import { TimestampSchema, type Duration, type Timestamp } from "@bufbuild/protobuf/wkt";

const NANOS = 1_000_000_000n;

/** The SDK's DoubleSignJailEndTime: 9999-12-31T23:59:59Z, jailed for good. */
export const DOUBLE_SIGN_JAIL_END_TIME: Timestamp = create(TimestampSchema, { seconds: 253_402_300_799n, nanos: 0 });

export function timestampNanos(ts: Pick<Timestamp, "seconds" | "nanos">): bigint {
  return ts.seconds * NANOS + BigInt(ts.nanos);
}

export function durationNanos(d: Pick<Duration, "seconds" | "nanos">): bigint {
  return d.seconds * NANOS + BigInt(d.nanos);
}
