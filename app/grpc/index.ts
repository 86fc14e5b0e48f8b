// The app's gRPC server as the app process wires it: the app's query services plus the node
// services answered through the local CometBFT RPC.
import type { DescMessage } from "@bufbuild/protobuf";
import type { Logger } from "pino";
import type { QueryServices } from "../query/service.js";
import { CometRpcClient } from "../../common/comet/rpcClient.js";
import type { CommittedState } from "../query/committedView.js";
import type { QueryExecutor } from "../query/executor.js";
import { NodeServices } from "./nodeServices.js";
import { GrpcServer } from "./server.js";
import { registerTendermintService } from "./tendermint/tendermintService.js";
import { registerTxService } from "./tx/txService.js";
import { registerNodeService, type NodeConfig } from "./node/nodeService.js";
import type { StateReader } from "../store/types.js";

export { GrpcListenError, GrpcServer } from "./server.js";
export { NodeServices, type NodeCallContext, type NodeServiceImpl } from "./nodeServices.js";
export { HEIGHT_METADATA_KEY } from "../../common/grpc/height.js";

export interface NodeGrpcOptions {
  queries: QueryServices;
  state: CommittedState & { readonly earliestHeight: number };
  /** Where query methods run (the app's worker pool); default: in this thread, over `state`. */
  executor?: QueryExecutor;
  /** CometBFT's RPC, e.g. `http://127.0.0.1:26657`. */
  cometRpcUrl: string;
  logger: Logger;
  /** Types found only inside an Any, for reflection (see GrpcServerOptions). */
  anyTypes?: readonly DescMessage[];
  /** The node's settings, for cosmos.base.node.v1beta1.Service/Config. */
  nodeConfig: NodeConfig;
  /** The chain's minimum gas price in a committed state (auth keeps it), as Config reports it. */
  minGasPrice: (state: StateReader) => string;
}

export function createNodeGrpcServer(options: NodeGrpcOptions): GrpcServer {
  const comet = new CometRpcClient(options.cometRpcUrl);
  const nodeServices = new NodeServices();
  registerTxService(nodeServices, comet);
  registerTendermintService(nodeServices, comet);
  registerNodeService(nodeServices, { config: options.nodeConfig, state: options.state, minGasPrice: options.minGasPrice, comet });
  return new GrpcServer({
    queries: options.queries,
    nodeServices,
    state: options.state,
    ...(options.executor ? { executor: options.executor } : {}),
    logger: options.logger,
    anyTypes: options.anyTypes,
  });
}
