// ABCI socket server. CometBFT opens four connections (consensus, mempool, query, snapshot); each
// is an ordered request/response stream, answered strictly in request order. The server is
// agnostic of what the application does.
import net from "node:net";
import fs from "node:fs";
import { create, toBinary } from "@bufbuild/protobuf";
import type { Logger } from "pino";
import { ResponseSchema, type Request, type RequestCheckTx } from "../gen/tendermint/abci/types_pb.js";
import type { AbciApplication } from "./application.js";
import { dispatchEncoded } from "./dispatch.js";
import { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, FrameError, encodeFrame } from "./framing.js";
import { decodeRequest } from "./requestDecoding.js";

export interface AbciServerOptions {
  /** `tcp://host:port` or `unix:///path/to.sock`. */
  address: string;
  maxFrameBytes?: number;
  logger: Logger;
}

export class AbciServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private nextConnectionId = 1;

  constructor(
    private readonly app: AbciApplication,
    private readonly options: AbciServerOptions,
  ) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  /** Starts listening; resolves with the bound address (useful with port 0). */
  async listen(): Promise<string> {
    const target = parseAddress(this.options.address);
    if ("path" in target) await removeStaleSocket(target.path);
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      const done = () => {
        this.server.off("error", reject);
        // Later errors (e.g. EMFILE on accept) are logged, never fatal.
        this.server.on("error", (err) => this.options.logger.error({ err }, "abci server error"));
        resolve();
      };
      if ("path" in target) this.server.listen(target.path, done);
      else this.server.listen(target.port, target.host, done);
    });
    const bound = this.server.address();
    return typeof bound === "string" || bound === null ? this.options.address : `tcp://${bound.address}:${bound.port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: net.Socket): void {
    const id = this.nextConnectionId++;
    const log = this.options.logger.child({ conn: id });
    this.sockets.add(socket);
    socket.setNoDelay(true);
    log.debug({ remote: socket.remoteAddress }, "abci connection opened");

    const decoder = new FrameDecoder(this.options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
    const queue: Request[] = [];
    let running = false;
    let closed = false;

    const fail = (reason: string, err?: unknown) => {
      if (closed) return;
      closed = true;
      log.error({ err }, `closing abci connection: ${reason}`);
      socket.destroy();
    };

    // Requests are processed one at a time so responses leave in request order even when the
    // application answers asynchronously.
    const drain = async () => {
      if (running) return;
      running = true;
      // Responses are written in batches: at each Flush request (CometBFT sends one after every
      // batch of requests) and whenever the queue runs dry, rather than one socket write each.
      const pending: Buffer[] = [];
      const writePending = () => {
        if (pending.length > 0 && !closed) socket.write(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
        pending.length = 0;
      };
      try {
        while (queue.length > 0 && !closed) {
          const req = queue.shift()!;
          try {
            pending.push(encodeFrame(await dispatchEncoded(this.app, req)));
          } catch (err) {
            log.error({ err, request: req.value.case }, "abci handler failed");
            pending.push(encodeFrame(toBinary(ResponseSchema, exceptionResponse(errorMessage(err)))));
          }
          if (req.value.case === "flush" || queue.length === 0) writePending();
        }
      } finally {
        writePending();
        running = false;
      }
    };

    socket.on("data", (chunk: Buffer) => {
      if (closed) return;
      let frames: Buffer[];
      try {
        frames = decoder.push(chunk);
      } catch (err) {
        fail(err instanceof FrameError ? err.message : "framing error", err);
        return;
      }
      for (const frame of frames) {
        let req: Request;
        try {
          req = decodeRequest(frame);
        } catch (err) {
          fail("malformed request protobuf", err);
          return;
        }
        // A CheckTx that will wait for the ones before it: the app may start on it meanwhile.
        if (req.value.case === "checkTx" && (running || queue.length > 0)) this.announceQueued(req.value.value);
        queue.push(req);
      }
      void drain();
    });
    socket.on("error", (err) => log.warn({ err }, "abci socket error"));
    socket.on("close", () => {
      closed = true;
      this.sockets.delete(socket);
      log.debug("abci connection closed");
    });
  }

  /** Tells the app of a queued CheckTx; an app that throws there loses only the head start. */
  private announceQueued(req: RequestCheckTx): void {
    try {
      this.app.checkTxQueued?.(req);
    } catch (err) {
      this.options.logger.debug({ err }, "checkTxQueued failed");
    }
  }
}

function exceptionResponse(error: string) {
  return create(ResponseSchema, { value: { case: "exception", value: { error } } });
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Removes a unix socket file left by a dead process; refuses to steal one that is in use. */
async function removeStaleSocket(socketPath: string): Promise<void> {
  if (!fs.existsSync(socketPath)) return;
  const live = await new Promise<boolean>((resolve) => {
    const probe = net.connect(socketPath, () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
  if (live) throw new Error(`${socketPath} is in use by another process`);
  fs.rmSync(socketPath, { force: true });
}

export function parseAddress(address: string): { host: string; port: number } | { path: string } {
  if (address.startsWith("unix://")) return { path: address.slice("unix://".length) };
  const rest = address.startsWith("tcp://") ? address.slice("tcp://".length) : address;
  const colon = rest.lastIndexOf(":");
  const port = Number(rest.slice(colon + 1));
  if (colon < 0 || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`invalid ABCI listen address "${address}" (expected tcp://host:port or unix:///path)`);
  }
  return { host: rest.slice(0, colon) || "127.0.0.1", port };
}
