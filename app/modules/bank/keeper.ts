// The only code that touches balances and supply. Every movement of coins goes through
// `moveCoins`, `mint` or `burn`, so "sum of balances = supply" holds by construction: sends move
// amounts between balances; only mint and burn change the supply, and they change a balance by
// the same amount in the same call.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { MetadataSchema, ParamsSchema, type Metadata, type Params } from "../../../gen/cosmos/bank/v1beta1/bank_pb.js";
import type { Context } from "../../context.js";
import { sdkErrors } from "../../../common/errors.js";
import { MAX_AMOUNT, parseAmount, type Coin } from "../../coins/coins.js";
import type { KVReader, KVStore, StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { emitBurn, emitCoinbase, emitCoinReceived, emitCoinSpent, emitTransfer } from "./events.js";
import type { BankAccountKeeper } from "./expectedKeepers.js";
import {
  accountBalancesPrefix,
  BALANCE_PREFIX,
  balanceKey,
  DENOM_METADATA_PREFIX,
  denomMetadataKey,
  denomOwnerKey,
  denomOwnersPrefix,
  MODULE_NAME,
  PARAMS_KEY,
  SUPPLY_PREFIX,
  supplyKey,
} from "./keys.js";
import { paginate, type Page } from "../../query/pagination.js";
import type { PageRequest } from "../../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { getMessage } from "../../store/messages.js";
import { LastDecoded } from "../../store/lastDecoded.js";

const utf8 = new TextDecoder();

function readAmount(raw: Uint8Array | undefined): bigint {
  return raw ? parseAmount(utf8.decode(raw)) : 0n;
}

function balanceIn(bankStore: KVReader, address: Uint8Array, denom: string): bigint {
  return readAmount(bankStore.get(balanceKey(address, denom)));
}

function supplyIn(bankStore: KVReader, denom: string): bigint {
  return readAmount(bankStore.get(supplyKey(denom)));
}

function writeAmount(store: KVStore, key: Uint8Array, amount: bigint): void {
  if (amount === 0n) store.delete(key);
  else store.set(key, Buffer.from(amount.toString()));
}

/** A balance and the holder index beside it; the index is written only when a balance appears or goes. */
function writeBalance(store: KVStore, address: Uint8Array, denom: string, before: bigint, after: bigint): void {
  writeAmount(store, balanceKey(address, denom), after);
  if (before === 0n && after !== 0n) store.set(denomOwnerKey(denom, address), new Uint8Array());
  else if (before !== 0n && after === 0n) store.delete(denomOwnerKey(denom, address));
}

export class BankKeeper {
  constructor(private readonly accounts: BankAccountKeeper) {}

  private readonly key = new StoreKey(MODULE_NAME);

  getBalance(state: StateReader, address: Uint8Array, denom: string): bigint {
    return balanceIn(this.key.read(state), address, denom);
  }

  /** All non-zero balances of an account, sorted by denom. */
  getAllBalances(state: StateReader, address: Uint8Array): Coin[] {
    const out: Coin[] = [];
    for (const { key, value } of this.key.read(state).prefixIterator(accountBalancesPrefix(address))) {
      out.push({ denom: utf8.decode(key.subarray(21)), amount: readAmount(value) });
    }
    return out;
  }

  /** Every account's balances, grouped by account in address order (the export). */
  *allBalances(state: StateReader): IterableIterator<{ address: Uint8Array; coins: Coin[] }> {
    let current: { address: Uint8Array; coins: Coin[] } | undefined;
    for (const { key, value } of this.key.read(state).prefixIterator(BALANCE_PREFIX)) {
      const address = key.subarray(1, 21);
      if (current && !Buffer.from(current.address).equals(address)) {
        yield current;
        current = undefined;
      }
      current ??= { address: Uint8Array.from(address), coins: [] };
      current.coins.push({ denom: utf8.decode(key.subarray(21)), amount: readAmount(value) });
    }
    if (current) yield current;
  }

  /** The supply of every denom and every denom's metadata, in denom order (the export). */
  allSupply(state: StateReader): Coin[] {
    return [...this.key.read(state).prefixIterator(SUPPLY_PREFIX)].map(({ key, value }) => ({
      denom: utf8.decode(key.subarray(1)),
      amount: readAmount(value),
    }));
  }

  allDenomMetadata(state: StateReader): Metadata[] {
    return [...this.key.read(state).prefixIterator(DENOM_METADATA_PREFIX)].map(({ value }) => fromBinary(MetadataSchema, value));
  }

  // ---- pages, as the queries page them (key order)

  /** An account's balances by denom. */
  balancesPage(state: StateReader, address: Uint8Array, req: PageRequest | undefined): Page<Coin> {
    return paginate(this.key.read(state), accountBalancesPrefix(address), req, (key, value) => ({ denom: utf8.decode(key), amount: readAmount(value) }));
  }

  /** The supply of every denom. */
  supplyPage(state: StateReader, req: PageRequest | undefined): Page<Coin> {
    return paginate(this.key.read(state), SUPPLY_PREFIX, req, (key, value) => ({ denom: utf8.decode(key), amount: readAmount(value) }));
  }

  /** The holders of `denom` in address order, with their balances. */
  denomOwnersPage(state: StateReader, denom: string, req: PageRequest | undefined): Page<{ address: Uint8Array; amount: bigint }> {
    const bank = this.key.read(state);
    return paginate(bank, denomOwnersPrefix(denom), req, (address) => ({ address, amount: balanceIn(bank, address, denom) }));
  }

  denomMetadataPage(state: StateReader, req: PageRequest | undefined): Page<Metadata> {
    return paginate(this.key.read(state), DENOM_METADATA_PREFIX, req, (_key, value) => fromBinary(MetadataSchema, value));
  }

  getSupply(state: StateReader, denom: string): bigint {
    return supplyIn(this.key.read(state), denom);
  }

  /** Read by every send: decoded again only when the stored bytes change. */
  private readonly params = new LastDecoded<Params>();

  getParams(state: StateReader): Params {
    const raw = this.key.read(state).get(PARAMS_KEY);
    if (raw === undefined) return create(ParamsSchema, { defaultSendEnabled: true });
    return this.params.get(raw, () => fromBinary(ParamsSchema, raw));
  }

  setParams(ctx: Context, params: Params): void {
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, params));
  }

  isSendEnabled(state: StateReader, denom: string): boolean {
    const params = this.getParams(state);
    return params.sendEnabled.find((s) => s.denom === denom)?.enabled ?? params.defaultSendEnabled;
  }

  getDenomMetadata(state: StateReader, denom: string): Metadata | undefined {
    return getMessage(this.key.read(state), denomMetadataKey(denom), MetadataSchema);
  }

  setDenomMetadata(ctx: Context, metadata: Metadata): void {
    this.key.write(ctx).set(denomMetadataKey(metadata.base), toBinary(MetadataSchema, metadata));
  }

  /** A transfer between two accounts: checks funds, creates the recipient's account on first receipt, emits the SDK's events. */
  send(ctx: Context, from: Uint8Array, to: Uint8Array, coins: readonly Coin[]): void {
    this.subtract(ctx, from, coins);
    this.add(ctx, to, coins);
    emitTransfer(ctx, from, to, coins);
  }

  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void {
    this.send(ctx, from, moduleAddress(moduleName), coins);
  }

  sendFromModule(ctx: Context, moduleName: string, to: Uint8Array, coins: readonly Coin[]): void {
    this.send(ctx, moduleAddress(moduleName), to, coins);
  }

  /** Creates coins in a module account and raises the supply by the same amount. */
  mint(ctx: Context, moduleName: string, coins: readonly Coin[]): void {
    const store = this.key.write(ctx);
    for (const c of coins) {
      const supply = supplyIn(store, c.denom) + c.amount;
      if (supply > MAX_AMOUNT) throw sdkErrors.invalidCoins.wrap(`supply of ${c.denom} would overflow 256 bits`);
      writeAmount(store, supplyKey(c.denom), supply);
    }
    this.add(ctx, moduleAddress(moduleName), coins);
    emitCoinbase(ctx, moduleAddress(moduleName), coins);
  }

  /**
   * Takes `coins` from `address` and credits no one, the supply unchanged: only for the mempool's
   * check state, where a pending tx's upfront cost leaves its sender (precisebank's
   * withholdExtended) and nothing sums the ledger. Refused where events are recorded: a block's
   * state or a simulation's.
   */
  withhold(ctx: Context, address: Uint8Array, coins: readonly Coin[]): void {
    if (ctx.recordsEvents) throw new Error("bank.withhold is only for the mempool's check state");
    this.subtract(ctx, address, coins);
  }

  /** Destroys coins held by a module account and lowers the supply by the same amount. */
  burn(ctx: Context, moduleName: string, coins: readonly Coin[]): void {
    this.subtract(ctx, moduleAddress(moduleName), coins);
    const store = this.key.write(ctx);
    for (const c of coins) writeAmount(store, supplyKey(c.denom), supplyIn(store, c.denom) - c.amount);
    emitBurn(ctx, moduleAddress(moduleName), coins);
  }

  private subtract(ctx: Context, address: Uint8Array, coins: readonly Coin[]): void {
    const store = this.key.write(ctx);
    for (const c of coins) {
      const balance = balanceIn(store, address, c.denom);
      if (balance < c.amount) {
        throw sdkErrors.insufficientFunds.wrap(`spendable balance ${balance}${c.denom} is smaller than ${c.amount}${c.denom}`);
      }
      writeBalance(store, address, c.denom, balance, balance - c.amount);
    }
    emitCoinSpent(ctx, address, coins);
  }

  private add(ctx: Context, address: Uint8Array, coins: readonly Coin[]): void {
    const store = this.key.write(ctx);
    for (const c of coins) {
      const before = balanceIn(store, address, c.denom);
      const balance = before + c.amount;
      // Unreachable while supply is bounded, but a balance must never silently exceed 256 bits.
      if (balance > MAX_AMOUNT) throw sdkErrors.invalidCoins.wrap(`balance of ${c.denom} would overflow 256 bits`);
      writeBalance(store, address, c.denom, before, balance);
    }
    this.accounts.ensureAccount(ctx, address);
    emitCoinReceived(ctx, address, coins);
  }

  /** Genesis only: credits a balance without a sender; the caller reconciles the supply. */
  setGenesisBalance(ctx: Context, address: Uint8Array, coin: Coin): void {
    const store = this.key.write(ctx);
    writeBalance(store, address, coin.denom, balanceIn(store, address, coin.denom), coin.amount);
    this.accounts.ensureAccount(ctx, address);
  }

  setSupply(ctx: Context, coin: Coin): void {
    writeAmount(this.key.write(ctx), supplyKey(coin.denom), coin.amount);
  }
}
