// Query services: one handler table per gRPC service, served both by the gRPC server (port 9090)
// and by ABCI Query under the method's gRPC path (`/cosmos.bank.v1beta1.Query/AllBalances`), which
// is how CosmJS reads. Handlers are functions of a read-only state view at one height; most answer
// at once, a few (the EVM's eth_call) return a promise, which both servers await.
import {
  create,
  fromBinary,
  toBinary,
  type DescMessage,
  type DescMethod,
  type DescService,
  type MessageInitShape,
  type MessageShape,
} from "@bufbuild/protobuf";
import type { GenService, GenServiceMethods } from "@bufbuild/protobuf/codegenv2";
import { AppError, GrpcCode } from "../../common/errors.js";
import { invalidArgument, QueryError } from "../../common/grpc/queryError.js";
import { HeightNotAvailableError } from "../store/errors.js";
import type { StateReader } from "../store/types.js";

export interface QueryContext {
  /** Committed state at `height`. */
  state: StateReader;
  height: number;
  /**
   * The mempool's views, newest first: the latest committed state plus what CheckTx has applied
   * since (sequences bumped, upfront costs deducted). Right after a Commit, until CometBFT has
   * rechecked the txs still waiting, the view from before the Commit follows (it still counts
   * them). Absent where no app runs (module unit tests).
   */
  pending?: () => readonly StateReader[];
  /** The latest committed state and its height, whatever height the request asked for. */
  latest?: () => { state: StateReader; height: number };
  /** Aborted when the caller gives up (a gRPC client's cancel or deadline); long queries stop then. */
  signal?: AbortSignal;
  /**
   * The app's thread runs this query between its other work (inlineGate.ts), for a method
   * registered to answer inline: its handler keeps within its inline limits, and throws
   * InlineLimitError past them for a query worker to answer instead.
   */
  inline?: boolean;
}

/** The views of state only the app can give (see QueryContext); it provides them once at start. */
export type QueryStateAccess = Required<Pick<QueryContext, "pending" | "latest">>;

type Handler<I extends DescMessage, O extends DescMessage> = (req: MessageShape<I>, ctx: QueryContext) => MessageInitShape<O> | Promise<MessageInitShape<O>>;

/** Handlers of a service's unary methods, by the method's local (lowerCamel) name. */
export type QueryServiceImpl<M extends GenServiceMethods> = {
  [K in keyof M]?: Handler<M[K]["input"], M[K]["output"]>;
};

/** One unary method ready to serve: decode, handle, encode. */
export interface QueryMethod {
  service: DescService;
  method: DescMethod;
  /** `/<package>.<Service>/<Method>` */
  path: string;
  /**
   * Reads what only the app's own thread holds (the mempool's views, the header CheckTx runs
   * under), so it cannot be answered from a read-only connection in a worker thread.
   */
  readsAppState: boolean;
  /** Bounds its own runs when QueryContext.inline is set, so the app's thread may answer it (inlineGate.ts). */
  answersInline: boolean;
  /** Any handler: what the gRPC server and ABCI Query call. */
  handleAsync(request: Uint8Array, ctx: QueryContext): Promise<Uint8Array>;
  /** A handler that answers at once; one that returns a promise fails here (INTERNAL). */
  handle(request: Uint8Array, ctx: QueryContext): Uint8Array;
}

/** The query services of the app; the gRPC server and ABCI Query both dispatch through it. */
export class QueryServices {
  private readonly byPath = new Map<string, QueryMethod>();
  private readonly services: DescService[] = [];
  private access: QueryStateAccess | undefined;

  /** Gives every handler the app's pending and latest views (QueryContext); the app calls it once. */
  provideStateAccess(access: QueryStateAccess): void {
    this.access = access;
  }

  /**
   * `options.appState` names the methods that read the app's own state (QueryMethod.readsAppState),
   * `options.inline` those that bound their runs on the app's thread (QueryMethod.answersInline).
   */
  register<M extends GenServiceMethods>(
    service: GenService<M>,
    impl: QueryServiceImpl<M>,
    options: { appState?: (keyof M & string)[]; inline?: (keyof M & string)[] } = {},
  ): void {
    const desc = service as unknown as DescService;
    if (this.services.some((s) => s.typeName === desc.typeName)) throw new Error(`query service ${desc.typeName} registered twice`);
    this.services.push(desc);
    for (const method of desc.methods) {
      if (method.methodKind !== "unary") continue;
      const handler = (impl as Record<string, Handler<DescMessage, DescMessage> | undefined>)[method.localName];
      const path = `/${desc.typeName}/${method.name}`;
      // Decodes, calls the handler with the app's views added to the context; may be a promise.
      const answer = (request: Uint8Array, ctx: QueryContext) => {
        if (!handler) throw new QueryError(GrpcCode.UNIMPLEMENTED, `method ${path} is not implemented by this node`);
        let input;
        try {
          input = fromBinary(method.input, request);
        } catch (err) {
          throw invalidArgument(`cannot decode ${method.input.typeName}: ${(err as Error).message}`);
        }
        return handler(input, this.access ? { ...this.access, ...ctx } : ctx);
      };
      const encode = (response: MessageInitShape<DescMessage>) => toBinary(method.output, create(method.output, response));
      this.byPath.set(path, {
        service: desc,
        method,
        path,
        readsAppState: options.appState?.includes(method.localName as keyof M & string) ?? false,
        answersInline: options.inline?.includes(method.localName as keyof M & string) ?? false,
        async handleAsync(request, ctx) {
          return encode(await answer(request, ctx));
        },
        handle(request, ctx) {
          const response = answer(request, ctx);
          if (response instanceof Promise) {
            response.catch(() => {}); // its outcome has nowhere to go
            throw new QueryError(GrpcCode.INTERNAL, `method ${path} answers asynchronously: call handleAsync`);
          }
          return encode(response);
        },
      });
    }
  }

  /** Registered services, in registration order. */
  list(): readonly DescService[] {
    return this.services;
  }

  method(path: string): QueryMethod | undefined {
    return this.byPath.get(path);
  }

  methods(): QueryMethod[] {
    return [...this.byPath.values()];
  }
}

/** The gRPC status of any error a handler threw: registered errors carry their own mapping. */
export function grpcStatusOf(err: unknown): { code: GrpcCode; message: string } {
  if (err instanceof QueryError) return { code: err.grpcCode, message: err.message };
  if (err instanceof AppError) return { code: err.grpcCode, message: err.message };
  // A long query's height pruned under it (its view is pinned, so nothing else can change it).
  if (err instanceof HeightNotAvailableError) return { code: GrpcCode.NOT_FOUND, message: err.message };
  return { code: GrpcCode.INTERNAL, message: (err as Error)?.message ?? String(err) };
}
