// A small gRPC client for this node's services over grpc-js, typed by the protobuf-es descriptors
// (unaryClient.ts): what the gateway, the faucet and the tests need to call 9090 without generated
// client stubs, with grpc-js's channel for streams (reflection) and connectivity. Reads the height
// the server answered at from the `x-cosmos-block-height` response metadata.
import { Client, credentials, Metadata, type ChannelOptions, type ServiceError } from "@grpc/grpc-js";
import { HEIGHT_METADATA_KEY } from "./height.js";
import { UnaryClient, type CallOptions, type CallResult } from "./unaryClient.js";

export type { CallOptions, CallResult } from "./unaryClient.js";

const passThrough = (b: Buffer) => b;

export class NodeGrpcClient extends UnaryClient {
  /** The underlying grpc-js client: its channel, for streams (reflection) and connectivity. */
  readonly client: Client;

  constructor(
    /** `host:port`, e.g. `127.0.0.1:9090` */
    address: string,
    channelOptions: ChannelOptions = {},
  ) {
    super();
    // Channelz is grpc-js's debug bookkeeping of every call, which no one reads here.
    this.client = new Client(address, credentials.createInsecure(), { "grpc.enable_channelz": 0, ...channelOptions });
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
