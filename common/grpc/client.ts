// A small gRPC client for this node's services, typed by the protobuf-es descriptors: what the
// gateway, the faucet and the tests need to call 9090 without generated client stubs. Reads the
// height the server answered at from the `x-cosmos-block-height` response metadata.
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import type { GenService, GenServiceMethods } from "@bufbuild/protobuf/codegenv2";
import { Client, credentials, Metadata, type ChannelOptions, type ServiceError } from "@grpc/grpc-js";
import { HEIGHT_METADATA_KEY } from "./height.js";

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

const passThrough = (b: Buffer) => b;

export class NodeGrpcClient {
  /** The underlying grpc-js client: its channel, for streams (reflection) and connectivity. */
  readonly client: Client;

  constructor(
    /** `host:port`, e.g. `127.0.0.1:9090` */
    address: string,
    channelOptions: ChannelOptions = {},
  ) {
    // Channelz is grpc-js's debug bookkeeping of every call, which no one reads here.
    this.client = new Client(address, credentials.createInsecure(), { "grpc.enable_channelz": 0, ...channelOptions });
  }

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

  /** Calls any unary method with raw request bytes; rejects with the grpc-js ServiceError. */
  unary(path: string, request: Uint8Array, options: CallOptions = {}): Promise<CallResult<Uint8Array>> {
    const metadata = new Metadata();
    if (options.height !== undefined) metadata.set(HEIGHT_METADATA_KEY, String(options.height));
    const deadline = options.timeoutMs === undefined ? undefined : new Date(Date.now() + options.timeoutMs);
    return new Promise((resolve, reject) => {
      let height = 0;
      const call = this.client.makeUnaryRequest(
        path,
        passThrough,
        passThrough,
        Buffer.from(request),
        metadata,
        { deadline },
        (err: ServiceError | null, response?: Buffer) => {
          if (err) return reject(err);
          resolve({ response: new Uint8Array(response ?? []), height });
        },
      );
      call.on("metadata", (md: Metadata) => {
        const value = md.get(HEIGHT_METADATA_KEY)[0];
        if (value !== undefined) height = Number(value);
      });
    });
  }

  close(): void {
    this.client.close();
  }
}
