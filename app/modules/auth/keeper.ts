// The only code that reads or writes accounts. Account numbers are handed out in creation order,
// so every validator numbers accounts identically.
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { Memo } from "../../../common/memo.js";
import { equalBytes, keyToString, ownedCopy } from "../../store/bytes.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import type { Context } from "../../context.js";
import { StoreKey } from "../../storeKey.js";
import type { StateReader } from "../../store/types.js";
import { LastDecoded } from "../../store/lastDecoded.js";
import { paginate, type Page } from "../../query/pagination.js";
import type { PageRequest } from "../../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { ParamsSchema } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { decodeAccount, encodeAccount, type Account } from "./accounts.js";
import { accountKey, accountNumberKey, ACCOUNT_PREFIX, MIN_GAS_PRICE_KEY, MODULE_NAME, NEXT_ACCOUNT_NUMBER_KEY, PARAMS_KEY, readU64be, u64be } from "./keys.js";
import { defaultAuthParams, DEFAULT_MIN_GAS_PRICE, formatGasPrice, parseGasPrice, validateAuthParams, type AuthParams, type GasPrice } from "./params.js";

/** Accounts kept decoded (a few hundred bytes each). */
const ACCOUNT_CACHE_ENTRIES = 50_000;

/**
 * A copy no one can change, shaped as decodeAccount returns it from stored bytes (the key a
 * Buffer): shared by every reader of the same stored bytes. Successive versions of an account
 * mostly differ in the sequence alone, so a version shares the address copy and public key of
 * `previous`, the same address's last version, when those are the same bytes: versions stay in
 * the memo for a few blocks, and fresh copies made each tx's version several hundred bytes more
 * for the young-generation collector to copy.
 */
function frozenAccount(account: Account, previous: Account | undefined): Account {
  const { pubKey, module } = account;
  const before = previous?.pubKey;
  const sharedPubKey = pubKey && before && before.algo === pubKey.algo && equalBytes(before.key, pubKey.key) ? before : undefined;
  return Object.freeze({
    address: previous?.address ?? Uint8Array.from(account.address),
    accountNumber: account.accountNumber,
    sequence: account.sequence,
    // The key's own memory (ownedCopy): kept in the memo, a pooled copy would hold its 8 KiB slab.
    ...(pubKey ? { pubKey: sharedPubKey ?? Object.freeze({ algo: pubKey.algo, key: ownedCopy(pubKey.key) }) } : {}),
    ...(module ? { module: Object.freeze({ name: module.name, permissions: Object.freeze([...module.permissions]) as string[] }) } : {}),
  });
}

export class AccountKeeper {
  /** Module account names by the hex of their addresses, for the check on every send. */
  private readonly moduleNamesByAddress: ReadonlyMap<string, string>;

  /** Module accounts this chain creates at genesis, with their permissions. */
  constructor(readonly moduleAccounts: ReadonlyArray<{ name: string; permissions: string[] }>) {
    this.moduleNamesByAddress = new Map(moduleAccounts.map((m) => [Buffer.from(moduleAddress(m.name)).toString("hex"), m.name]));
  }

  private readonly key = new StoreKey(MODULE_NAME);

  /**
   * Accounts by their stored bytes, decoded once: a signer's account is read in CheckTx, each
   * recheck, the proposal checks and FinalizeBlock, in the same bytes each time. A pure function's
   * results, frozen, so sharing them changes nothing (callers make changed copies to write).
   */
  private readonly decoded = new Memo<string, Account>(ACCOUNT_CACHE_ENTRIES);
  /** Each address's last frozen version (by the address's bytes), whose parts the next one shares. */
  private readonly latest = new Memo<string, Account>(ACCOUNT_CACHE_ENTRIES);
  /** Params and the minimum gas price, read by every tx's ante: decoded again only when their bytes change. */
  private readonly params = new LastDecoded<AuthParams>();
  private readonly minGasPrice = new LastDecoded<GasPrice>();

  getAccount(state: StateReader, address: Uint8Array): Account | undefined {
    const raw = this.key.read(state).get(accountKey(address));
    if (!raw) return undefined;
    const key = keyToString(raw);
    let account = this.decoded.get(key);
    if (!account) {
      account = this.freeze(decodeAccount(raw));
      this.decoded.set(key, account);
    }
    return account;
  }

