// The Ethereum state @ethereumjs/vm runs on, kept in our store. An account is not a record of its
// own: its nonce is the auth account's sequence, its balance precisebank's extended balance in
// aunit, its code and storage live in the evm namespace (keys.ts). The VM's writes go to a
// WriteJournal (layered diffs, one layer per checkpoint) and reach the store only in `settle()`,
// which the evm module calls after runTx, with no checkpoint open:
//   - nonces become auth sequences (creating the auth account when a non-zero nonce needs one),
//   - code, code hashes and storage are written to the evm namespace in sorted key order,
//   - balances become precisebank sends and burns by the rule in settlement.ts (never a mint);
//     the tx's base fee, which its sender lost and the VM credited to no one, is counted as
//     fee_collector's, so the fee is one send (the evm end block burns the block's base fees).
// Run settle() in a store branch the caller drops on error: a refused send (the reserve account as
// recipient) leaves the branch half written.
//
// Existence: an account that is empty in the EIP-161 sense (nonce 0, balance 0, no code) reads as
// absent. From Spurious Dragon on the EVM treats the two alike, and it spares us a marker for
// "exists but empty" that auth (whose accounts the EVM must never delete) could not give.
import type { AccountFields, StateManagerInterface } from "@ethereumjs/common";
import { Account, Address, KECCAK256_NULL, KECCAK256_RLP, equalsBytes } from "@ethereumjs/util";
import { keccak256 } from "../../../../sdk/crypto/hashes.js";
import type { Context } from "../../../context.js";
import type { KVStore } from "../../../store/types.js";
import type { EvmKeepers } from "../expectedKeepers.js";
import { WriteJournal } from "./journal.js";
import { codeByHash } from "./codeByHash.js";
import { accountStoragePrefix, codeHashKey, codeKey, MODULE_NAME, storageKey, trimStorageValue } from "./keys.js";
import { StoreKey } from "../../../storeKey.js";

const EVM_KEY = new StoreKey(MODULE_NAME);
import { planSettlement, type BalanceDelta, type SettlementPlan } from "./settlement.js";
import { FEE_COLLECTOR, moduleAddress } from "../../../../common/moduleAccounts.js";
import { evmError, evmErrors } from "../../../../common/ethereum/errors.js";
import { OriginalStorage } from "./originalStorage.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
const unhex = (s: string) => Uint8Array.from(Buffer.from(s, "hex"));
/** Store reads may be Buffers, whose slice() shares memory where the VM expects Uint8Array's copy. */
const plain = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
const sortedKeys = (m: { keys(): IterableIterator<string> }) => [...m.keys()].sort();

/**
 * Our app hash commits to the whole store, so there is no Ethereum state root; this constant (the
 * empty trie's root) stands in wherever the VM asks. Post-Byzantium receipts carry a status, not a
 * root, so nothing users see depends on it. Accounts carry it as their storage root too, so the
 * EIP-7610 "storage at a CREATE address" collision check never fires; that needs storage under an
 * address with no nonce and no code, which deletion (it wipes storage) does not leave behind.
 */
export const PLACEHOLDER_STATE_ROOT = KECCAK256_RLP;

export interface Settlement extends SettlementPlan {
  /** aunit destroyed: the balances of self-destructed contracts (base fees go to fee_collector). */
  burned: bigint;
}

/** fee_collector as the journal's and the plan's key (lowercase hex). */
const FEE_COLLECTOR_KEY = hex(moduleAddress(FEE_COLLECTOR));

export class StoreStateManager implements StateManagerInterface {
  /** Values of slots before the running tx, for SSTORE gas (EIP-2200); the VM clears it per tx. */
  readonly originalStorageCache: OriginalStorage;
  private journal = new WriteJournal();
  /**
   * Stored balances this run has read, by address key. settle() needs the stored balance of each
   * account whose balance the run changed, and the VM read it before writing it, so it is read once.
   * They hold while nothing writes this context's store during the run: the VM's writes wait in
   * the journal, and settle() plans from these reads before it writes anything. A precompile that
   * wrote through the keepers would break that.
   */
  private readonly storedBalances = new Map<string, bigint>();

