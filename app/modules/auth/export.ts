// Auth's full-state genesis: every account (module accounts too) as the SDK's Any JSON, with its
// number, sequence and public key, so an import rebuilds the same records and numbering.
import { createRegistry, fromJson, isMessage, toBinary, toJson, type JsonValue } from "@bufbuild/protobuf";
import { AnySchema, anyUnpack } from "@bufbuild/protobuf/wkt";
import { BaseAccountSchema, ModuleAccountSchema, ParamsSchema } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { accountFromAny, accountToAny, type Account } from "./accounts.js";
import type { AuthGenesis } from "./genesisState.js";
import type { AccountKeeper } from "./keeper.js";
import { formatGasPrice } from "./params.js";
import { PUBKEY_SCHEMAS } from "./pubkey.js";

const registry = createRegistry(BaseAccountSchema, ModuleAccountSchema, ...Object.values(PUBKEY_SCHEMAS));
const JSON_OPTS = { useProtoFieldName: true, alwaysEmitImplicit: true, registry } as const;

export function exportAuthGenesis(state: StateReader, keeper: AccountKeeper): AuthGenesis {
  return {
    params: toJson(ParamsSchema, keeper.getParams(state), JSON_OPTS),
    min_gas_price: formatGasPrice(keeper.getMinGasPrice(state)),
    accounts: [...keeper.accounts(state)].map(({ account }) => toJson(AnySchema, accountToAny(account), JSON_OPTS) as { address: string }),
  };
}

/** A full-state entry names its type; today's genesis files list bare `{ address }` entries. */
export function isExportedAccount(entry: unknown): boolean {
  return typeof entry === "object" && entry !== null && "@type" in entry;
}

/** protobuf-es reads JSON "@type" into "type.googleapis.com/pkg.Name"; the SDK stores "/pkg.Name". */
const sdkTypeUrl = (typeUrl: string) => typeUrl.slice(typeUrl.lastIndexOf("/"));

export function parseExportedAccount(entry: unknown, where: string): Account {
  try {
    const any = fromJson(AnySchema, entry as JsonValue, { registry });
    const message = anyUnpack(any, registry);
    const isModule = message !== undefined && isMessage(message, ModuleAccountSchema);
    const base = isModule ? message.baseAccount : message !== undefined && isMessage(message, BaseAccountSchema) ? message : undefined;
    if (!base) throw new Error(`unknown account type ${any.typeUrl}`);
    // The public key's Any too: read from JSON it names its type in the long form as well.
    if (base.pubKey) base.pubKey.typeUrl = sdkTypeUrl(base.pubKey.typeUrl);
    const value = isModule ? toBinary(ModuleAccountSchema, message) : toBinary(BaseAccountSchema, base);
    return accountFromAny({ ...any, typeUrl: sdkTypeUrl(any.typeUrl), value });
  } catch (err) {
    throw new Error(`${where}: ${(err as Error).message}`);
  }
}

/** Writes exported accounts with their own numbers; returns the next number to hand out. */
export function importAccounts(ctx: Context, keeper: AccountKeeper, accounts: Account[]): void {
  const seen = new Set<string>();
  for (const a of accounts) {
    for (const id of [`a${Buffer.from(a.address).toString("hex")}`, `n${a.accountNumber}`]) {
      if (seen.has(id)) throw new Error(`auth genesis: duplicate account ${id.startsWith("a") ? "address" : "number"} ${id.slice(1)}`);
      seen.add(id);
    }
    keeper.importAccount(ctx, a);
  }
}
