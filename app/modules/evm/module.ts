// The evm module: Ethereum txs arrive through the tx pipeline (ethTxProcessor.ts, routed by
// app/tx/routingTxProcessor.ts), not as Msgs, so it registers only its queries. Its genesis
// holds the params; its state (code, storage, receipts, block records) starts empty. Its begin
// block puts the parent block's hash in the EIP-2935 history contract (state/historyStorage.ts)
// and opens the block's EvmBlock record, which fixes the base fee every tx of the block pays;
// its end block burns the base fees the block's txs paid to fee_collector (state/feeBurn.ts).
import type { AppModule } from "../../module.js";
import type { EvmKeepers } from "./expectedKeepers.js";
import { defaultEvmGenesis, exportEvmGenesis, initEvmGenesis } from "./genesis.js";
import { burnBlockBaseFees } from "./state/feeBurn.js";
import { BLOCK_TX_HASH_PREFIX, EVM_BLOCK_PREFIX, MODULE_NAME, RECEIPT_PREFIX } from "./state/keys.js";
import { registerEvmQueries } from "./query/queryServer.js";

export { EthTxProcessor } from "./tx/ethTxProcessor.js";
export { EvmKeeper } from "./state/keeper.js";

export function evmModule(keepers: EvmKeepers): AppModule {
  return {
    name: MODULE_NAME,
    anyTypes: [],
    blockKeyedPrefixes: [EVM_BLOCK_PREFIX, BLOCK_TX_HASH_PREFIX, RECEIPT_PREFIX],
    registerServices: ({ queries }) => registerEvmQueries(queries, keepers),
    defaultGenesis: defaultEvmGenesis,
    initGenesis: (ctx, genesis) => initEvmGenesis(ctx, keepers.evm, genesis, (address) => keepers.accounts.getAccount(ctx.store, address)?.sequence ?? 0n),
    exportGenesis: (state) => exportEvmGenesis(state, keepers.evm),
    beginBlock: (ctx) => void keepers.evm.beginBlock(ctx),
    endBlock: (ctx) => void burnBlockBaseFees(ctx, keepers),
  };
}
