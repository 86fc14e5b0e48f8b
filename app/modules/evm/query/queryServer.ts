// chain.evm.Query (REST: /vendor/chain/evm/...): receipts, params, accounts, code, storage and
// blocks here; logs in logsQuery.ts; eth_call and eth_estimateGas in callQuery.ts. Every handler
// reads the committed view at the requested height unless its doc in query.proto says otherwise.
// The long ones (call, estimate gas, logs) wait in the app's queues and run on a compute budget
// (queryLimits.ts), so they cannot hold the event loop that also serves consensus.
import { Address, KECCAK256_NULL, setLengthLeft } from "@ethereumjs/util";
import { Query } from "../../../../gen/chain/evm/query_pb.js";
import type { Receipt } from "../../../../gen/chain/evm/evm_pb.js";
import { type QueryContext, type QueryServices } from "../../../query/service.js";
import { notFound, QueryError } from "../../../../common/grpc/queryError.js";
import { GrpcCode } from "../../../../common/errors.js";
import type { StateReader } from "../../../store/types.js";
import { estimateGasQuery, callQuery } from "./callQuery.js";
import type { EvmKeepers } from "../expectedKeepers.js";
import { logsQuery, parseLogsRequest } from "./logsQuery.js";
import { evmQueryQueues, logsBudget } from "./queryLimits.js";
import { paramsMessage } from "../state/params.js";
import { evmAddressArg, storageSlotArg, txHashArg } from "./queryArgs.js";
import { queryStateManager } from "./queryState.js";

/** The latest committed state, for the queries that read it whatever height was asked. */
export function latestOf(ctx: QueryContext): { state: QueryContext["state"]; height: number } {
  return ctx.latest?.() ?? { state: ctx.state, height: ctx.height };
}

export function registerEvmQueries(services: QueryServices, keepers: EvmKeepers): void {
  const queues = evmQueryQueues();
  /** A pre-Commit mempool view's nonce; 0 if that view can no longer be read (its height pruned). */
  async function olderPendingNonce(view: StateReader, address: Address, height: bigint): Promise<bigint> {
    try {
      return (await queryStateManager(keepers, view, height).getAccount(address))?.nonce ?? 0n;
    } catch {
      return 0n;
    }
  }

  services.register(
    Query,
    {
      receipt: (req, { state }) => {
        const receipt = keepers.evm.getReceipt(state, txHashArg(req.txHash));
        if (!receipt) throw notFound(`no receipt for tx ${req.txHash}`);
        return { receipt };
      },
      params: (_req, { state }) => ({ params: paramsMessage(keepers.evm.getParams(state)) }),
      account: async (req, ctx) => {
        const address = new Address(evmAddressArg(req.address));
        // The mempool's view when asked (and an app provides one): CheckTx's bumped nonces and deducted
        // costs. The nonce is the highest of its views, so txs waiting for their recheck still count.
        const [state, ...older] = req.pending && ctx.pending ? ctx.pending() : [ctx.state];
        const account = await queryStateManager(keepers, state!, BigInt(ctx.height)).getAccount(address);
        let nonce = account?.nonce ?? 0n;
        for (const view of older) nonce = maxBigInt(nonce, await olderPendingNonce(view, address, BigInt(ctx.height)));
        return { balance: (account?.balance ?? 0n).toString(), nonce, codeHash: account?.codeHash ?? KECCAK256_NULL };
      },
      code: async (req, ctx) => {
        const address = new Address(evmAddressArg(req.address));
        return { code: await queryStateManager(keepers, ctx.state, BigInt(ctx.height)).getCode(address) };
      },
      storage: async (req, ctx) => {
        const address = new Address(evmAddressArg(req.address));
        const value = await queryStateManager(keepers, ctx.state, BigInt(ctx.height)).getStorage(address, storageSlotArg(req.slot));
        return { value: setLengthLeft(value, 32) };
      },
      block: (req, ctx) => {
        const { state, height } = latestOf(ctx);
        if (req.height > BigInt(height)) throw notFound(`no EVM block at height ${req.height}: the latest height is ${height}`);
        const record = keepers.evm.getBlock(state, req.height);
        if (!record) throw notFound(`no EVM block at height ${req.height}`);
        const block = keepers.evm.withTxHashes(state, record);
        const receipts: Receipt[] = [];
        if (req.includeReceipts) {
          for (const [index, hash] of block.txHashes.entries()) {
            const receipt = keepers.evm.receiptAt(state, req.height, index);
            if (!receipt) throw new QueryError(GrpcCode.INTERNAL, `block ${req.height} lists tx 0x${Buffer.from(hash).toString("hex")} without a receipt`);
            receipts.push(receipt);
          }
        }
        return { block, receipts };
      },
      logs: (req, ctx) => {
        const request = parseLogsRequest(req);
        return queues.logs.run(() => logsQuery(keepers.evm, request, latestOf(ctx), logsBudget(ctx.signal)), ctx.signal);
      },
      call: (req, ctx) => callQuery(keepers, queues.executions, req, ctx),
      estimateGas: (req, ctx) => estimateGasQuery(keepers, queues.executions, req, ctx),
    },
    // Account's pending form reads the mempool's views, which only the app's own thread has; a
    // call bounds its run on that thread (callQuery.ts), which answers it while not busy.
    { appState: ["account"], inline: ["call"] },
  );
}

const maxBigInt = (a: bigint, b: bigint) => (a > b ? a : b);
