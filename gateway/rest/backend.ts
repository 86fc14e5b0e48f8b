// The gateway's side of the app's gRPC server: one channel, the route table learned from it by
// reflection, and unary calls with raw bytes. The app may be down when the gateway starts or go
// away later; the gateway keeps answering (503) and reconnects, and it reloads the routes every
// time the channel comes back, so an app restarted with new services is described correctly.
import { Client, connectivityState, credentials, Metadata, type ServiceError } from "@grpc/grpc-js";
import type { FileRegistry } from "@bufbuild/protobuf";
import type { Logger } from "pino";
import { HEIGHT_METADATA_KEY } from "../../app/grpc/height.js";
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
  /** The height the app answered at (from its `x-cosmos-block-height` metadata), if it said. */
  height: string | undefined;
}

/** What the HTTP server needs from the backend; tests may substitute their own. */
export interface RestBackend {
  /** The current routes, or undefined until they have been loaded once. */
  snapshot(): RouteSnapshot | undefined;
  /** Why there are no routes yet, for the 503 message. */
  unavailableReason(): string;
  call(grpcPath: string, request: Uint8Array, height: string | undefined, timeoutMs: number): Promise<CallAnswer>;
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

const passThrough = (b: Buffer) => b;
const RELOAD_RETRY_MS = 1000;
const REFLECTION_TIMEOUT_MS = 10_000;

export class GrpcBackend implements RestBackend {
  private readonly client: Client;
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
    this.client = new Client(options.address, credentials.createInsecure(), {
      // Come back quickly after an app restart instead of grpc-js's default of up to two minutes.
      "grpc.initial_reconnect_backoff_ms": 200,
      "grpc.max_reconnect_backoff_ms": 2000,
      "grpc.max_receive_message_length": options.maxResponseBytes ?? 16 * 1024 * 1024,
    });
    this.firstLoad = new Promise((resolve) => (this.firstLoaded = resolve));
  }

  /** Loads the routes (retrying until the app answers) and watches the channel for reconnects. */
  start(): void {
    void this.reload();
    this.watchChannel(this.client.getChannel().getConnectivityState(true));
  }

  snapshot(): RouteSnapshot | undefined {
    return this.current;
  }

  unavailableReason(): string {
    return `the app's gRPC server at ${this.options.address} has not been reached yet (${this.lastError}); retrying`;
  }

  call(grpcPath: string, request: Uint8Array, height: string | undefined, timeoutMs: number): Promise<CallAnswer> {
    const metadata = new Metadata();
    if (height !== undefined) metadata.set(HEIGHT_METADATA_KEY, height);
    return new Promise((resolve, reject) => {
      let answeredAt: string | undefined;
      const call = this.client.makeUnaryRequest(grpcPath, passThrough, passThrough, Buffer.from(request), metadata, { deadline: new Date(Date.now() + timeoutMs) }, (err: ServiceError | null, response?: Buffer) => {
        if (err) return reject(err);
        resolve({ bytes: new Uint8Array(response ?? []), height: answeredAt });
      });
      call.on("metadata", (md: Metadata) => {
        const value = md.get(HEIGHT_METADATA_KEY)[0];
        if (value !== undefined) answeredAt = String(value);
      });
    });
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
    const merged = await fetchTypeDescriptors(this.client, typeName, snapshot.registry, REFLECTION_TIMEOUT_MS);
    if (!merged) return false;
    snapshot.registry = merged;
    this.logger.debug({ typeName }, "learned a type from the app");
    return true;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.client.close();
  }

  private async reload(): Promise<void> {
    if (this.loading || this.closed) return;
    this.loading = true;
    try {
      const { registry, services } = await fetchServedDescriptors(this.client, REFLECTION_TIMEOUT_MS);
      const table = new RouteTable(services);
      for (const s of table.skipped) this.logger[s.kind === "shadowed" ? "info" : "warn"]({ method: s.grpcPath, template: s.template }, `route not mounted: ${s.reason}`);
      const names = services.map((s) => s.typeName);
      const changed = !this.current || this.current.services.join() !== names.join() || this.current.table.routes.length !== table.routes.length;
      this.current = { table, registry, services: names };
      if (changed) this.logger.info({ routes: table.routes.length, services: names.length }, `loaded ${table.routes.length} routes from ${names.length} services`);
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
    const channel = this.client.getChannel();
    channel.watchConnectivityState(state, Infinity, () => {
      if (this.closed) return;
      const next = channel.getConnectivityState(false);
      if (next === connectivityState.READY && state !== connectivityState.READY && this.current) {
        this.logger.info("reconnected to the app: reloading routes");
        void this.reload();
      }
      if (next === connectivityState.TRANSIENT_FAILURE && state === connectivityState.READY) this.logger.warn(`lost the app's gRPC server at ${this.options.address}; answering 503 until it is back`);
      this.watchChannel(next);
    });
  }
}
