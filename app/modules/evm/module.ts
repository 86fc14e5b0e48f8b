// The evm module: Ethereum txs arrive through the tx pipeline (ethTxProcessor.ts, routed by
// app/tx/routingTxProcessor.ts), not as Msgs, so it registers only its queries. Its genesis
// holds the params; its state (code, storage, receipts) starts empty.
import type { AppModule } from "../../module.js";
import { defaultEvmGenesis, initEvmGenesis } from "./genesis.js";
import { EVM_STORE } from "./keys.js";
import { registerEvmQueries } from "./queryServer.js";

export { EthTxProcessor } from "./ethTxProcessor.js";

export const evmModule: AppModule = {
  name: EVM_STORE,
  anyTypes: [],
  registerServices: ({ queries }) => registerEvmQueries(queries),
  defaultGenesis: defaultEvmGenesis,
  initGenesis: (ctx, genesis) => initEvmGenesis(ctx, genesis),
};
