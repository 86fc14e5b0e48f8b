// The times of `unitd tx voting create-election --start/--end`: an RFC 3339 time, or "+" and a
// duration from now ("+90s", "+5m", "+1h30m"), both read on the client: the chain only ever sees
// the resulting Timestamps and compares them with block time.
import { UsageError } from "./cliArgs.js";

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const RELATIVE = /^\+(?:(\d{1,6})d)?(?:(\d{1,6})h)?(?:(\d{1,7})m)?(?:(\d{1,9})s)?$/;

/** Milliseconds since the epoch for `text`; `nowMs` is what "+duration" counts from. */
export function electionTimeArg(flag: string, text: string, nowMs: number): number {
  const relative = RELATIVE.exec(text);
  if (relative && text !== "+") {
    const [d, h, m, s] = relative.slice(1).map((part) => Number(part ?? 0));
    return nowMs + (((d! * 24 + h!) * 60 + m!) * 60 + s!) * 1000;
  }
  if (RFC3339.test(text)) {
    const ms = Date.parse(text);
    if (Number.isFinite(ms)) return ms;
  }
  throw new UsageError(`${flag} expects an RFC 3339 time (2026-05-01T12:00:00Z) or +duration from now (+90s, +5m, +1h30m), got "${text.slice(0, 80)}"`);
}
