// One typed REST client per query service: a function per method that has a GET route, named as
// protobuf-es names the method (`assetHistory`), taking the request message's init shape.
import type { DescMessage, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import type { GenService, GenServiceMethods } from "@bufbuild/protobuf/codegenv2";
import { getPathTemplate } from "./httpRoute.js";
import type { RestCallOptions, RestTransport } from "./restTransport.js";

type MethodShape = { input: DescMessage; output: DescMessage };

/** Fields bound by the route's path (an id, an address) are required at run time. */
export type RestMethod<M extends MethodShape> = (request?: MessageInitShape<M["input"]>, options?: RestCallOptions) => Promise<MessageShape<M["output"]>>;

export type RestServiceClient<S extends GenServiceMethods> = { [K in keyof S]: RestMethod<S[K]> };

/** A client for every method of `service` that has a GET route (the type lists the same methods). */
export function restServiceClient<S extends GenServiceMethods, C = RestServiceClient<S>>(transport: RestTransport, service: GenService<S>): C {
  const client: Record<string, unknown> = {};
  for (const method of service.methods) {
    if (getPathTemplate(method) === undefined) continue;
    client[method.localName] = async (request: MessageInitShape<DescMessage> = {}, options?: RestCallOptions) =>
      (await transport.call(method, request, options)).response;
  }
  return client as C;
}
