// The only code that touches balances and supply. Every movement of coins goes through
// `moveCoins`, `mint` or `burn`, so "sum of balances = supply" holds by construction: sends move
// amounts between balances; only mint and burn change the supply, and they change a balance by
// the same amount in the same call.
import { create, toBinary } from "@bufbuild/protobuf";
import { MetadataSchema, ParamsSchema, type Metadata, type Params } from "../../../gen/cosmos/bank/v1beta1/bank_pb.js";
import type { Context } from "../../context.js";
import { sdkErrors } from "../../../common/errors.js";
import { formatCoins, MAX_AMOUNT, parseAmount, type Coin } from "../../coins/coins.js";
import type { KVReader, KVStore } from "../../store/types.js";
import { accAddressToString } from "../../../common/address.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { bankErrors } from "./errors.js";
import { emitBurn, emitCoinbase, emitCoinReceived, emitCoinSpent, emitTransfer } from "./events.js";
import type { BankAccountKeeper } from "./expectedKeepers.js";
import { accountBalancesPrefix, balanceKey, denomMetadataKey, denomOwnerKey, PARAMS_KEY, supplyKey } from "./keys.js";
import { getMessage } from "../../store/messages.js";

export const BANK_MODULE = "bank";
const utf8 = new TextDecoder();

function readAmount(raw: Uint8Array | undefined): bigint {
  return raw ? parseAmount(utf8.decode(raw)) : 0n;
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

  store(ctx: Context): KVStore {
    return ctx.storeFor(BANK_MODULE);
  }

  getBalance(store: KVReader, address: Uint8Array, denom: string): bigint {
    return readAmount(store.get(balanceKey(address, denom)));
  }

  /** All non-zero balances of an account, sorted by denom. */
  getAllBalances(store: KVReader, address: Uint8Array): Coin[] {
    const out: Coin[] = [];
    for (const { key, value } of store.prefixIterator(accountBalancesPrefix(address))) {
      out.push({ denom: utf8.decode(key.subarray(21)), amount: readAmount(value) });
    }
    return out;
  }

  getSupply(store: KVReader, denom: string): bigint {
    return readAmount(store.get(supplyKey(denom)));
  }

  getParams(store: KVReader): Params {
    return getMessage(store, PARAMS_KEY, ParamsSchema) ?? create(ParamsSchema, { defaultSendEnabled: true });
  }

  setParams(store: KVStore, params: Params): void {
    store.set(PARAMS_KEY, toBinary(ParamsSchema, params));
  }

  isSendEnabled(store: KVReader, denom: string): boolean {
    const params = this.getParams(store);
    return params.sendEnabled.find((s) => s.denom === denom)?.enabled ?? params.defaultSendEnabled;
  }

  getDenomMetadata(store: KVReader, denom: string): Metadata | undefined {
    return getMessage(store, denomMetadataKey(denom), MetadataSchema);
  }

  setDenomMetadata(store: KVStore, metadata: Metadata): void {
    store.set(denomMetadataKey(metadata.base), toBinary(MetadataSchema, metadata));
  }

  /** A transfer between two accounts: checks funds, creates the recipient's account on first receipt, emits the SDK's events. */
  send(ctx: Context, from: Uint8Array, to: Uint8Array, coins: readonly Coin[]): void {
    this.subtract(ctx, from, coins);
    this.add(ctx, to, coins);
    emitTransfer(ctx, accAddressToString(from), accAddressToString(to), coins);
    ctx.emit("message", { sender: accAddressToString(from) });
  }

  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void {
    this.send(ctx, from, moduleAddress(moduleName), coins);
  }

  sendFromModule(ctx: Context, moduleName: string, to: Uint8Array, coins: readonly Coin[]): void {
    this.send(ctx, moduleAddress(moduleName), to, coins);
  }

  /** Creates coins in a module account and raises the supply by the same amount. */
  mint(ctx: Context, moduleName: string, coins: readonly Coin[]): void {
    const store = this.store(ctx);
    for (const c of coins) {
      const supply = this.getSupply(store, c.denom) + c.amount;
      if (supply > MAX_AMOUNT) throw sdkErrors.invalidCoins.wrap(`supply of ${c.denom} would overflow 256 bits`);
      writeAmount(store, supplyKey(c.denom), supply);
    }
    this.add(ctx, moduleAddress(moduleName), coins);
    emitCoinbase(ctx, accAddressToString(moduleAddress(moduleName)), coins);
  }

  /** Destroys coins held by a module account and lowers the supply by the same amount. */
  burn(ctx: Context, moduleName: string, coins: readonly Coin[]): void {
    this.subtract(ctx, moduleAddress(moduleName), coins);
    const store = this.store(ctx);
    for (const c of coins) writeAmount(store, supplyKey(c.denom), this.getSupply(store, c.denom) - c.amount);
    emitBurn(ctx, accAddressToString(moduleAddress(moduleName)), coins);
  }

  private subtract(ctx: Context, address: Uint8Array, coins: readonly Coin[]): void {
    const store = this.store(ctx);
    for (const c of coins) {
      const balance = this.getBalance(store, address, c.denom);
      if (balance < c.amount) {
        throw sdkErrors.insufficientFunds.wrap(`spendable balance ${balance}${c.denom} is smaller than ${c.amount}${c.denom}`);
      }
      writeBalance(store, address, c.denom, balance, balance - c.amount);
    }
    emitCoinSpent(ctx, accAddressToString(address), coins);
  }

  private add(ctx: Context, address: Uint8Array, coins: readonly Coin[]): void {
    const store = this.store(ctx);
    for (const c of coins) {
      const before = this.getBalance(store, address, c.denom);
      const balance = before + c.amount;
      // Unreachable while supply is bounded, but a balance must never silently exceed 256 bits.
      if (balance > MAX_AMOUNT) throw sdkErrors.invalidCoins.wrap(`balance of ${c.denom} would overflow 256 bits`);
      writeBalance(store, address, c.denom, before, balance);
    }
    this.accounts.ensureAccount(this.accounts.store(ctx), address);
    emitCoinReceived(ctx, accAddressToString(address), coins);
  }

  /** Genesis only: credits a balance without a sender; the caller reconciles the supply. */
  setGenesisBalance(ctx: Context, address: Uint8Array, coin: Coin): void {
    const store = this.store(ctx);
    writeBalance(store, address, coin.denom, this.getBalance(store, address, coin.denom), coin.amount);
    this.accounts.ensureAccount(this.accounts.store(ctx), address);
  }

  setSupply(ctx: Context, coin: Coin): void {
    writeAmount(this.store(ctx), supplyKey(coin.denom), coin.amount);
  }
}
