// Timings read back from a CometBFT log (the plain format the generated config.toml asks for:
// `I[2026-11-24|14:35:01.123] message key=value ...`).
import fs from "node:fs";

/** The time stamp of the first line whose message starts with `message`, in ms (local time, for differences only). */
function stampOf(lines: readonly string[], message: string): number | undefined {
  for (const line of lines) {
    const m = /^[A-Z]\[(\d{4})-(\d{2})-(\d{2})\|(\d{2}):(\d{2}):(\d{2})\.(\d{3})\] (.*)$/.exec(line);
    if (m && m[8]!.startsWith(message)) {
      const [y, mo, d, h, mi, s, ms] = m.slice(1, 8).map(Number);
      return new Date(y!, mo! - 1, d!, h!, mi!, s!, ms!).getTime();
    }
  }
  return undefined;
}

/**
 * How long CometBFT's ABCI handshake took on a fresh chain: from asking the app's Info to
 * "Completed ABCI Handshake", which on a chain at height 0 is InitChain with the whole genesis
 * (the request sent, the app's work, the answer) and saving the resulting state.
 */
export function handshakeMs(logFile: string): number | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(logFile, "utf8").split("\n");
  } catch {
    return undefined;
  }
  const from = stampOf(lines, "ABCI Handshake App Info");
  const to = stampOf(lines, "Completed ABCI Handshake");
  return from !== undefined && to !== undefined ? to - from : undefined;
}
