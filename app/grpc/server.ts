// The app's gRPC server (port 9090): every QueryServices service, the node services, and server
// reflection, all plaintext, on the node's own HTTP/2 server (common/grpc/grpcServer.ts). Methods
// are found by the protobuf-es descriptors' paths, with bytes passed through untouched: the
// handlers decode and encode with the same descriptors, so no method needs code of its own here.
//
// Per method path: a NodeServices method is served from there, else a QueryServices method from
// there (see nodeServices.ts for why one service may be split). Paths neither implements answer
// UNIMPLEMENTED.
import type { DescMessage, DescMethod, DescService } from "@bufbuild/protobuf";
import { GrpcHttp2Server } from "../../common/grpc/grpcServer.js";
import type { Logger } from "pino";
import type { QueryServices } from "../query/service.js";
import type { CommittedState } from "../query/committedView.js";
import { InProcessExecutor, type QueryExecutor } from "../query/executor.js";
import type { NodeServices } from "./nodeServices.js";
import { DescriptorIndex } from "./reflection/descriptorIndex.js";
import { REFLECTION_SERVICES, reflectionHandler } from "./reflection/reflectionService.js";
import { nodeHandler, queryHandler } from "./unaryHandlers.js";

/** Largest request message accepted (a tx for BroadcastTx is the biggest legitimate one). */
export const DEFAULT_MAX_REQUEST_BYTES = 4 * 1024 * 1024;

export interface GrpcServerOptions {
  queries: QueryServices;
  nodeServices?: NodeServices;
  /** Committed state for queries; the app's Store. */
  state: CommittedState;
  /** Where query methods run; default: in this thread, over `state`. */
  executor?: QueryExecutor;
  logger: Logger;
  maxRequestBytes?: number;
  /** Types found only inside an Any (Msgs, accounts, keys): reflection describes them too. */
  anyTypes?: readonly DescMessage[];
}

/** The listen address could not be bound; `addressInUse` tells the usual cause apart. */
export class GrpcListenError extends Error {
  override name = "GrpcListenError";
  constructor(
    readonly address: string,
    readonly addressInUse: boolean,
    cause: Error,
  ) {
    super(`cannot listen for gRPC on ${address}${addressInUse ? " (port in use: is another node running?)" : ""}: ${cause.message}`, { cause });
  }
}

export class GrpcServer {
  private readonly server: GrpcHttp2Server;
  private readonly logger: Logger;
  private readonly served: readonly string[];
  private boundAddress: string | undefined;

  constructor(options: GrpcServerOptions) {
    this.logger = options.logger;
    this.server = new GrpcHttp2Server({ maxRequestBytes: options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES });
    const served: DescService[] = [];
    const executor = options.executor ?? new InProcessExecutor(options.state);
    for (const service of candidateServices(options.queries, options.nodeServices)) {
      let any = false;
      for (const method of service.methods) {
        const path = methodPath(method);
        const node = options.nodeServices?.method(path);
        const query = options.queries.method(path);
        const handler = node ? nodeHandler(node, options.state, this.logger) : query ? queryHandler(query, executor, this.logger) : undefined;
        if (!handler) continue;
        this.server.unary(path, handler);
        any = true;
      }
      if (any) served.push(service);
    }
    served.push(...REFLECTION_SERVICES);
    // Reflection describes exactly the services added above, and itself.
    const handler = reflectionHandler(new DescriptorIndex(served, options.anyTypes), this.logger);
    for (const service of REFLECTION_SERVICES) this.server.bidi(methodPath(service.methods[0]!), handler);
    this.served = served.map((s) => s.typeName);
  }

  /** Fully-qualified names of the services served, reflection included. */
  services(): readonly string[] {
    return this.served;
  }

  /** `host:port` once listening. */
  get address(): string | undefined {
    return this.boundAddress;
  }

  /** Binds `host:port` (port 0 = any free port) and starts serving; resolves to the bound port. */
  async listen(host: string, port: number): Promise<number> {
    // An IPv6 literal needs brackets to be told apart from the port.
    const hostPart = host.includes(":") ? `[${host}]` : host;
    const address = `${hostPart}:${port}`;
    let bound: number;
    try {
      bound = await this.server.listen(host, port);
    } catch (err) {
      throw new GrpcListenError(address, (err as NodeJS.ErrnoException).code === "EADDRINUSE", err as Error);
    }
    this.boundAddress = `${hostPart}:${bound}`;
    return bound;
  }

  /** Lets in-flight calls finish for up to `graceMs`, then cuts the rest off. */
  close(graceMs = 3000): Promise<void> {
    return this.server.close(graceMs);
  }
}

/** Query services then node-only services, each once (a split service appears in both lists). */
function candidateServices(queries: QueryServices, nodeServices: NodeServices | undefined): DescService[] {
  const byName = new Map<string, DescService>();
  for (const s of [...queries.list(), ...(nodeServices?.list() ?? [])]) if (!byName.has(s.typeName)) byName.set(s.typeName, s);
  return [...byName.values()];
}

function methodPath(method: DescMethod): string {
  return `/${method.parent.typeName}/${method.name}`;
}
