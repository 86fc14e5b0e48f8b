// chain.evm.Query over REST. Logs, Call and EstimateGas have no REST route (they take byte lists and
// call arguments): query them over ABCI (evmAbci.ts) or use the EVM JSON-RPC.
import { Query as EvmQuery } from "../../gen/chain/evm/query_pb.js";
import type { RestTransport } from "./restTransport.js";
import { restServiceClient, type RestServiceClient } from "./restService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type EvmRestClient = Omit<RestServiceClient<ServiceMethods<typeof EvmQuery>>, "logs" | "call" | "estimateGas">;

/** @example await evmRestClient(rest).account({ address: "0x..." }) // { balance: "...", nonce: 0n, codeHash } */
export function evmRestClient(transport: RestTransport): EvmRestClient {
  return restServiceClient<ServiceMethods<typeof EvmQuery>, EvmRestClient>(transport, EvmQuery);
}
