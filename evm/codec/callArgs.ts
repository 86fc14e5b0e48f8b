// eth_call / eth_estimateGas transaction arguments (geth's TransactionArgs) as the app's CallArgs:
// addresses and data as bytes, amounts as decimal aunit strings ("" = not given), gas 0 = the cap.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { CallArgsSchema } from "../../gen/chain/evm/query_pb.js";
import { invalidParams } from "../rpc/errors.js";
import { describe, parseAddress, parseData, parseHash, parseQuantity, parseUint64 } from "./hex.js";

export type CallArgsInit = MessageInitShape<typeof CallArgsSchema>;

/** Most access-list entries (and storage keys across them) an eth_call may name. */
const MAX_ACCESS_LIST_ITEMS = 10_000;

export function parseCallArgs(value: unknown, chainId: bigint, what = "transaction"): CallArgsInit {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalidParams(`${what}: expected a transaction object, got ${describe(value)}`);
  const o = value as Record<string, unknown>;
  const given = (key: string) => o[key] !== undefined && o[key] !== null;
  const args: CallArgsInit = {};
  if (given("from")) args.from = parseAddress(o.from, `${what}.from`);
  if (given("to")) args.to = parseAddress(o.to, `${what}.to`);
  if (given("gas")) args.gas = parseUint64(o.gas, `${what}.gas`);
  if (given("gasPrice") && (given("maxFeePerGas") || given("maxPriorityFeePerGas"))) {
    throw invalidParams("both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified");
  }
  for (const key of ["gasPrice", "maxFeePerGas", "maxPriorityFeePerGas", "value"] as const) {
    if (given(key)) args[key] = parseQuantity(o[key], `${what}.${key}`).toString();
  }
  const input = given("input") ? parseData(o.input, `${what}.input`) : undefined;
  const data = given("data") ? parseData(o.data, `${what}.data`) : undefined;
  if (input && data && Buffer.compare(input, data) !== 0) {
    throw invalidParams('both "data" and "input" are set and not equal. Please use "input" to pass transaction call data');
  }
  const callData = input ?? data;
  if (callData) args.data = callData;
  if (given("nonce")) args.nonce = parseUint64(o.nonce, `${what}.nonce`);
  if (given("accessList")) args.accessList = parseAccessList(o.accessList, `${what}.accessList`);
  if (given("chainId")) {
    const have = parseQuantity(o.chainId, `${what}.chainId`);
    if (have !== chainId) throw invalidParams(`chainId does not match node's (have=${have}, want=${chainId})`);
  }
  if (given("authorizationList") && (!Array.isArray(o.authorizationList) || o.authorizationList.length > 0)) {
    throw invalidParams(`${what}.authorizationList: EIP-7702 authorizations are not supported in eth_call and eth_estimateGas`);
  }
  if (given("blobVersionedHashes") && (!Array.isArray(o.blobVersionedHashes) || o.blobVersionedHashes.length > 0)) {
    throw invalidParams("blob transactions are not supported");
  }
  return args;
}

function parseAccessList(value: unknown, what: string): NonNullable<CallArgsInit["accessList"]> {
  if (!Array.isArray(value)) throw invalidParams(`${what}: expected an array of {address, storageKeys}`);
  let items = 0;
  return value.map((entry, i) => {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) throw invalidParams(`${what}[${i}]: expected {address, storageKeys}`);
    const e = entry as Record<string, unknown>;
    const keys = e.storageKeys ?? [];
    if (!Array.isArray(keys)) throw invalidParams(`${what}[${i}].storageKeys: expected an array of 32-byte hashes`);
    items += 1 + keys.length;
    if (items > MAX_ACCESS_LIST_ITEMS) throw invalidParams(`${what}: more than ${MAX_ACCESS_LIST_ITEMS} addresses and storage keys`);
    return { address: parseAddress(e.address, `${what}[${i}].address`), storageKeys: keys.map((k, j) => parseHash(k, `${what}[${i}].storageKeys[${j}]`)) };
  });
}
