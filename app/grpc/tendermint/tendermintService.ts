// cosmos.base.tendermint.v1beta1.Service: node info, sync status and blocks, read from the local
// CometBFT RPC. None of it is app state, so it is a node service (async, gRPC only).
import { Service } from "../../../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { invalidArgument } from "../../../common/grpc/queryError.js";
import { APP_NAME, APP_SEMVER } from "../../../common/version.js";
import type { ResultBlock } from "../../../common/comet/block.js";
import { getBlock } from "../../../common/comet/blocks.js";
import { getValidatorSet } from "../../../common/comet/validators.js";
import type { PageRequest } from "../../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from "../../query/pagination.js";
import type { CometRpcClient } from "../../../common/comet/rpcClient.js";
import { nodeStatusFromJson } from "../../../common/comet/status.js";
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

    async getLatestValidatorSet(req, { signal }) {
      const { blockHeight, validators } = await getValidatorSet(comet, undefined, signal);
      return { blockHeight, ...pageOfList(validators, req.pagination) };
    },

    async getValidatorSetByHeight(req, { signal }) {
      const { blockHeight, validators } = await getValidatorSet(comet, req.height, signal);
      return { blockHeight, ...pageOfList(validators, req.pagination) };
    },
  });
}

/** An offset page of a list CometBFT returned whole (the SDK pages validator sets by offset too). */
function pageOfList<T>(items: T[], req: PageRequest | undefined): { validators: T[]; pagination: { nextKey: Uint8Array; total: bigint } } {
  if (req && req.key.length > 0) throw invalidArgument("validator sets page by offset and limit; pagination.key is not supported here");
  const offset = Number(req?.offset ?? 0n);
  const limit = Number(req?.limit && req.limit > 0n ? (req.limit > MAX_PAGE_LIMIT ? MAX_PAGE_LIMIT : req.limit) : DEFAULT_PAGE_LIMIT);
  const page = req?.reverse ? [...items].reverse() : items;
  return { validators: page.slice(offset, offset + limit), pagination: { nextKey: new Uint8Array(), total: BigInt(items.length) } };
}

/** Both forms of the block, as the SDK returns them: `block` (raw proposer) and `sdk_block` (bech32). */
function blockResponse({ blockId, block }: ResultBlock) {
  return { blockId, block, sdkBlock: sdkBlockFrom(block) };
}