  setAccount(ctx: Context, account: Account): void {
    const raw = encodeAccount(account);
    this.key.write(ctx).set(accountKey(account.address), raw);
    // The next read of these bytes (the signer's next tx) needs no decoding.
    this.decoded.set(keyToString(raw), this.freeze(account));
  }

  private freeze(account: Account): Account {
    const key = keyToString(account.address);
    const frozen = frozenAccount(account, this.latest.get(key));
    this.latest.set(key, frozen);
    return frozen;
  }

  /** Creates an account with the next account number; the address must be new. */
  newAccount(ctx: Context, address: Uint8Array, module?: Account["module"]): Account {
    const store = this.key.write(ctx);
    if (store.has(accountKey(address))) throw new Error(`account ${Buffer.from(address).toString("hex")} already exists`);
    const raw = store.get(NEXT_ACCOUNT_NUMBER_KEY);
    const accountNumber = raw ? readU64be(raw) : 0n;
    store.set(NEXT_ACCOUNT_NUMBER_KEY, u64be(accountNumber + 1n));
    const account: Account = { address, accountNumber, sequence: 0n, ...(module ? { module } : {}) };
    store.set(accountKey(address), encodeAccount(account));
    store.set(accountNumberKey(accountNumber), address);
    return account;
  }

  /** An exported account under its own number (genesis import); later numbers continue after it. */
  importAccount(ctx: Context, account: Account): void {
    const store = this.key.write(ctx);
    if (store.has(accountKey(account.address)) || store.has(accountNumberKey(account.accountNumber)))
      throw new Error(`account ${Buffer.from(account.address).toString("hex")} or number ${account.accountNumber} already exists`);
    store.set(accountKey(account.address), encodeAccount(account));
    store.set(accountNumberKey(account.accountNumber), account.address);
    const raw = store.get(NEXT_ACCOUNT_NUMBER_KEY);
    if (!raw || readU64be(raw) <= account.accountNumber) store.set(NEXT_ACCOUNT_NUMBER_KEY, u64be(account.accountNumber + 1n));
  }

  /** Accounts come into existence on first receipt of funds. */
  ensureAccount(ctx: Context, address: Uint8Array): void {
    if (!this.key.write(ctx).has(accountKey(address))) this.newAccount(ctx, address);
  }

  addressByNumber(state: StateReader, accountNumber: bigint): Uint8Array | undefined {
    return this.key.read(state).get(accountNumberKey(accountNumber));
  }

  /** Every account in address order (key order). */
  *accounts(state: StateReader): IterableIterator<{ key: Uint8Array; account: Account }> {
    for (const { key, value } of this.key.read(state).prefixIterator(ACCOUNT_PREFIX)) yield { key: key.subarray(1), account: decodeAccount(value) };
  }

  /** One page of accounts in address order, as the Accounts query pages them. */
  accountsPage(state: StateReader, req: PageRequest | undefined): Page<Account> {
    return paginate(this.key.read(state), ACCOUNT_PREFIX, req, (_key, value) => decodeAccount(value));
  }

  getParams(state: StateReader): AuthParams {
    const raw = this.key.read(state).get(PARAMS_KEY);
    if (raw === undefined) return defaultAuthParams();
    return this.params.get(raw, () => fromBinary(ParamsSchema, raw));
  }

  setParams(ctx: Context, params: AuthParams): void {
    validateAuthParams(params);
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, params));
  }

  /** The chain's minimum gas price (a genesis setting of this chain, kept beside the params). */
  getMinGasPrice(state: StateReader): GasPrice {
    const raw = this.key.read(state).get(MIN_GAS_PRICE_KEY) ?? Buffer.from(DEFAULT_MIN_GAS_PRICE);
    return this.minGasPrice.get(raw, () => parseGasPrice(Buffer.from(raw).toString()));
  }

  setMinGasPrice(ctx: Context, price: GasPrice): void {
    this.key.write(ctx).set(MIN_GAS_PRICE_KEY, Buffer.from(formatGasPrice(price)));
  }

  moduleAccountPermissions(name: string): string[] | undefined {
    return this.moduleAccounts.find((m) => m.name === name)?.permissions;
  }

  /** True for addresses of this chain's module accounts, which ordinary sends may not credit. */
  isModuleAddress(address: Uint8Array): string | undefined {
    return this.moduleNamesByAddress.get(Buffer.from(address).toString("hex"));
  }
}
