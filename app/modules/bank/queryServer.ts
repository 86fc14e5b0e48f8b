// cosmos.bank.v1beta1.Query over committed state.
import { Query } from "../../../gen/cosmos/bank/v1beta1/query_pb.js";
import { moduleReader } from "../../store/prefixStore.js";
import type { KVReader } from "../../store/types.js";
import { paginate } from "../../query/pagination.js";
import { type QueryServices } from "../../query/service.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import { parseAmount, validateDenom } from "../../coins/coins.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { BANK_MODULE, type BankKeeper } from "./keeper.js";
import { accountBalancesPrefix, DENOM_METADATA_PREFIX, denomOwnersPrefix, SUPPLY_PREFIX } from "./keys.js";
import { fromBinary } from "@bufbuild/protobuf";
import { MetadataSchema } from "../../../gen/cosmos/bank/v1beta1/bank_pb.js";

const utf8 = new TextDecoder();

function denomArg(denom: string): string {
  if (denom === "") throw invalidArgument("invalid denom: empty");
  try {
    validateDenom(denom);
  } catch (err) {
    throw invalidArgument((err as Error).message);
  }
  return denom;
}

export function registerBankQueries(services: QueryServices, keeper: BankKeeper): void {
  const bank = (state: KVReader) => moduleReader(state, BANK_MODULE);
  const coin = (denom: string, value: Uint8Array) => ({ denom, amount: parseAmount(utf8.decode(value)).toString() });
  const balances = (state: KVReader, address: string, pagination: Parameters<typeof paginate>[2]) => {
    const page = paginate(bank(state), accountBalancesPrefix(parseAccAddress(address)), pagination, (key, value) => coin(utf8.decode(key), value));
    return { balances: page.items, pagination: page.pagination };
  };
  const balance = (state: KVReader, address: string, denom: string) => ({
    balance: { denom: denomArg(denom), amount: keeper.getBalance(bank(state), parseAccAddress(address), denom).toString() },
  });
  const owners = (state: KVReader, denom: string, pagination: Parameters<typeof paginate>[2]) => {
    const reader = bank(state);
    const page = paginate(reader, denomOwnersPrefix(denomArg(denom)), pagination, (address) => ({
      address: accAddressToString(address),
      balance: { denom, amount: keeper.getBalance(reader, address, denom).toString() },
    }));
    return { denomOwners: page.items, pagination: page.pagination };
  };
  const metadata = (state: KVReader, denom: string) => {
    const m = keeper.getDenomMetadata(bank(state), denomArg(denom));
    if (!m) throw notFound(`client metadata for denom ${denom}`);
    return { metadata: m };
  };

  services.register(Query, {
    balance: (req, { state }) => balance(state, req.address, req.denom),
    allBalances: (req, { state }) => balances(state, req.address, req.pagination),
    spendableBalances: (req, { state }) => balances(state, req.address, req.pagination),
    spendableBalanceByDenom: (req, { state }) => balance(state, req.address, req.denom),
    totalSupply: (req, { state }) => {
      const page = paginate(bank(state), SUPPLY_PREFIX, req.pagination, (key, value) => coin(utf8.decode(key), value));
      return { supply: page.items, pagination: page.pagination };
    },
    supplyOf: (req, { state }) => ({ amount: { denom: denomArg(req.denom), amount: keeper.getSupply(bank(state), req.denom).toString() } }),
    params: (_req, { state }) => ({ params: keeper.getParams(bank(state)) }),
    denomMetadata: (req, { state }) => metadata(state, req.denom),
    denomOwners: (req, { state }) => owners(state, req.denom, req.pagination),
    denomOwnersByQuery: (req, { state }) => owners(state, req.denom, req.pagination),
    denomMetadataByQueryString: (req, { state }) => metadata(state, req.denom),
    denomsMetadata: (req, { state }) => {
      const page = paginate(bank(state), DENOM_METADATA_PREFIX, req.pagination, (_key, value) => fromBinary(MetadataSchema, value));
      return { metadatas: page.items, pagination: page.pagination };
    },
    sendEnabled: (req, { state }) => {
      const params = keeper.getParams(bank(state));
      const denoms = req.denoms.length > 0 ? req.denoms.map(denomArg) : params.sendEnabled.map((s) => s.denom);
      return { sendEnabled: denoms.map((denom) => ({ denom, enabled: keeper.isSendEnabled(bank(state), denom) })) };
    },
  });
}
