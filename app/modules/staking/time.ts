// Block-time arithmetic on protobuf Timestamps and Durations: integers only, no wall clock.
import { create } from "@bufbuild/protobuf";
import { TimestampSchema, type Duration, type Timestamp } from "@bufbuild/protobuf/wkt";

const NANOS_PER_SECOND = 1_000_000_000;

/** `time` + `duration`, normalised so 0 <= nanos < 10^9. */
export function addDuration(time: Timestamp, duration: Duration): Timestamp {
  let seconds = time.seconds + duration.seconds;
  let nanos = time.nanos + duration.nanos;
  if (nanos >= NANOS_PER_SECOND) {
    seconds += 1n;
    nanos -= NANOS_PER_SECOND;
  } else if (nanos < 0) {
    seconds -= 1n;
    nanos += NANOS_PER_SECOND;
  }
  return create(TimestampSchema, { seconds, nanos });
}

type Instant = Pick<Timestamp, "seconds" | "nanos">;

/** Negative when a < b, zero when equal, positive when a > b. */
export function compareTime(a: Instant, b: Instant): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return a.nanos - b.nanos;
}

/** Go's time.RFC3339 layout, as the SDK prints completion_time in events: whole seconds, UTC "Z". */
export function formatRfc3339(time: Timestamp): string {
  return new Date(Number(time.seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}
