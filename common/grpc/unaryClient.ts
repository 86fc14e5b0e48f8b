// Typed unary calls to this node's gRPC services over any transport that moves raw message
// bytes: the protobuf-es descriptors encode the request and decode the answer. Two transports:
// grpc-js (client.ts: streams, reflection, connectivity) and our own HTTP/2 connection
// (http2UnaryClient.ts: unary calls at a fraction of the CPU).
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import type { GenService, GenServiceMethods } from "@bufbuild/protobuf/codegenv2";

export interface CallOptions {
  /** Committed height to query; omitted = latest. */
  height?: number;
  /** Milliseconds before the call fails with DEADLINE_EXCEEDED. */
  timeoutMs?: number;
}

export interface CallResult<T> {
  response: T;
  /** The height the server answered at, from its initial metadata (0 if it sent none). */
  height: number;
}

export abstract class UnaryClient {
  /** Calls any unary method with raw request bytes; rejects with a grpc-js-shaped ServiceError (code, details). */
  abstract unary(path: string, request: Uint8Array, options?: CallOptions): Promise<CallResult<Uint8Array>>;

  abstract close(): void;

  /** Calls a unary method of a generated service: `client.call(BankQuery, "balance", {...})`. */
  async call<M extends GenServiceMethods, K extends keyof M & string>(
    service: GenService<M>,
    method: K,
    request: MessageInitShape<M[K]["input"]>,
    options: CallOptions = {},
  ): Promise<CallResult<MessageShape<M[K]["output"]>>> {
    const desc = service.method[method] as unknown as { name: string; input: DescMessage; output: DescMessage };
    const path = `/${service.typeName}/${desc.name}`;
    const bytes = toBinary(desc.input, create(desc.input, request as MessageInitShape<DescMessage>));
    const { response, height } = await this.unary(path, bytes, options);
    return { response: fromBinary(desc.output, response) as MessageShape<M[K]["output"]>, height };
  }
}
