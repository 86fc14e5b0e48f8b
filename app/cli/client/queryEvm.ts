// `unitd query evm balance|account|code|storage|receipt`: the EVM's view of state (chain.evm.Query
// through abci_query), printed as EVM tools write it. Addresses in either form, --height as every query.
import type { DescMessage, DescMethod, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import { Query } from "../../../gen/chain/evm/query_pb.js";
import type { CometRpcClient } from "../../../sdk/client/cometRpcClient.js";
import { AbciQueryError, ClientError } from "../../../sdk/client/errors.js";
import { grpcQuery } from "../../../sdk/client/grpcQuery.js";
import { parseAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { formatHexAddress } from "../../../sdk/crypto/hexAddress.js";
import { expectPositionals, NODE_OPTIONS, UsageError } from "./cliArgs.js";
import { ethTxHashArg, storageSlotArg } from "./evmArgs.js";
import { accountJson, addressFields, balanceJson, hexBytes, receiptJson } from "./evmQueryJson.js";
import { printResult } from "./output.js";
import { parseModuleQuery } from "./queryPrint.js";

const OPTIONS = { ...NODE_OPTIONS, height: { type: "string" }, pending: { type: "boolean" } } as const;

export const EVM_QUERY_USAGE = `  evm balance <address> [--pending]           EVM balance in aunit (= wei), split into bank uunit
                                              and the fractional aunit below 10^12
  evm account <address> [--pending]           nonce, balance (aunit) and code hash; --pending:
                                              with the txs in the mempool (the next nonce to use)
  evm code <address>                          contract code, 0x hex (0x for an account without code)
  evm storage <address> <slot>                one 32-byte storage word; slot as 0x hex or decimal
  evm receipt <0x tx hash>                    receipt of an executed Ethereum tx: status, gas, logs`;

export async function runQueryEvm(args: string[]): Promise<number> {
  // `unitd q evm --node ...`: a flag where the query's name belongs means the name is missing.
  const what = args[0]?.startsWith("-") ? undefined : args[0];
  const rest = what === undefined ? args : args.slice(1);
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, OPTIONS);
  const pending = values.pending === true;
  if (pending && what !== "balance" && what !== "account") throw new UsageError("--pending applies to evm balance and evm account only");
  if (pending && height !== undefined) throw new UsageError("--pending reads the mempool's view of the latest state: it does not go with --height");
  const at = { height: height ?? 0n };
  switch (what) {
    case "balance":
    case "account": {
      const [text] = expectPositionals(positionals, ["address"], `unitd query evm ${what} <address>`);
      const address = parseAccountAddress(text!);
      const account = await query(rpc, Query.method.account, { address: hexRequest(address), pending }, at);
      printResult(what === "balance" ? balanceJson(address, account) : accountJson(address, account), output);
      return 0;
    }
    case "code": {
      const [text] = expectPositionals(positionals, ["address"], "unitd query evm code <address>");
      const address = parseAccountAddress(text!);
      const { code } = await query(rpc, Query.method.code, { address: hexRequest(address) }, at);
      printResult({ ...addressFields(address), code: hexBytes(code) }, output);
      return 0;
    }
    case "storage": {
      const [text, slotText] = expectPositionals(positionals, ["address", "slot"], "unitd query evm storage <address> <slot>");
      const address = parseAccountAddress(text!);
      const slot = storageSlotArg(slotText!);
      const { value } = await query(rpc, Query.method.storage, { address: hexRequest(address), slot }, at);
      printResult({ ...addressFields(address), slot, value: hexBytes(value) }, output);
      return 0;
    }
    case "receipt": {
      const [text] = expectPositionals(positionals, ["tx-hash"], "unitd query evm receipt <0x tx hash>");
      const txHash = ethTxHashArg(text!);
      const where = height === undefined ? " (yet)" : ` at height ${height}`;
      const notFound = `no receipt for tx ${txHash}: it is not in a committed block${where}, or it is not an Ethereum tx (a Cosmos tx: unitd query tx <hash>)`;
      const { receipt } = await query(rpc, Query.method.receipt, { txHash }, at, notFound);
      if (!receipt) throw new ClientError(notFound);
      printResult(receiptJson(receipt), output);
      return 0;
    }
    default:
      throw new UsageError(
        what === undefined
          ? "missing evm query: balance, account, code, storage or receipt"
          : `unknown evm query "${what}": expected balance, account, code, storage or receipt`,
      );
  }
}

// The query takes either form; lowercase 0x carries no checksum to get wrong.
function hexRequest(address: Uint8Array): string {
  return formatHexAddress(address).toLowerCase();
}

type UnaryMethod<I extends DescMessage, O extends DescMessage> = DescMethod & { input: I; output: O };

async function query<I extends DescMessage, O extends DescMessage>(
  rpc: CometRpcClient,
  method: UnaryMethod<I, O>,
  request: MessageInitShape<I>,
  options: { height: bigint },
  notFound?: string,
): Promise<MessageShape<O>> {
  try {
    return await grpcQuery(rpc, method, request, options);
  } catch (err) {
    if (notFound && err instanceof AbciQueryError && err.isNotFound) throw new ClientError(notFound);
    throw err;
  }
}
