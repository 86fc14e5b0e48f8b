// The gateway's side of the app's gRPC server: a grpc-js channel for reflection (the route table)
// and for watching the connection, and unary calls with raw bytes over our own HTTP/2 connection
// (Http2UnaryClient: a fraction of grpc-js's CPU per call, and every REST request makes one). The
// app may be down when the gateway starts or go away later; the gateway keeps answering (503) and
// reconnects, and it reloads the routes every time the channel comes back, so an app restarted
// with new services is described correctly.
import { connectivityState, type ServiceError } from "@grpc/grpc-js";
import type { FileRegistry } from "@bufbuild/protobuf";
import type { Logger } from "pino";
import { NodeGrpcClient } from "../../common/grpc/client.js";
import { Http2UnaryClient } from "../../common/grpc/http2UnaryClient.js";
import { fetchServedDescriptors, fetchTypeDescriptors } from "./reflectionClient.js";
import { RouteTable } from "./routes.js";

export interface RouteSnapshot {
  table: RouteTable;
  /** Grows as types only seen inside an Any are learned (see learnType). */
  registry: FileRegistry;
  /** Fully-qualified names of the services the app serves. */
  services: string[];
}

export interface CallAnswer {
  bytes: Uint8Array;
  /** The height the app answered at (its `x-cosmos-block-height` metadata); 0 if it sent none. */
  height: number;
}

/** What the HTTP server needs from the backend; tests may substitute their own. */
export interface RestBackend {
  /** The current routes, or undefined until they have been loaded once. */
  snapshot(): RouteSnapshot | undefined;
  /** Why there are no routes yet, for the 503 message. */
  unavailableReason(): string;
  call(grpcPath: string, request: Uint8Array, height: number | undefined, timeoutMs: number): Promise<CallAnswer>;
  /** Adds the descriptors of `typeName` to the snapshot's registry; false when the app does not know it. */
  learnType(typeName: string): Promise<boolean>;
}

export interface GrpcBackendOptions {
  /** `host:port` of the app's gRPC server. */
  address: string;
  logger: Logger;
  /** Largest response accepted from the app. */
  maxResponseBytes?: number;
}

const RELOAD_RETRY_MS = 1000;
const REFLECTION_TIMEOUT_MS = 10_000;

export class GrpcBackend implements RestBackend {
  private readonly grpc: NodeGrpcClient;
  private readonly calls: Http2UnaryClient;
  private readonly logger: Logger;
  private current: RouteSnapshot | undefined;
  private lastError = "not connected yet";
  private loading = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  /** One lookup per type at a time, however many requests need it. */
  private readonly learning = new Map<string, Promise<boolean>>();
  /** Resolves once the first route table is in place. */
  readonly firstLoad: Promise<void>;
  private firstLoaded!: () => void;

  constructor(private readonly options: GrpcBackendOptions) {
    this.logger = options.logger;
    const maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024;
    this.grpc = new NodeGrpcClient(options.address, {
      // Come back quickly after an app restart instead of grpc-js's default of up to two minutes.
      "grpc.initial_reconnect_backoff_ms": 200,
      "grpc.max_reconnect_backoff_ms": 2000,
      "grpc.max_receive_message_length": maxResponseBytes,
    });
    this.calls = new Http2UnaryClient(options.address, { maxReceiveBytes: maxResponseBytes });
    this.firstLoad = new Promise((resolve) => (this.firstLoaded = resolve));
  }

  /** Loads the routes (retrying until the app answers) and watches the channel for reconnects. */
  start(): void {
    void this.reload();
    this.watchChannel(this.grpc.client.getChannel().getConnectivityState(true));
  }

  snapshot(): RouteSnapshot | undefined {
    return this.current;
  }

  unavailableReason(): string {
    return `the app's gRPC server at ${this.options.address} has not been reached yet (${this.lastError}); retrying`;
  }

  async call(grpcPath: string, request: Uint8Array, height: number | undefined, timeoutMs: number): Promise<CallAnswer> {
    const { response, height: answeredAt } = await this.calls.unary(grpcPath, request, { ...(height !== undefined ? { height } : {}), timeoutMs });
    return { bytes: response, height: answeredAt };
  }

  learnType(typeName: string): Promise<boolean> {
    let pending = this.learning.get(typeName);
    if (!pending) {
      pending = this.fetchType(typeName).finally(() => this.learning.delete(typeName));
      this.learning.set(typeName, pending);
    }
    return pending;
  }

  private async fetchType(typeName: string): Promise<boolean> {
    const snapshot = this.current;
    if (!snapshot) return false;
    if (snapshot.registry.getMessage(typeName)) return true;
    const merged = await fetchTypeDescriptors(this.grpc.client, typeName, snapshot.registry, REFLECTION_TIMEOUT_MS);
    if (!merged) return false;
    snapshot.registry = merged;
    this.logger.debug({ typeName }, "learned a type from the app");
    return true;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.grpc.close();
    this.calls.close();
  }

  private async reload(): Promise<void> {
    if (this.loading || this.closed) return;
    this.loading = true;
    try {
      const { registry, services } = await fetchServedDescriptors(this.grpc.client, REFLECTION_TIMEOUT_MS);
      const table = new RouteTable(services);
      for (const s of table.skipped)
        this.logger[s.kind === "shadowed" ? "info" : "warn"]({ method: s.grpcPath, template: s.template }, `route not mounted: ${s.reason}`);
      const names = services.map((s) => s.typeName);
      const changed = !this.current || this.current.services.join() !== names.join() || this.current.table.routes.length !== table.routes.length;
      this.current = { table, registry, services: names };
      if (changed)
        this.logger.info({ routes: table.routes.length, services: names.length }, `loaded ${table.routes.length} routes from ${names.length} services`);
      this.firstLoaded();
    } catch (err) {
      this.lastError = (err as ServiceError).details || (err as Error).message;
      this.logger.debug({ err: this.lastError }, "cannot load routes from the app yet");
      if (!this.closed) {
        this.retryTimer = setTimeout(() => void this.reload(), RELOAD_RETRY_MS);
        this.retryTimer.unref();
      }
    } finally {
      this.loading = false;
    }
  }

  /** Reloads the routes whenever the channel becomes ready again after being down. */
  private watchChannel(state: connectivityState): void {
    if (this.closed) return;
    const channel = this.grpc.client.getChannel();
    channel.watchConnectivityState(state, Infinity, () => {
      if (this.closed) return;
      const next = channel.getConnectivityState(false);
      if (next === connectivityState.READY && state !== connectivityState.READY && this.current) {
        this.logger.info("reconnected to the app: reloading routes");
        void this.reload();
      }
      if (next === connectivityState.TRANSIENT_FAILURE && state === connectivityState.READY)
        this.logger.warn(`lost the app's gRPC server at ${this.options.address}; answering 503 until it is back`);
      this.watchChannel(next);
    });
  }
}
