// Waiting for a process to be ready, and telling the user early when a port is already taken.
import net from "node:net";
import { DEFAULT_PORTS, networkOffsetProblem, shiftPorts } from "../common/node/ports.js";

export function isPortFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** The lowest offset handed out, and the first port of the kernel's ephemeral range on Linux. */
const MIN_OFFSET = 1_000;
const EPHEMERAL_PORTS_START = 32_768;

/**
 * A `--port-offset` (a multiple of 10, at least 1000) at which every default port of `validators`
 * validators (each +10 from the previous) is free, for tests and benchmarks that start whole nodes
 * next to each other. Every port stays below the ephemeral range, where an outgoing connection of
 * another process could take a port between this check and the node's bind (or its restart).
 */
export async function findFreePortOffset(attempts = 50, validators = 1): Promise<number> {
  const highest = Math.max(...Object.values(DEFAULT_PORTS)) + 10 * (validators - 1);
  const steps = Math.floor((EPHEMERAL_PORTS_START - 1 - highest - MIN_OFFSET) / 10) + 1;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const offset = MIN_OFFSET + 10 * Math.floor(Math.random() * steps);
    // Validator i of a network at this offset uses every port + 10·i.
    if (networkOffsetProblem(offset, validators) !== undefined) continue;
    const ports = Array.from({ length: validators }, (_, i) => Object.values(shiftPorts(offset + 10 * i))).flat();
    const free = await Promise.all(ports.map((port) => isPortFree(port)));
    if (free.every(Boolean)) return offset;
  }
  throw new Error(`no free port offset found in ${attempts} attempts`);
}

/** Throws naming every port in `ports` that something else already listens on. */
export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  const taken: string[] = [];
  for (const [what, port] of Object.entries(ports)) if (!(await isPortFree(port))) taken.push(`${port} (${what})`);
  if (taken.length > 0)
    throw new Error(`port${taken.length > 1 ? "s" : ""} already in use: ${taken.join(", ")}; is another node running? Stop it or choose other ports.`);
}

export function canConnect(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Polls `check` until it is true; throws after `timeoutMs` or as soon as `abort` settles (a process exited or a stop was requested). */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, abort?: Promise<unknown>, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let aborted = false;
  // Settling either way aborts; a rejecting abort promise must not surface as unhandled.
  void abort?.then(
    () => (aborted = true),
    () => (aborted = true),
  );
  while (!(await check())) {
    if (aborted) throw new Error(`stopped waiting for ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
