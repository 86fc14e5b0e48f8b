// A gRPC query service method called through CometBFT's abci_query with the method's path as the
// query path and the protobuf request as data: how CosmJS reads state, no gRPC port needed.
import { create, fromBinary, toBinary, type DescMethod, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import type { CometRpcClient } from "./cometRpcClient.js";
import { AbciQueryError, UnexpectedResponseError } from "./errors.js";

/** What a query needs from a client: only abci_query (tests pass a fake). */
export type AbciQuerier = Pick<CometRpcClient, "abciQuery">;

type UnaryMethod<I extends DescMessage, O extends DescMessage> = DescMethod & { input: I; output: O };

export interface GrpcQueryOptions {
  /** Read state at this height; absent or 0 = latest. */
  height?: bigint | number;
}

/** "/cosmos.bank.v1beta1.Query/Balance" */
export function grpcMethodPath(method: DescMethod): string {
  return `/${method.parent.typeName}/${method.name}`;
}

/**
 * Calls one unary query method; throws AbciQueryError when the app answers with a non-zero code.
 * @example const res = await grpcQuery(rpc, BankQuery.method.balance, { address, denom: "uunit" });
 */
export async function grpcQuery<I extends DescMessage, O extends DescMessage>(
  rpc: AbciQuerier,
  method: UnaryMethod<I, O>,
  request: MessageInitShape<I>,
  options: GrpcQueryOptions = {},
): Promise<MessageShape<O>> {
  const path = grpcMethodPath(method);
  const res = await rpc.abciQuery(path, toBinary(method.input, create(method.input, request)), options);
  if (res.code !== 0) throw new AbciQueryError(path, res.code, res.codespace, res.log);
  try {
    return fromBinary(method.output, res.value);
  } catch (err) {
    throw new UnexpectedResponseError(`the answer to ${path} is not a valid ${method.output.typeName}: ${(err as Error).message}`);
  }
}
