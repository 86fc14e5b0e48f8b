// A REST route read at one committed height and compared field by field with the gRPC method
// behind it at that same height: the check every custom module's route tests make.
import assert from "node:assert/strict";
import { create, fromBinary, toBinary, type DescMessage, type DescService, type MessageInitShape } from "@bufbuild/protobuf";
import type { NodeGrpcClient } from "../../common/grpc/client.js";
import { assertJsonMatchesMessage } from "./protoJsonOracle.js";
import type { RestGatewayProcess } from "./restGateway.js";

export interface RouteTwin {
  url: string;
  service: DescService;
  /** The gRPC method's name in `service`. */
  method: string;
  request: Record<string, unknown>;
}

/** The REST body of `route` at `height` (default: the committed height), after asserting it equals the gRPC answer. */
export async function readMatchingGrpc(gateway: RestGatewayProcess, grpc: NodeGrpcClient, route: RouteTwin, height?: number): Promise<any> {
  // eslint-disable-line @typescript-eslint/no-explicit-any -- runtime schema
  const at = height ?? (await gateway.committedHeight());
  const res = await gateway.get(route.url, { headers: { "x-cosmos-block-height": String(at) } });
  assert.equal(res.status, 200, `${route.url}: ${JSON.stringify(res.body)}`);
  const method = route.service.methods.find((m) => m.name === route.method)!;
  const { response } = await grpc.unary(
    `/${route.service.typeName}/${route.method}`,
    toBinary(method.input, create(method.input, route.request as MessageInitShape<DescMessage>)),
    { height: at },
  );
  assertJsonMatchesMessage(method.output, fromBinary(method.output, response) as Record<string, any>, res.body, route.url); // eslint-disable-line @typescript-eslint/no-explicit-any -- runtime schema
  return res.body;
}
