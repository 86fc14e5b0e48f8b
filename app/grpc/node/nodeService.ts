// cosmos.base.node.v1beta1.Service: the operator's settings and the state the node has committed.
// Both read what no query worker holds (the node's app.json, the store's earliest height, block
// headers from CometBFT), so they are node services, answered on the app's thread: Config with a
// single point read of committed state, Status with one CometBFT call.
import { Service } from "../../../gen/cosmos/base/node/v1beta1/query_pb.js";
import { headerFromJson } from "../../../common/comet/block.js";
import { heightError } from "../../../common/comet/blocks.js";
import type { CometRpcClient } from "../../../common/comet/rpcClient.js";
import { committedView, type CommittedState } from "../../query/committedView.js";
import type { StateReader } from "../../store/types.js";
import type { NodeServices } from "../nodeServices.js";

export interface NodeConfig {
  /** Heights of state kept readable (app.json `pruningKeepRecent`; 0 keeps all). */
  pruningKeepRecent: number;
  /** Every how many blocks old heights are pruned (app.json `pruningInterval`). */
  pruningInterval: number;
  /** The height the node stops at; this node has no such setting, so 0. */
  haltHeight?: number;
}

export interface NodeServiceOptions {
  config: NodeConfig;
  /** The committed store: its latest and earliest readable heights and their views. */
  state: CommittedState & { readonly earliestHeight: number };
  /** The minimum gas price in `state`, as the SDK prints DecCoins: "0.025000000000000000uunit". */
  minGasPrice: (state: StateReader) => string;
  comet: CometRpcClient;
}

export function registerNodeService(services: NodeServices, options: NodeServiceOptions): void {
  const { config, state, comet } = options;
  services.register(Service, {
    async config() {
      return {
        minimumGasPrice: options.minGasPrice(committedView(state, 0).view),
        pruningKeepRecent: String(config.pruningKeepRecent),
        pruningInterval: String(config.pruningInterval),
        haltHeight: BigInt(config.haltHeight ?? 0),
      };
    },

    async status(_req, { signal }) {
      // The latest committed height, and the header of that block as the SDK's query context
      // carries it: its time, its app_hash (the state before the block) and next_validators_hash.
      const { height } = committedView(state, 0);
      let header;
      try {
        header = headerFromJson((await comet.header(BigInt(height), signal)).get("header"));
      } catch (err) {
        throw heightError(err, BigInt(height));
      }
      return {
        earliestStoreHeight: BigInt(state.earliestHeight),
        height: BigInt(height),
        ...(header.time ? { timestamp: header.time } : {}),
        appHash: header.appHash,
        validatorHash: header.nextValidatorsHash,
      };
    },
  });
}
