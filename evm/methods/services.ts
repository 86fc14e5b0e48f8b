// What the JSON-RPC methods are built from: the node, the caches and feeds over it, and the
// limits. main.ts wires one of each; tests wire them over a fake node.
import type { BlockSource } from "../chain/blockSource.js";
import type { ChainParams } from "../chain/chainParams.js";
import type { EvmNode } from "../chain/evmNode.js";
import type { PendingTxs } from "../chain/pendingTxs.js";
import type { GasOracle } from "../fees/gasOracle.js";
import type { FilterRegistry } from "../filters/filterRegistry.js";
import type { LogQuery } from "../filters/logQuery.js";
import type { Subscriptions } from "../filters/subscriptions.js";
import { invalidParams } from "../rpc/errors.js";
import type { MethodHandler, MethodSpec } from "../rpc/dispatcher.js";

export interface RpcServices {
  node: EvmNode;
  params: ChainParams;
  blocks: BlockSource;
  pending: PendingTxs;
  filters: FilterRegistry;
  subscriptions: Subscriptions;
  logs: LogQuery;
  oracle: GasOracle;
  /** The block's `miner`: the fee collector, which receives the tips. */
  miner: Uint8Array;
  /** Most blocks one eth_feeHistory covers (a larger count is cut to it, as geth does). */
  maxFeeHistoryBlocks: number;
  /** Where WebSocket clients connect, for the error HTTP clients get from eth_subscribe. */
  wsUrl: string;
}

export type Methods = Record<string, MethodSpec>;

export function method(maxParams: number, handler: MethodHandler): MethodSpec {
  return { maxParams, handler };
}

/** Argument `index`, which must be given. */
export function required(params: readonly unknown[], index: number, name: string): unknown {
  const value = params[index];
  if (value === undefined || value === null) throw invalidParams(`missing value for required argument ${index} (${name})`);
  return value;
}
