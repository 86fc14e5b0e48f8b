// `unitd query tx <hash>`: a committed tx from CometBFT's /tx, decoded, in the shape of the SDK's
// TxResponse (height, txhash, code, raw_log, gas, the decoded tx, block time, events).
import type { JsonObject } from "@bufbuild/protobuf";
import { CometRpcClient } from "../../../sdk/client/cometRpcClient.js";
import { ClientError } from "../../../sdk/client/errors.js";
import type { TxResponse } from "../../../sdk/client/rpcResponses.js";
import { decodeTx, txToJson } from "../../../sdk/tx/decodeTx.js";
import { NODE_OPTIONS, expectPositionals, nodeUrlFlag } from "./cliArgs.js";
import { outputFormat, parseStrictArgs } from "../flags.js";
import { printResult } from "./output.js";

export async function runQueryTx(args: string[]): Promise<number> {
  const { values, positionals } = parseStrictArgs(args, NODE_OPTIONS);
  const output = outputFormat(values.output);
  const [hash] = expectPositionals(positionals, ["hash"], "unitd query tx <hash>");
  const rpc = new CometRpcClient(nodeUrlFlag(values.node));
  const tx = await rpc.getTx(hash!);
  if (!tx) throw new ClientError(`tx ${hash!.replace(/^0x/i, "").toUpperCase()} not found: it is not in a block (yet), or the node does not index txs`);
  const header = await rpc.header(tx.height);
  printResult(txResponseJson(tx, header.time), output);
  return 0;
}

export function txResponseJson(tx: TxResponse, timestamp: string): JsonObject {
  let decoded: JsonObject;
  try {
    decoded = { "@type": "/cosmos.tx.v1beta1.Tx", ...txToJson(decodeTx(tx.tx)) };
  } catch {
    // Not a Cosmos tx (an Ethereum tx goes through the same mempool): show its bytes.
    decoded = { raw: Buffer.from(tx.tx).toString("base64") };
  }
  return {
    height: tx.height.toString(),
    txhash: tx.hash,
    codespace: tx.result.codespace,
    code: tx.result.code,
    data: Buffer.from(tx.result.data).toString("hex").toUpperCase(),
    raw_log: tx.result.log,
    gas_wanted: tx.result.gasWanted.toString(),
    gas_used: tx.result.gasUsed.toString(),
    tx: decoded,
    timestamp,
    events: tx.result.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index })) })),
  };
}
