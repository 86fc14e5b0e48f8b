// One typed ABCI-query client per query service, CosmJS-extension style: a function per method that
// sends the protobuf request to the app through CometBFT's abci_query at path
// "/<service>/<Method>" and decodes the answer with the generated response type. It needs only
// CosmJS's `QueryClient.queryAbci` (what createProtobufRpcClient calls too), which also takes a height.
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import type { GenService, GenServiceMethods } from "@bufbuild/protobuf/codegenv2";

/** What a query needs of CosmJS's `QueryClient` (from @cosmjs/stargate); any object with this method works. */
export interface AbciQueryClient {
  queryAbci(path: string, request: Uint8Array, desiredHeight?: number): Promise<{ value: Uint8Array; height: number }>;
}

export interface AbciCallOptions {
  /** Read state at this committed height; absent = latest. */
  height?: number;
}

type MethodShape = { input: DescMessage; output: DescMessage };

export type AbciMethod<M extends MethodShape> = (request?: MessageInitShape<M["input"]>, options?: AbciCallOptions) => Promise<MessageShape<M["output"]>>;

export type AbciServiceClient<S extends GenServiceMethods> = { [K in keyof S]: AbciMethod<S[K]> };

/** A client for every method of `service`. */
export function abciServiceClient<S extends GenServiceMethods>(base: AbciQueryClient, service: GenService<S>): AbciServiceClient<S> {
  const client: Record<string, unknown> = {};
  for (const method of service.methods) {
    const path = `/${service.typeName}/${method.name}`;
    client[method.localName] = async (request: MessageInitShape<DescMessage> = {}, options: AbciCallOptions = {}) => {
      const { value } = await base.queryAbci(path, toBinary(method.input, create(method.input, request)), options.height);
      return fromBinary(method.output, value);
    };
  }
  return client as AbciServiceClient<S>;
}
