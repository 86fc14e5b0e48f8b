// cosmos.auth.v1beta1.Query over committed state.
import { Query } from "../../../gen/cosmos/auth/v1beta1/query_pb.js";
import { moduleReader } from "../../store/prefixStore.js";
import type { KVReader } from "../../store/types.js";
import { paginate } from "../../query/pagination.js";
import { type QueryServices } from "../../query/service.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import { accountToAny, decodeAccount } from "./accounts.js";
import { accAddressToString, ACCOUNT_PREFIX as BECH32_PREFIX, ADDRESS_LENGTH, parseAccAddress } from "../../../common/address.js";
import { encodePubKey } from "./pubkey.js";
import { AUTH_MODULE, type AccountKeeper } from "./keeper.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { ACCOUNT_PREFIX } from "./keys.js";
import { getAuthParams } from "./params.js";

export function registerAuthQueries(services: QueryServices, keeper: AccountKeeper): void {
  const auth = (state: KVReader) => moduleReader(state, AUTH_MODULE);
  const mustGet = (state: KVReader, address: string) => {
    const account = keeper.getAccount(auth(state), parseAccAddress(address));
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
      const page = paginate(auth(state), ACCOUNT_PREFIX, req.pagination, (_key, value) => accountToAny(decodeAccount(value)));
      return { accounts: page.items, pagination: page.pagination };
    },
    accountAddressByID: (req, { state }) => {
      const id = req.accountId !== 0n ? req.accountId : BigInt(req.id);
      if (id < 0n) throw invalidArgument(`invalid account number ${id}`);
      const address = keeper.addressByNumber(auth(state), id);
      if (!address) throw notFound(`account address not found with account number ${id}`);
      return { accountAddress: accAddressToString(address) };
    },
    params: (_req, { state }) => ({ params: getAuthParams(auth(state)) }),
    moduleAccounts: (_req, { state }) => ({
      accounts: [...keeper.moduleAccounts]
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .flatMap((m) => {
          const account = keeper.getAccount(auth(state), moduleAddress(m.name));
          return account ? [accountToAny(account)] : [];
        }),
    }),
    moduleAccountByName: (req, { state }) => {
      if (req.name === "") throw invalidArgument("module name is empty");
      const account = keeper.moduleAccountPermissions(req.name) ? keeper.getAccount(auth(state), moduleAddress(req.name)) : undefined;
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
