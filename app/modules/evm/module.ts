// The evm module: Ethereum txs arrive through the tx pipeline (ethTxProcessor.ts, routed by
// app/tx/routingTxProcessor.ts), not as Msgs, so it registers only its queries. Its genesis
// holds the params; its state (code, storage, receipts, block records) starts empty. Its begin
// block opens the block's EvmBlock record, which fixes the base fee every tx of the block pays.
import type { AppModule } from "../../module.js";
import { beginEvmBlock } from "./evmBlocks.js";
import type { EvmKeepers } from "./expectedKeepers.js";
import { defaultEvmGenesis, initEvmGenesis } from "./genesis.js";
import { EVM_STORE } from "./keys.js";
import { getEvmParams } from "./params.js";
import { registerEvmQueries } from "./queryServer.js";

export { EthTxProcessor } from "./ethTxProcessor.js";

export function evmModule(keepers: EvmKeepers): AppModule {
  return {
    name: EVM_STORE,
    anyTypes: [],
    registerServices: ({ queries }) => registerEvmQueries(queries, keepers),
    defaultGenesis: defaultEvmGenesis,
    initGenesis: (ctx, genesis) => initEvmGenesis(ctx, genesis),
    beginBlock(ctx) {
      const evmStore = ctx.storeFor(EVM_STORE);
      beginEvmBlock(evmStore, ctx.header, getEvmParams(evmStore));
    },
  };
}
