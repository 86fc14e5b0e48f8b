// cosmos.tx.v1beta1.Service/Simulate as a query service, so it answers both over gRPC and over
// ABCI Query (which is where CosmJS sends it when a fee is "auto").
import { toBinary } from "@bufbuild/protobuf";
import { Service } from "../../gen/cosmos/tx/v1beta1/service_pb.js";
import { TxSchema } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { GrpcCode } from "../../common/errors.js";
import { type QueryServices } from "./service.js";
import { invalidArgument, QueryError } from "../../common/grpc/queryError.js";
import type { SimulationResult } from "../tx/processor.js";

export function registerSimulate(services: QueryServices, simulate: (txBytes: Uint8Array) => SimulationResult): void {
  // It runs the tx on a branch of the app's own store, under CheckTx's header.
  const appState: "simulate"[] = ["simulate"];
  services.register(
    Service,
    {
      simulate: (req) => {
        const txBytes = req.txBytes.length > 0 ? req.txBytes : req.tx ? toBinary(TxSchema, req.tx) : undefined;
        if (!txBytes) throw invalidArgument("empty txBytes is not allowed");
        let sim: SimulationResult;
        try {
          sim = simulate(txBytes);
        } catch (err) {
          const r = (err as { result?: { log?: string; gasWanted?: bigint; gasUsed?: bigint } }).result;
          if (!r) throw err;
          // The SDK's wording, which clients show to users as is.
          throw new QueryError(GrpcCode.UNKNOWN, `${r.log} With gas wanted: '${r.gasWanted ?? 0n}' and gas used: '${r.gasUsed ?? 0n}' `);
        }
        return {
          gasInfo: { gasWanted: sim.gasWanted, gasUsed: sim.gasUsed },
          result: { data: sim.data, log: sim.log, events: sim.events as never, msgResponses: sim.msgResponses },
        };
      },
    },
    { appState },
  );
}
