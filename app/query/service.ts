// Query services: one handler table per gRPC service, served both by the gRPC server (port 9090)
// and by ABCI Query under the method's gRPC path (`/cosmos.bank.v1beta1.Query/AllBalances`), which
// is how CosmJS reads. Handlers are pure functions of a read-only state view at one height.
import { create, fromBinary, toBinary, type DescMessage, type DescMethod, type DescService, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import type { GenService, GenServiceMethods } from "@bufbuild/protobuf/codegenv2";
import { AppError, GrpcCode } from "../errors.js";
import type { KVReader } from "../store/types.js";

export interface QueryContext {
  /** Committed state at `height`. */
  state: KVReader;
  height: number;
}

/** A query failure with the gRPC status it answers with. */
export class QueryError extends Error {
  override name = "QueryError";
  constructor(
    readonly grpcCode: GrpcCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new QueryError(GrpcCode.NOT_FOUND, message);
export const invalidArgument = (message: string) => new QueryError(GrpcCode.INVALID_ARGUMENT, message);

type Handler<I extends DescMessage, O extends DescMessage> = (req: MessageShape<I>, ctx: QueryContext) => MessageInitShape<O>;

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
  handle(request: Uint8Array, ctx: QueryContext): Uint8Array;
}

/** The query services of the app; the gRPC server and ABCI Query both dispatch through it. */
export class QueryServices {
  private readonly byPath = new Map<string, QueryMethod>();
  private readonly services: DescService[] = [];

  register<M extends GenServiceMethods>(service: GenService<M>, impl: QueryServiceImpl<M>): void {
    const desc = service as unknown as DescService;
    if (this.services.some((s) => s.typeName === desc.typeName)) throw new Error(`query service ${desc.typeName} registered twice`);
    this.services.push(desc);
    for (const method of desc.methods) {
      if (method.methodKind !== "unary") continue;
      const handler = (impl as Record<string, Handler<DescMessage, DescMessage> | undefined>)[method.localName];
      const path = `/${desc.typeName}/${method.name}`;
      this.byPath.set(path, {
        service: desc,
        method,
        path,
        handle(request, ctx) {
          if (!handler) throw new QueryError(GrpcCode.UNIMPLEMENTED, `method ${path} is not implemented by this node`);
          let input;
          try {
            input = fromBinary(method.input, request);
          } catch (err) {
            throw invalidArgument(`cannot decode ${method.input.typeName}: ${(err as Error).message}`);
          }
          return toBinary(method.output, create(method.output, handler(input, ctx)));
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
  return { code: GrpcCode.INTERNAL, message: (err as Error)?.message ?? String(err) };
}