  constructor(
    private readonly keepers: EvmKeepers,
    private ctx: Context,
  ) {
    this.originalStorageCache = new OriginalStorage(this.getStorage.bind(this));
  }

  /** Points the manager at another context (the next tx's branch); nothing may be pending. */
  attach(ctx: Context): void {
    if (!this.journal.isEmpty) throw new Error("attach() with unsettled EVM writes");
    this.ctx = ctx;
    this.forgetRunReads();
  }

  /** Forgets every pending write and open checkpoint (a failed or throwaway execution). */
  discard(): void {
    this.journal.reset();
    this.forgetRunReads();
  }

  private forgetRunReads(): void {
    this.originalStorageCache.clear();
    this.storedBalances.clear();
  }

  /** Open checkpoints. */
  get depth(): number {
    return this.journal.depth;
  }

  // ---- accounts

  async getAccount(address: Address): Promise<Account | undefined> {
    return this.readAccount(address.bytes);
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    if (account === undefined) return this.deleteAccount(address);
    if (account.balance < 0n) throw new RangeError(`negative balance ${account.balance} for ${address.toString()}`);
    const key = hex(address.bytes);
    this.journal.set("nonce", key, account.nonce);
    this.journal.set("balance", key, account.balance);
    this.journal.set("codeHash", key, account.codeHash);
  }

  /** Ethereum deletion: nonce, balance (burned at settlement), code and storage go; the auth account stays. */
  async deleteAccount(address: Address): Promise<void> {
    const key = hex(address.bytes);
    this.journal.set("nonce", key, 0n);
    this.journal.set("balance", key, 0n);
    this.journal.set("codeHash", key, KECCAK256_NULL);
    this.journal.clearStorage(key);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const account = this.readAccount(address.bytes) ?? new Account();
    if (fields.nonce !== undefined) account.nonce = fields.nonce;
    if (fields.balance !== undefined) account.balance = fields.balance;
    if (fields.codeHash !== undefined) account.codeHash = fields.codeHash;
    await this.putAccount(address, account);
  }

  // ---- code

  async putCode(address: Address, code: Uint8Array): Promise<void> {
    const hash = code.length === 0 ? KECCAK256_NULL : keccak256(code);
    if (code.length > 0) this.journal.set("code", hex(hash), Uint8Array.from(code));
    this.journal.set("codeHash", hex(address.bytes), hash);
  }

  async getCode(address: Address): Promise<Uint8Array> {
    const hash = this.readCodeHash(address.bytes);
    if (equalsBytes(hash, KECCAK256_NULL)) return new Uint8Array();
    const hashHex = hex(hash);
    const code = this.journal.get("code", hashHex) ?? codeByHash(hashHex, () => this.evmStore().get(codeKey(hash)));
    if (code === undefined) throw new Error(`code ${hashHex} of ${address.toString()} is missing`);
    return code;
  }

  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  // ---- storage

  async getStorage(address: Address, slot: Uint8Array): Promise<Uint8Array> {
    const key = storageKey(address.bytes, slot);
    const pending = this.journal.getStorage(hex(address.bytes), hex(slot));
    if (pending !== undefined) return Uint8Array.from(pending);
    return plain(this.evmStore().get(key)) ?? new Uint8Array();
  }

  async putStorage(address: Address, slot: Uint8Array, value: Uint8Array): Promise<void> {
    storageKey(address.bytes, slot); // checks the widths
    this.journal.setStorage(hex(address.bytes), hex(slot), Uint8Array.from(trimStorageValue(value)));
  }

  async clearStorage(address: Address): Promise<void> {
    this.journal.clearStorage(hex(address.bytes));
  }

  // ---- checkpoints: layers of the journal, never copies of state

