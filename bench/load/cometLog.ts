// Timings read back from a CometBFT log (the plain format the generated config.toml asks for:
// `I[2026-11-24|14:35:01.123] message key=value ...`).
import fs from "node:fs";

interface LogLine {
  /** The time stamp in ms (local time, for differences and for comparing with Date.now()). */
  ms: number;
  /** The message and its key=value pairs. */
  text: string;
}

function readLog(logFile: string): LogLine[] | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(logFile, "utf8").split("\n");
  } catch {
    return undefined;
  }
  const out: LogLine[] = [];
  for (const line of lines) {
    const m = /^[A-Z]\[(\d{4})-(\d{2})-(\d{2})\|(\d{2}):(\d{2}):(\d{2})\.(\d{3})\] (.*)$/.exec(line);
    if (!m) continue;
    const [y, mo, d, h, mi, s, ms] = m.slice(1, 8).map(Number);
    out.push({ ms: new Date(y!, mo! - 1, d!, h!, mi!, s!, ms!).getTime(), text: m[8]! });
  }
  return out;
}

/**
 * How long CometBFT's ABCI handshake took on a fresh chain: from asking the app's Info to
 * "Completed ABCI Handshake", which on a chain at height 0 is InitChain with the whole genesis
 * (the request sent, the app's work, the answer) and saving the resulting state.
 */
export function handshakeMs(logFile: string): number | undefined {
  const lines = readLog(logFile) ?? [];
  const from = lines.find((l) => l.text.startsWith("ABCI Handshake App Info"))?.ms;
  const to = lines.find((l) => l.text.startsWith("Completed ABCI Handshake"))?.ms;
  return from !== undefined && to !== undefined ? to - from : undefined;
}

/** When a block went through the three steps CometBFT logs at info level, in ms (local time). */
export interface BlockSteps {
  height: number;
  txs: number;
  /** "finalizing commit of block": the block is decided; FinalizeBlock is sent next. */
  decidedMs: number;
  /** "executed block": FinalizeBlock answered (and its results saved). */
  executedMs?: number;
  /** "committed state": the app's Commit answered and the mempool updated and rechecked. */
  committedMs?: number;
}

/** Every block's steps in the log, in height order. */
export function blockSteps(logFile: string): BlockSteps[] {
  const out: BlockSteps[] = [];
  const byHeight = new Map<number, BlockSteps>();
  for (const { ms, text } of readLog(logFile) ?? []) {
    const height = Number(/ height=(\d+)/.exec(text)?.[1]);
    if (!Number.isSafeInteger(height)) continue;
    if (text.startsWith("finalizing commit of block")) {
      const steps: BlockSteps = { height, txs: Number(/ num_txs=(\d+)/.exec(text)?.[1] ?? 0), decidedMs: ms };
      byHeight.set(height, steps);
      out.push(steps);
    } else if (text.startsWith("executed block")) {
      const steps = byHeight.get(height);
      if (steps) steps.executedMs = ms;
    } else if (text.startsWith("committed state")) {
      const steps = byHeight.get(height);
      if (steps) steps.committedMs = ms;
    }
  }
  return out;
}
