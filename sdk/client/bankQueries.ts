// Bank module queries through ABCI: one balance, all balances, total supply, supply of a denom.
// The list queries follow pagination to the end (bounded), or return one page when asked to.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { PageRequestSchema } from "../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { Query as BankQuery } from "../../gen/cosmos/bank/v1beta1/query_pb.js";
import type { Coin } from "../tx/coins.js";
import { ClientError } from "./errors.js";
import { grpcQuery, type GrpcQueryOptions, type AbciQuerier } from "./grpcQuery.js";
import { bytesEqual } from "../crypto/encoding.js";

export type PageRequest = MessageInitShape<typeof PageRequestSchema>;

export interface CoinPage {
  coins: Coin[];
  /** Pass as `page.key` to read the next page; empty when this was the last one. */
  nextKey: Uint8Array;
}

/** Stops a node that keeps answering next_key from looping a client forever. */
const MAX_PAGES = 1000;

const plain = (coins: Array<{ denom: string; amount: string }>): Coin[] => coins.map(({ denom, amount }) => ({ denom, amount }));

/** `Query/Balance`: the balance of one denom (amount "0" when the account holds none). */
export async function getBalance(rpc: AbciQuerier, address: string, denom: string, options?: GrpcQueryOptions): Promise<Coin> {
  const res = await grpcQuery(rpc, BankQuery.method.balance, { address, denom }, options);
  return { denom, amount: res.balance?.amount || "0" };
}

/** `Query/AllBalances`, one page. */
export async function getAllBalancesPage(rpc: AbciQuerier, address: string, page: PageRequest = {}, options?: GrpcQueryOptions): Promise<CoinPage> {
  const res = await grpcQuery(rpc, BankQuery.method.allBalances, { address, pagination: page }, options);
  return { coins: plain(res.balances), nextKey: res.pagination?.nextKey ?? new Uint8Array() };
}

/** `Query/AllBalances`, every page, sorted by denom as the chain returns them. */
export function getAllBalances(rpc: AbciQuerier, address: string, options?: GrpcQueryOptions): Promise<Coin[]> {
  return collectPages((page) => getAllBalancesPage(rpc, address, page, options));
}

/** `Query/TotalSupply`, one page. */
export async function getTotalSupplyPage(rpc: AbciQuerier, page: PageRequest = {}, options?: GrpcQueryOptions): Promise<CoinPage> {
  const res = await grpcQuery(rpc, BankQuery.method.totalSupply, { pagination: page }, options);
  return { coins: plain(res.supply), nextKey: res.pagination?.nextKey ?? new Uint8Array() };
}

/** `Query/TotalSupply`, every page. */
export function getTotalSupply(rpc: AbciQuerier, options?: GrpcQueryOptions): Promise<Coin[]> {
  return collectPages((page) => getTotalSupplyPage(rpc, page, options));
}

/** `Query/SupplyOf`: the supply of one denom ("0" when none exists). */
export async function getSupplyOf(rpc: AbciQuerier, denom: string, options?: GrpcQueryOptions): Promise<Coin> {
  const res = await grpcQuery(rpc, BankQuery.method.supplyOf, { denom }, options);
  return { denom, amount: res.amount?.amount || "0" };
}

async function collectPages(read: (page: PageRequest) => Promise<CoinPage>): Promise<Coin[]> {
  const all: Coin[] = [];
  let key: Uint8Array = new Uint8Array();
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await read({ key });
    all.push(...page.coins);
    if (page.nextKey.length === 0) return all;
    if (bytesEqual(page.nextKey, key)) throw new ClientError("the node returned the same pagination key twice; stopping");
    key = page.nextKey;
  }
  throw new ClientError(`more than ${MAX_PAGES} pages of results; use the single-page query instead`);
}