  async checkpoint(): Promise<void> {
    this.journal.checkpoint();
  }

  async commit(): Promise<void> {
    this.journal.commit();
  }

  async revert(): Promise<void> {
    this.journal.revert();
  }

  // ---- state roots: see PLACEHOLDER_STATE_ROOT

  async getStateRoot(): Promise<Uint8Array> {
    return PLACEHOLDER_STATE_ROOT;
  }

  async setStateRoot(root: Uint8Array): Promise<void> {
    if (!equalsBytes(root, PLACEHOLDER_STATE_ROOT)) throw new Error("the EVM state has no state roots: it lives in the store at the context's branch");
  }

  async hasStateRoot(root: Uint8Array): Promise<boolean> {
    return equalsBytes(root, PLACEHOLDER_STATE_ROOT);
  }

  /** Reads go to the journal or the store; only the run's stored balances are kept (storedBalances). */
  clearCaches(): void {
    this.storedBalances.clear();
  }

  /**
   * A manager over a fresh nested branch of this one's store, seeing this one's pending writes
   * (copied: they are a diff, not state). For eth_call-style runs whose effects are thrown away:
   * settling it writes only to the nested branch, which nobody writes onwards.
   */
  shallowCopy(): StoreStateManager {
    const copy = new StoreStateManager(this.keepers, this.ctx.nested().ctx);
    copy.journal = this.journal.flattened();
    return copy;
  }

  // ---- settlement: the sole place EVM writes reach the store

  /**
   * Writes everything pending to the context's store and realises balance changes; see the file
   * comment. `baseFee` (aunit: the tx's gas used x the block's base fee) is credited to
   * fee_collector with the tip, so the sender pays its fee in one send rather than a send and a
   * burn. It has no default: a block's tx left at 0 would have its base fee burned here and again
   * by the end block.
   */
  settle(baseFee: bigint): Settlement {
    const w = this.journal.settled();
    try {
      // Planned first, from the run's reads, before anything below writes: a would-be mint is
      // refused before anything is written, and storedBalances still holds.
      const plan = planSettlement(this.balanceDeltas(w.balance, baseFee));
      this.writeNonces(w.nonce);
      this.writeEvmStore(w);
      return this.moveBalances(plan);
    } finally {
      // Written or refused, nothing of this run stays pending.
      this.discard();
    }
  }

  private writeNonces(nonces: Map<string, bigint>): void {
    const { accounts } = this.keepers;
    for (const key of sortedKeys(nonces)) {
      const nonce = nonces.get(key)!;
      const address = unhex(key);
      let account = accounts.getAccount(this.ctx.store, address);
      if (account === undefined) {
        if (nonce === 0n) continue; // an empty account needs no auth record
        accounts.ensureAccount(this.ctx, address);
        account = accounts.getAccount(this.ctx.store, address)!;
      }
      if (account.sequence !== nonce) accounts.setAccount(this.ctx, { ...account, sequence: nonce });
    }
  }

  private writeEvmStore(w: ReturnType<WriteJournal["settled"]>): void {
    const store = this.evmStore();
    const writes = new Map<string, Uint8Array | null>(); // store key (hex) → value, null deletes
    for (const address of [...w.cleared].sort()) {
      for (const { key } of store.prefixIterator(accountStoragePrefix(unhex(address)))) writes.set(hex(key), null);
    }
    // Code no account points to after the run (a contract created and destroyed in the same tx)
    // is not written: nothing could ever read it. Code an account points to is in the store already
    // or pending here.
    if (w.code.size > 0) {
      const pointedTo = new Set(Array.from(w.codeHash.values(), hex));
      for (const hash of sortedKeys(w.code)) if (pointedTo.has(hash)) writes.set(hex(codeKey(unhex(hash))), w.code.get(hash)!);
    }
    for (const address of sortedKeys(w.codeHash)) {
      const hash = w.codeHash.get(address)!;
      writes.set(hex(codeHashKey(unhex(address))), equalsBytes(hash, KECCAK256_NULL) ? null : hash);
    }
    for (const address of sortedKeys(w.storage)) {
      const slots = w.storage.get(address)!;
      for (const slot of sortedKeys(slots)) {
        const value = slots.get(slot)!;
        writes.set(hex(storageKey(unhex(address), unhex(slot))), value.length === 0 ? null : value);
      }
    }
    // Sorted, and only real changes, so the block's change set holds nothing the EVM left as it was.
    for (const k of sortedKeys(writes)) {
      const key = unhex(k);
      const value = writes.get(k)!;
      const current = store.get(key);
      if (value === null) {
        if (current !== undefined) store.delete(key);
      } else if (current === undefined || !equalsBytes(current, value)) {
        store.set(key, value);
      }
    }
  }

