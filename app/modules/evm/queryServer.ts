// chain.evm.Query over committed state (REST: /vendor/chain/evm/...).
import { Query } from "../../../gen/chain/evm/query_pb.js";
import { invalidArgument, notFound, type QueryServices } from "../../query/service.js";
import { moduleReader } from "../../store/prefixStore.js";
import { EVM_STORE } from "./keys.js";
import { getEvmParams, paramsMessage } from "./params.js";
import { getReceipt } from "./receipts.js";

function txHashArg(text: string): Uint8Array {
  if (!/^0x[0-9a-fA-F]{64}$/.test(text)) throw invalidArgument(`tx_hash must be 0x followed by 64 hex digits, got "${text}"`);
  return Uint8Array.from(Buffer.from(text.slice(2), "hex"));
}

export function registerEvmQueries(services: QueryServices): void {
  services.register(Query, {
    receipt: (req, { state }) => {
      const receipt = getReceipt(moduleReader(state, EVM_STORE), txHashArg(req.txHash));
      if (!receipt) throw notFound(`no receipt for tx ${req.txHash}`);
      return { receipt };
    },
    params: (_req, { state }) => ({ params: paramsMessage(getEvmParams(moduleReader(state, EVM_STORE))) }),
  });
}
