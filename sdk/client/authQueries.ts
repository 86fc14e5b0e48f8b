// Auth module queries: accounts (BaseAccount or ModuleAccount, the two types CosmJS decodes too)
// and module accounts by name.
import type { Any } from "@bufbuild/protobuf/wkt";
import { fromBinary } from "@bufbuild/protobuf";
import { BaseAccountSchema, ModuleAccountSchema, type BaseAccount, type ModuleAccount } from "../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { Query as AuthQuery } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import { AbciQueryError, AccountNotFoundError, UnexpectedResponseError } from "./errors.js";
import { grpcQuery, type GrpcQueryOptions, type AbciQuerier } from "./grpcQuery.js";

export type Account = BaseAccount | ModuleAccount;

/** Unpacks an account Any; other account types are refused rather than guessed at. */
export function decodeAccountAny(any: Any | undefined): Account {
  if (!any) throw new UnexpectedResponseError("the node answered an account query without an account");
  try {
    if (any.typeUrl === `/${BaseAccountSchema.typeName}`) return fromBinary(BaseAccountSchema, any.value);
    if (any.typeUrl === `/${ModuleAccountSchema.typeName}`) return fromBinary(ModuleAccountSchema, any.value);
  } catch (err) {
    throw new UnexpectedResponseError(`cannot decode the ${any.typeUrl} the node returned: ${(err as Error).message}`);
  }
  throw new UnexpectedResponseError(`unsupported account type ${any.typeUrl}`);
}

/**
 * `cosmos.auth.v1beta1.Query/Account`; undefined when the chain has never seen the address
 * (the app answers gRPC NotFound, as the SDK does for an account with no state yet).
 */
export async function getAccount(rpc: AbciQuerier, address: string, options?: GrpcQueryOptions): Promise<Account | undefined> {
  try {
    return decodeAccountAny((await grpcQuery(rpc, AuthQuery.method.account, { address }, options)).account);
  } catch (err) {
    if (err instanceof AbciQueryError && err.isNotFound) return undefined;
    throw err;
  }
}

/** `cosmos.auth.v1beta1.Query/ModuleAccountByName`, e.g. "gov", "fee_collector". */
export async function getModuleAccountByName(rpc: AbciQuerier, name: string, options?: GrpcQueryOptions): Promise<ModuleAccount> {
  const account = decodeAccountAny((await grpcQuery(rpc, AuthQuery.method.moduleAccountByName, { name }, options)).account);
  if (account.$typeName !== ModuleAccountSchema.typeName)
    throw new UnexpectedResponseError(`the node answered a ${account.$typeName} for module account "${name}"`);
  return account;
}

/** What a signer needs from its account. */
export interface SigningInfo {
  accountNumber: bigint;
  sequence: bigint;
}

/** The account number and sequence to sign with; throws when the chain does not know the address. */
export async function getSigningInfo(rpc: AbciQuerier, address: string): Promise<SigningInfo> {
  const account = await getAccount(rpc, address);
  if (!account) throw new AccountNotFoundError(address);
  const base = account.$typeName === ModuleAccountSchema.typeName ? account.baseAccount : account;
  return { accountNumber: base?.accountNumber ?? 0n, sequence: base?.sequence ?? 0n };
}