  private balanceDeltas(balances: Map<string, bigint>, toFeeCollector: bigint): BalanceDelta[] {
    const deltas: BalanceDelta[] = [];
    for (const address of sortedKeys(balances)) {
      const delta = balances.get(address)! - this.storedBalance(address) + (address === FEE_COLLECTOR_KEY ? toFeeCollector : 0n);
      if (delta !== 0n) deltas.push({ address, delta });
    }
    // planSettlement sorts the deltas, so fee_collector may join at the end.
    if (!balances.has(FEE_COLLECTOR_KEY) && toFeeCollector !== 0n) deltas.push({ address: FEE_COLLECTOR_KEY, delta: toFeeCollector });
    return deltas;
  }

  private moveBalances(plan: SettlementPlan): Settlement {
    const { precisebank, accounts } = this.keepers;
    // Module accounts receive only through their modules (as bank's MsgSend enforces); the EVM's
    // coinbase, fee_collector, is the one exception. Refused here, the tx fails and pays its gas.
    for (const t of plan.transfers) {
      const name = accounts.isModuleAddress(unhex(t.to));
      if (name !== undefined && name !== FEE_COLLECTOR) throw evmError(evmErrors.execution, `the ${name} module account cannot receive value from the EVM`);
    }
    for (const t of plan.transfers) precisebank.sendExtended(this.ctx, unhex(t.from), unhex(t.to), t.amount);
    for (const b of plan.burns) precisebank.burnExtended(this.ctx, unhex(b.from), b.amount);
    return { ...plan, burned: plan.burns.reduce((s, b) => s + b.amount, 0n) };
  }

  // ---- reads through the journal to the store

  private readAccount(address: Uint8Array): Account | undefined {
    const key = hex(address);
    const nonce = this.journal.get("nonce", key) ?? this.storedNonce(address);
    const balance = this.journal.get("balance", key) ?? this.storedBalance(key);
    const codeHash = this.readCodeHash(address);
    if (nonce === 0n && balance === 0n && equalsBytes(codeHash, KECCAK256_NULL)) return undefined;
    return new Account(nonce, balance, PLACEHOLDER_STATE_ROOT, codeHash);
  }

  private readCodeHash(address: Uint8Array): Uint8Array {
    return this.journal.get("codeHash", hex(address)) ?? plain(this.evmStore().get(codeHashKey(address))) ?? KECCAK256_NULL;
  }

  private storedNonce(address: Uint8Array): bigint {
    const { accounts } = this.keepers;
    return accounts.getAccount(this.ctx.store, address)?.sequence ?? 0n;
  }

  private storedBalance(key: string): bigint {
    let balance = this.storedBalances.get(key);
    if (balance === undefined) {
      balance = this.keepers.precisebank.getBalance(this.ctx.store, unhex(key));
      this.storedBalances.set(key, balance);
    }
    return balance;
  }

  /** The module's code and storage keys; this manager is the keeper's part that the VM reads through. */
  private evmStore(): KVStore {
    return EVM_KEY.write(this.ctx);
  }
}
