// cosmos.auth.v1beta1.Query over committed state.
import { Query } from "../../../gen/cosmos/auth/v1beta1/query_pb.js";
import type { StateReader } from "../../store/types.js";
import { type QueryServices } from "../../query/service.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import { accountToAny } from "./accounts.js";
import { accAddressToString, ACCOUNT_PREFIX as BECH32_PREFIX, ADDRESS_LENGTH, parseAccAddress } from "../../../common/address.js";
import { encodePubKey } from "./pubkey.js";
import type { AccountKeeper } from "./keeper.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";

export function registerAuthQueries(services: QueryServices, keeper: AccountKeeper): void {
  const mustGet = (state: StateReader, address: string) => {
    const account = keeper.getAccount(state, parseAccAddress(address));
    if (!account) throw notFound(`account ${address} not found`);
    return account;
  };

  services.register(Query, {
    account: (req, { state }) => ({ account: accountToAny(mustGet(state, req.address)) }),
    accountInfo: (req, { state }) => {
      const a = mustGet(state, req.address);
      return { info: { address: req.address, accountNumber: a.accountNumber, sequence: a.sequence, ...(a.pubKey ? { pubKey: encodePubKey(a.pubKey) } : {}) } };
    },
    accounts: (req, { state }) => {
      const page = keeper.accountsPage(state, req.pagination);
      return { accounts: page.items.map(accountToAny), pagination: page.pagination };
    },
    accountAddressByID: (req, { state }) => {
      const id = req.accountId !== 0n ? req.accountId : BigInt(req.id);
      if (id < 0n) throw invalidArgument(`invalid account number ${id}`);
      const address = keeper.addressByNumber(state, id);
      if (!address) throw notFound(`account address not found with account number ${id}`);
      return { accountAddress: accAddressToString(address) };
    },
    params: (_req, { state }) => ({ params: keeper.getParams(state) }),
    moduleAccounts: (_req, { state }) => ({
      accounts: [...keeper.moduleAccounts]
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .flatMap((m) => {
          const account = keeper.getAccount(state, moduleAddress(m.name));
          return account ? [accountToAny(account)] : [];
        }),
    }),
    moduleAccountByName: (req, { state }) => {
      if (req.name === "") throw invalidArgument("module name is empty");
      const account = keeper.moduleAccountPermissions(req.name) ? keeper.getAccount(state, moduleAddress(req.name)) : undefined;
      if (!account) throw notFound(`account ${req.name} not found`);
      return { account: accountToAny(account) };
    },
    bech32Prefix: () => ({ bech32Prefix: BECH32_PREFIX }),
    addressBytesToString: (req) => {
      if (req.addressBytes.length !== ADDRESS_LENGTH) throw invalidArgument(`address must be ${ADDRESS_LENGTH} bytes, got ${req.addressBytes.length}`);
      return { addressString: accAddressToString(req.addressBytes) };
    },
    addressStringToBytes: (req) => ({ addressBytes: parseAccAddress(req.addressString) }),
  });
}
