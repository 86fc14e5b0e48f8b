// cosmos.base.tendermint.v1beta1.Service: node info, sync status and blocks, read from the local
// CometBFT RPC. None of it is app state, so it is a node service (async, gRPC only).
import { Service } from "../../../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { invalidArgument } from "../../query/service.js";
import { APP_NAME, APP_SEMVER } from "../../version.js";
import type { ResultBlock } from "../comet/block.js";
import { getBlock } from "../comet/blocks.js";
import type { CometRpcClient } from "../comet/rpcClient.js";
import { nodeStatusFromJson } from "../comet/status.js";
import type { NodeServices } from "../nodeServices.js";
import { sdkBlockFrom } from "./sdkBlock.js";

/** The node command, reported as the application's name like `simd`/`gaiad` on SDK chains. */
const APP_BINARY = "unitd";

export function registerTendermintService(services: NodeServices, comet: CometRpcClient): void {
  services.register(Service, {
    async getNodeInfo(_req, { signal }) {
      const { nodeInfo } = nodeStatusFromJson(await comet.status(signal));
      return {
        defaultNodeInfo: nodeInfo,
        applicationVersion: { name: APP_NAME, appName: APP_BINARY, version: APP_SEMVER },
      };
    },

    async getSyncing(_req, { signal }) {
      return { syncing: nodeStatusFromJson(await comet.status(signal)).catchingUp };
    },

    async getLatestBlock(_req, { signal }) {
      return blockResponse(await getBlock(comet, undefined, signal));
    },

    async getBlockByHeight(req, { signal }) {
      if (req.height < 1n) throw invalidArgument(`block height must be greater than 0, got ${req.height}`);
      return blockResponse(await getBlock(comet, req.height, signal));
    },
  });
}

/** Both forms of the block, as the SDK returns them: `block` (raw proposer) and `sdk_block` (bech32). */
function blockResponse({ blockId, block }: ResultBlock) {
  return { blockId, block, sdkBlock: sdkBlockFrom(block) };
}
