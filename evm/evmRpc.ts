// The JSON-RPC server's parts wired together over one EvmNode: caches and feeds, the method table,
// the dispatcher, the HTTP app and the WebSocket server. main.ts runs it against the real node;
// tests run it against a fake one.
import type http from "node:http";
import type { Logger } from "pino";
import { FEE_COLLECTOR, moduleAddress } from "../common/moduleAccounts.js";
import { BlockSource } from "./chain/blockSource.js";
import { ChainParams } from "./chain/chainParams.js";
import type { EvmNode } from "./chain/evmNode.js";
import { ChainFollower } from "./chain/follower.js";
import { PendingTxs } from "./chain/pendingTxs.js";
import type { EvmRpcConfig } from "./config.js";
import { GasOracle } from "./fees/gasOracle.js";
import { FilterRegistry } from "./filters/filterRegistry.js";
import { CriteriaBudget } from "./filters/criteriaBudget.js";
import { LogQuery } from "./filters/logQuery.js";
import { Subscriptions } from "./filters/subscriptions.js";
import { createHttpApp } from "./http/httpApp.js";
import type { HttpApp } from "../common/http/plainHttp.js";
import { methodTable } from "./methods/index.js";
import type { RpcServices } from "./methods/services.js";
import { DEFAULT_BATCH_LIMITS, Dispatcher } from "./rpc/dispatcher.js";
import { createWsServer } from "./ws/wsServer.js";

/** The Ethereum txs' tips are paid to the fee collector (the coinbase the app's EVM runs with). */
export const FEE_COLLECTOR_ADDRESS = moduleAddress(FEE_COLLECTOR);

export type EvmRpcSettings = Pick<
  EvmRpcConfig,
  "cors" | "timeoutMs" | "maxBodyBytes" | "maxBatch" | "logs" | "filters" | "ws" | "maxSubscriptionsPerConnection" | "maxFeeHistoryBlocks" | "pollIntervalMs"
> & {
  /** Shown to HTTP clients that try to subscribe. */
  wsUrl: string;
};

export interface EvmRpc {
  services: RpcServices;
  follower: ChainFollower;
  dispatcher: Dispatcher;
  httpApp: HttpApp;
  wsServer: http.Server;
  /** Starts polling the chain and expiring filters. */
  start(): void;
  stop(): void;
}

export function createEvmRpc(node: EvmNode, settings: EvmRpcSettings, logger: Logger): EvmRpc {
  const params = new ChainParams(node);
  const chainId = () => params.chainId();
  const blocks = new BlockSource(node, chainId);
  const pending = new PendingTxs(node, chainId);
  // A node that restarts or syncs commits many blocks between two polls: each is still delivered,
  // up to about a quarter of an hour of them at one block a second.
  const follower = new ChainFollower(node, blocks, pending, { intervalMs: settings.pollIntervalMs, maxCatchUp: 1024 }, logger);
  const logs = new LogQuery(node, blocks, settings.logs);
  // Filters and subscriptions share one bound on the addresses and topics they list.
  const budget = new CriteriaBudget();
  const filters = new FilterRegistry({ node, blocks, pending, logs, budget }, settings.filters);
  const subscriptions = new Subscriptions({ follower, pending, miner: FEE_COLLECTOR_ADDRESS, budget }, settings.maxSubscriptionsPerConnection);
  const services: RpcServices = {
    node,
    params,
    blocks,
    pending,
    filters,
    subscriptions,
    logs,
    oracle: new GasOracle(blocks),
    miner: FEE_COLLECTOR_ADDRESS,
    maxFeeHistoryBlocks: settings.maxFeeHistoryBlocks,
    wsUrl: settings.wsUrl,
  };
  const dispatcher = new Dispatcher(methodTable(services), { ...DEFAULT_BATCH_LIMITS, maxBatch: settings.maxBatch, timeoutMs: settings.timeoutMs }, logger);
  const httpApp = createHttpApp({ dispatcher, cors: settings.cors, maxBodyBytes: settings.maxBodyBytes, logger });
  const ws = createWsServer({ dispatcher, cors: settings.cors, limits: settings.ws, logger });
  return {
    services,
    follower,
    dispatcher,
    httpApp,
    wsServer: ws.server,
    start() {
      follower.start();
      filters.start();
    },
    stop() {
      follower.stop();
      filters.stop();
      ws.close();
    },
  };
}
