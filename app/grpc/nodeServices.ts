// Node services: gRPC methods that are not pure functions of committed state (broadcasting a tx,
// reading blocks and txs from CometBFT). They are async, served only by the gRPC server (never by
// ABCI Query, which must answer synchronously from state), and registered here rather than in
// QueryServices.
//
// One service may be split between the two tables: cosmos.tx.v1beta1.Service has Simulate in
// QueryServices (CosmJS calls it through ABCI Query) and BroadcastTx, GetTx, GetTxsEvent here.
// The rule, applied per method path by the gRPC server: a method registered here is served from
// here; every other method of the service is served from QueryServices (which answers
// UNIMPLEMENTED for a method it has no handler for). A path can be registered here only once.
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
import { invalidArgument } from "../../common/grpc/queryError.js";

export interface NodeCallContext {
  /** Aborted when the client cancels the call or its deadline passes. */
  signal: AbortSignal;
}

type NodeHandler<I extends DescMessage, O extends DescMessage> = (req: MessageShape<I>, ctx: NodeCallContext) => Promise<MessageInitShape<O>>;

/** Handlers of some of a service's unary methods, by the method's local (lowerCamel) name. */
export type NodeServiceImpl<M extends GenServiceMethods> = {
  [K in keyof M]?: NodeHandler<M[K]["input"], M[K]["output"]>;
};

/** One async unary method ready to serve: decode, handle, encode. */
export interface NodeMethod {
  service: DescService;
  method: DescMethod;
  /** `/<package>.<Service>/<Method>` */
  path: string;
  handle(request: Uint8Array, ctx: NodeCallContext): Promise<Uint8Array>;
}

export class NodeServices {
  private readonly byPath = new Map<string, NodeMethod>();
  private readonly services: DescService[] = [];

  /** Adds the methods `impl` implements; a service may be registered in several calls. */
  register<M extends GenServiceMethods>(service: GenService<M>, impl: NodeServiceImpl<M>): void {
    const desc = service as unknown as DescService;
    const handlers = impl as Record<string, NodeHandler<DescMessage, DescMessage> | undefined>;
    for (const name of Object.keys(handlers)) {
      const method = desc.methods.find((m) => m.localName === name);
      if (!method) throw new Error(`${desc.typeName} has no method ${name}`);
      if (method.methodKind !== "unary") throw new Error(`${desc.typeName}.${method.name} is ${method.methodKind}; node services serve unary methods only`);
    }
    let added = 0;
    for (const method of desc.methods) {
      const handler = handlers[method.localName];
      if (!handler) continue;
      added++;
      const path = `/${desc.typeName}/${method.name}`;
      if (this.byPath.has(path)) throw new Error(`node method ${path} registered twice`);
      this.byPath.set(path, {
        service: desc,
        method,
        path,
        async handle(request, ctx) {
          let input;
          try {
            input = fromBinary(method.input, request);
          } catch (err) {
            throw invalidArgument(`cannot decode ${method.input.typeName}: ${(err as Error).message}`);
          }
          return toBinary(method.output, create(method.output, await handler(input, ctx)));
        },
      });
    }
    if (added > 0 && !this.services.some((s) => s.typeName === desc.typeName)) this.services.push(desc);
  }

  /** Services with at least one method here, in registration order. */
  list(): readonly DescService[] {
    return this.services;
  }

  method(path: string): NodeMethod | undefined {
    return this.byPath.get(path);
  }

  methods(): NodeMethod[] {
    return [...this.byPath.values()];
  }
}
