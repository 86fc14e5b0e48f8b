// Every JSON-RPC method the server answers, by name. A name not here (eth_sendTransaction,
// eth_sign, hardhat_*, debug_*, miner methods, ...) is "method not found" (-32601): the server
// holds no keys and mines nothing.
import type { MethodSpec, MethodTable } from "../rpc/dispatcher.js";
import { blockMethods } from "./blocks.js";
import { feeMethods } from "./fees.js";
import { logMethods } from "./logs.js";
import type { RpcServices } from "./services.js";
import { stateMethods } from "./state.js";
import { subscribeMethods } from "./subscribe.js";
import { transactionMethods } from "./transactions.js";
import { web3NetMethods } from "./web3Net.js";

export function methodTable(s: RpcServices): MethodTable {
  const groups = [web3NetMethods(s), stateMethods(s), blockMethods(s), transactionMethods(s), feeMethods(s), logMethods(s), subscribeMethods(s)];
  // A Map, so no name can reach Object.prototype ("constructor", "__proto__").
  const table = new Map<string, MethodSpec>();
  for (const group of groups) {
    for (const [name, spec] of Object.entries(group)) {
      if (table.has(name)) throw new Error(`JSON-RPC method ${name} is defined twice`);
      table.set(name, spec);
    }
  }
  return table;
}
