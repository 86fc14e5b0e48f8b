// The HTTP shell every API process runs on (common/http/httpProcess.ts), in a real child process:
// an error accepting a connection (EMFILE, ENFILE, ECONNRESET) costs that connection, not the process;
// a port taken at start-up still exits with a clear message; the connection limit holds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { REPO_ROOT } from "../common/node/paths.js";
import { freePort } from "./support/ports.js";

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "httpServerProcess.mjs");

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the fixture, with at most `maxFds` open files when given (Node itself uses about 20). */
function startServer(port: number, maxConnections: number, maxFds?: number): Server {
  const node = [process.execPath, FIXTURE, String(port), String(maxConnections)];
  const child = maxFds
    ? spawn("sh", ["-c", `ulimit -n ${maxFds} && exec "$0" "$@"`, ...node], { stdio: ["ignore", "pipe", "pipe"] })
    : spawn(node[0]!, node.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { child, output: () => output, exited };
}

async function until(what: string, cond: () => boolean, s: Server, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

async function get(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
  return res.text();
}

test("EMFILE, ENFILE and ECONNRESET on accept are logged and the server keeps serving", async () => {
  const port = await freePort();
  const s = startServer(port, 10_000, 64);
  try {
    await until("listening", () => s.output().includes("test server listening"), s);
    s.child.kill("SIGUSR2");
    await until("the errors handled", () => s.output().includes("emitted accept errors") || s.child.exitCode !== null, s);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(s.child.exitCode, null, `the process must survive accept errors; output:\n${s.output()}`);
    assert.match(s.output(), /test server: a connection could not be accepted \(EMFILE\); still serving/);
    assert.doesNotMatch(s.output(), /ENFILE|ECONNRESET/, "a burst logs one warning, not one per connection");
    assert.equal(await get(port), "ok");
    // A real shortage: more connections than the 64 descriptors allow. The process stays up and
    // answers once the clients let go.
    const sockets = await Promise.all(Array.from({ length: 100 }, () => connect(port).catch(() => undefined)));
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(s.child.exitCode, null, `output:\n${s.output()}`);
    for (const socket of sockets) socket?.destroy();
    let answer = "";
    await until(
      "an answer after the shortage",
      () => {
        if (answer === "ok") return true;
        void get(port).then(
          (a) => (answer = a),
          () => undefined,
        );
        return false;
      },
      s,
    );
  } finally {
    s.child.kill("SIGKILL");
    await s.exited;
  }
});

test("a port taken at start-up still exits 1 with a clear message", async () => {
  const blocker = net.createServer();
  const port = await new Promise<number>((resolve) => blocker.listen(0, "127.0.0.1", () => resolve((blocker.address() as net.AddressInfo).port)));
  try {
    const s = startServer(port, 100);
    assert.equal(await s.exited, 1);
    assert.match(s.output(), new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port} \\(port in use: is another node running\\?\\)`));
  } finally {
    blocker.close();
  }
});

test("connections beyond maxConnections are closed as they arrive, and the server serves on", async () => {
  const port = await freePort();
  const s = startServer(port, 5);
  try {
    await until("listening", () => s.output().includes("test server listening"), s);
    const sockets = await Promise.all(Array.from({ length: 8 }, () => connect(port)));
    const closed = new Set<net.Socket>();
    for (const socket of sockets) socket.on("close", () => closed.add(socket)).on("error", () => undefined);
    await until("the extra connections closed", () => closed.size >= 3, s, 5000);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(closed.size, 3, "the first five stay open");
    for (const socket of sockets) socket.destroy();
    await until("a free slot", () => closed.size === 8, s);
    assert.equal(await get(port), "ok");
    assert.equal(s.child.exitCode, null);
  } finally {
    s.child.kill("SIGKILL");
    await s.exited;
  }
});
