// The frames one end of a connection writes: what one turn of the event loop queues goes out in
// one socket write. A peer that stops reading while it keeps making us answer (PINGs, SETTINGS,
// answers) is let go once too much waits unsent.
import type net from "node:net";

/** Octets queued for the socket past which a peer that does not read is dropped. */
export const MAX_UNSENT_BYTES = 16 * 1024 * 1024;

export class Outbox {
  private frames: Buffer[] = [];
  private flushScheduled = false;
  private closed = false;

  constructor(
    private readonly socket: net.Socket,
    /** Called (once the write is refused) when the peer left more than MAX_UNSENT_BYTES unread. */
    private readonly onOverflow: (message: string) => void,
    private readonly peer: "client" | "server",
  ) {}

  /** Queues bytes for this turn's write; dropped once the outbox is closed. */
  send(bytes: Buffer): void {
    if (this.closed) return;
    this.frames.push(bytes);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    process.nextTick(() => this.flush());
  }

  /** Writes what is queued now. */
  flush(): void {
    this.flushScheduled = false;
    if (this.closed || this.frames.length === 0) return;
    const out = this.frames.length === 1 ? this.frames[0]! : Buffer.concat(this.frames);
    this.frames = [];
    if (this.socket.writableLength > MAX_UNSENT_BYTES) return this.onOverflow(`the ${this.peer} left more than ${MAX_UNSENT_BYTES} octets unread`);
    this.socket.write(out);
  }

  /** Drops what is queued and anything sent later. */
  close(): void {
    this.closed = true;
    this.frames = [];
  }

  /**
   * Closes the outbox and the connection: a farewell frame (GOAWAY) is written first and the socket
   * ended, destroyed a second later if the peer does not close its side; without one, at once.
   */
  closeConnection(farewell?: Buffer): void {
    this.close();
    if (farewell && !this.socket.destroyed) {
      this.socket.end(farewell);
      setTimeout(() => this.socket.destroy(), 1000).unref();
    } else this.socket.destroy();
  }
}
