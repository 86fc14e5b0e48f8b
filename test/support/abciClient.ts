// A minimal raw-socket ABCI client for tests: sends Request frames, collects Response frames.
import net from "node:net";
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { RequestSchema, ResponseSchema, type Response } from "../../gen/tendermint/abci/types_pb.js";
import { FrameDecoder, encodeFrame } from "../../abci/framing.js";

export type RequestInit = MessageInitShape<typeof RequestSchema>;

export function requestFrame(req: RequestInit): Buffer {
  return encodeFrame(toBinary(RequestSchema, create(RequestSchema, req)));
}

export class RawAbciClient {
  readonly responses: Response[] = [];
  private readonly decoder = new FrameDecoder();
  private waiters: Array<() => void> = [];
  closed = false;

  private constructor(readonly socket: net.Socket) {
    socket.on("data", (chunk) => {
      for (const frame of this.decoder.push(chunk)) this.responses.push(fromBinary(ResponseSchema, frame));
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    socket.on("error", () => {});
  }

  static connect(port: number, host = "127.0.0.1"): Promise<RawAbciClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => resolve(new RawAbciClient(socket)));
      socket.once("error", reject);
    });
  }

  write(bytes: Uint8Array): void {
    this.socket.write(bytes);
  }

  send(...reqs: RequestInit[]): void {
    this.write(Buffer.concat(reqs.map(requestFrame)));
  }

  /** Waits until `count` responses arrived in total, or the socket closed, or the timeout passed. */
  async waitFor(count: number, timeoutMs = 5000): Promise<Response[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.responses.length < count && !this.closed) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${count} responses (have ${this.responses.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.responses;
  }

  async waitClosed(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error("socket did not close");
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
