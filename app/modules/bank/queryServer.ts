// cosmos.bank.v1beta1.Query over committed state.
import { Query } from "../../../gen/cosmos/bank/v1beta1/query_pb.js";
import type { PageRequest } from "../../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import type { StateReader } from "../../store/types.js";
import { type QueryServices } from "../../query/service.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import { validateDenom, type Coin } from "../../coins/coins.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import type { BankKeeper } from "./keeper.js";

function denomArg(denom: string): string {
  if (denom === "") throw invalidArgument("invalid denom: empty");
  try {
    validateDenom(denom);
  } catch (err) {
    throw invalidArgument((err as Error).message);
  }
  return denom;
}

const coinJson = (c: Coin) => ({ denom: c.denom, amount: c.amount.toString() });

export function registerBankQueries(services: QueryServices, keeper: BankKeeper): void {
  const balances = (state: StateReader, address: string, pagination: PageRequest | undefined) => {
    const page = keeper.balancesPage(state, parseAccAddress(address), pagination);
    return { balances: page.items.map(coinJson), pagination: page.pagination };
  };
  const balance = (state: StateReader, address: string, denom: string) => ({
    balance: { denom: denomArg(denom), amount: keeper.getBalance(state, parseAccAddress(address), denom).toString() },
  });
  const owners = (state: StateReader, denom: string, pagination: PageRequest | undefined) => {
    const page = keeper.denomOwnersPage(state, denomArg(denom), pagination);
    return {
      denomOwners: page.items.map((o) => ({ address: accAddressToString(o.address), balance: { denom, amount: o.amount.toString() } })),
      pagination: page.pagination,
    };
  };
  const metadata = (state: StateReader, denom: string) => {
    const m = keeper.getDenomMetadata(state, denomArg(denom));
    if (!m) throw notFound(`client metadata for denom ${denom}`);
    return { metadata: m };
  };

  services.register(Query, {
    balance: (req, { state }) => balance(state, req.address, req.denom),
    allBalances: (req, { state }) => balances(state, req.address, req.pagination),
    spendableBalances: (req, { state }) => balances(state, req.address, req.pagination),
    spendableBalanceByDenom: (req, { state }) => balance(state, req.address, req.denom),
    totalSupply: (req, { state }) => {
      const page = keeper.supplyPage(state, req.pagination);
      return { supply: page.items.map(coinJson), pagination: page.pagination };
    },
    supplyOf: (req, { state }) => ({ amount: { denom: denomArg(req.denom), amount: keeper.getSupply(state, req.denom).toString() } }),
    params: (_req, { state }) => ({ params: keeper.getParams(state) }),
    denomMetadata: (req, { state }) => metadata(state, req.denom),
    denomOwners: (req, { state }) => owners(state, req.denom, req.pagination),
    denomOwnersByQuery: (req, { state }) => owners(state, req.denom, req.pagination),
    denomMetadataByQueryString: (req, { state }) => metadata(state, req.denom),
    denomsMetadata: (req, { state }) => {
      const page = keeper.denomMetadataPage(state, req.pagination);
      return { metadatas: page.items, pagination: page.pagination };
    },
    sendEnabled: (req, { state }) => {
      const params = keeper.getParams(state);
      const denoms = req.denoms.length > 0 ? req.denoms.map(denomArg) : params.sendEnabled.map((s) => s.denom);
      return { sendEnabled: denoms.map((denom) => ({ denom, enabled: keeper.isSendEnabled(state, denom) })) };
    },
  });
}
