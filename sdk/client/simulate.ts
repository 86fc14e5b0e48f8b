// Gas estimation: `cosmos.tx.v1beta1.Service/Simulate` through ABCI query, as CosmJS calls it.
import { Service as TxService } from "../../gen/cosmos/tx/v1beta1/service_pb.js";
import { UnexpectedResponseError } from "./errors.js";
import { grpcQuery, type AbciQuerier } from "./grpcQuery.js";

/**
 * Runs the tx without committing it and returns the gas it used. Build the bytes with
 * `simulationTxBytes` (no signature needed). A failing tx throws AbciQueryError with the reason.
 */
export async function simulateGas(rpc: AbciQuerier, txBytes: Uint8Array): Promise<bigint> {
  const res = await grpcQuery(rpc, TxService.method.simulate, { txBytes });
  if (!res.gasInfo) throw new UnexpectedResponseError("the node's simulation returned no gas info");
  return res.gasInfo.gasUsed;
}
