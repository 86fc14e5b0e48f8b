// The only code that reads or writes the slashing module's keys: params, validators' signing
// infos and their missed-block bitmaps. Reads take the whole state (a block's `ctx.store` or a
// query's committed state); writes take the transition's Context. The punishments that combine
// these records with staking (slash, jail, tombstone) are here too, as in the SDK's keeper, so
// evidence reaches them through one narrow interface.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { ParamsSchema, ValidatorSigningInfoSchema, type Params, type ValidatorSigningInfo } from "../../../gen/cosmos/slashing/v1beta1/slashing_pb.js";
import { consAddressToString } from "../../../common/address.js";
import type { Context } from "../../context.js";
import { paginate, type Page, type PageRequest } from "../../query/pagination.js";
import { getMessage } from "../../store/messages.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import { bitPosition, setBits, testBit, withBit } from "./bitmap.js";
import { slashingErrors } from "./errors.js";
import { emitJailed, emitSlash } from "./events.js";
import type { SlashingStakingKeeper } from "./expectedKeepers.js";
import { chunkIndexOf, missedBitmapChunkKey, missedBitmapPrefix, MODULE_NAME, PARAMS_KEY, SIGNING_INFO_PREFIX, signingInfoKey } from "./keys.js";
import { defaultParams, parseParams, type ParsedParams } from "./params.js";
import { NEVER_JAILED } from "./time.js";

export class SlashingKeeper {
  private readonly key = new StoreKey(MODULE_NAME);

  constructor(
    readonly staking: SlashingStakingKeeper,
    /** The address governance-only messages must carry (the gov module account). */
    readonly authority: string,
  ) {}

  // --- params -------------------------------------------------------------------------------

  getParams(state: StateReader): Params {
    return getMessage(this.key.read(state), PARAMS_KEY, ParamsSchema) ?? defaultParams();
  }

  /** Stored params were validated, so parsing them again cannot fail. */
  params(state: StateReader): ParsedParams {
    return parseParams(this.getParams(state));
  }

  /** `params` must have passed parseParams. */
  setParams(ctx: Context, params: Params): void {
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, params));
  }

  // --- signing infos ------------------------------------------------------------------------

  getSigningInfo(state: StateReader, consAddress: Uint8Array): ValidatorSigningInfo | undefined {
    return getMessage(this.key.read(state), signingInfoKey(consAddress), ValidatorSigningInfoSchema);
  }

  setSigningInfo(ctx: Context, consAddress: Uint8Array, info: ValidatorSigningInfo): void {
    this.key.write(ctx).set(signingInfoKey(consAddress), toBinary(ValidatorSigningInfoSchema, info));
  }

  deleteSigningInfo(ctx: Context, consAddress: Uint8Array): void {
    this.key.write(ctx).delete(signingInfoKey(consAddress));
  }

  /** A fresh record: counting from `startHeight`, never jailed, nothing missed. */
  newSigningInfo(consAddress: Uint8Array, startHeight: bigint): ValidatorSigningInfo {
    return create(ValidatorSigningInfoSchema, {
      address: consAddressToString(consAddress),
      startHeight,
      indexOffset: 0n,
      jailedUntil: NEVER_JAILED,
      tombstoned: false,
      missedBlocksCounter: 0n,
    });
  }

  /** Every signing info with its consensus address, ascending by address. */
  allSigningInfos(state: StateReader): { consAddress: Uint8Array; info: ValidatorSigningInfo }[] {
    return [...this.key.read(state).prefixIterator(SIGNING_INFO_PREFIX)].map((e) => ({
      consAddress: Uint8Array.from(e.key.subarray(SIGNING_INFO_PREFIX.length)),
      info: fromBinary(ValidatorSigningInfoSchema, e.value),
    }));
  }

  /** A page of signing infos, ascending by consensus address. */
  signingInfosPage(state: StateReader, req: PageRequest | undefined): Page<ValidatorSigningInfo> {
    return paginate(this.key.read(state), SIGNING_INFO_PREFIX, req, (_key, value) => fromBinary(ValidatorSigningInfoSchema, value));
  }

  /**
   * Every validator's window starts over: counters, offsets and bitmaps cleared. Used when the
   * window's length changes, so misses recorded at positions the new window never visits again
   * cannot count against a validator forever.
   */
  restartAllWindows(ctx: Context): void {
    const store = this.key.write(ctx);
    // Collected first: the iterator walks a live view of the store.
    const records = [...store.prefixIterator(SIGNING_INFO_PREFIX)].map((e) => ({
      consAddress: Uint8Array.from(e.key.subarray(SIGNING_INFO_PREFIX.length)),
      info: fromBinary(ValidatorSigningInfoSchema, e.value),
    }));
    for (const { consAddress, info } of records) {
      this.setSigningInfo(ctx, consAddress, { ...info, indexOffset: 0n, missedBlocksCounter: 0n });
      this.clearMissedBitmap(ctx, consAddress);
    }
  }

  // --- missed-block bitmaps -------------------------------------------------------------------

  /** True when the validator missed the block at position `index` of its window. */
  getMissedBit(state: StateReader, consAddress: Uint8Array, index: bigint): boolean {
    const { chunk, bit } = bitPosition(index);
    return testBit(this.key.read(state).get(missedBitmapChunkKey(consAddress, chunk)), bit);
  }

  setMissedBit(ctx: Context, consAddress: Uint8Array, index: bigint, missed: boolean): void {
    const { chunk, bit } = bitPosition(index);
    const store = this.key.write(ctx);
    const key = missedBitmapChunkKey(consAddress, chunk);
    const next = withBit(store.get(key), bit, missed);
    if (next) store.set(key, next);
    else store.delete(key);
  }

  clearMissedBitmap(ctx: Context, consAddress: Uint8Array): void {
    const store = this.key.write(ctx);
    const prefix = missedBitmapPrefix(consAddress);
    // Collected first: the iterator walks a live view of the store.
    const keys = [...store.prefixIterator(prefix)].map((e) => Uint8Array.from(e.key));
    for (const key of keys) store.delete(key);
  }

  /** The window positions the validator missed, ascending. */
  missedIndexes(state: StateReader, consAddress: Uint8Array): bigint[] {
    const prefix = missedBitmapPrefix(consAddress);
    const out: bigint[] = [];
    for (const { key, value } of this.key.read(state).prefixIterator(prefix)) out.push(...setBits(chunkIndexOf(key.subarray(prefix.length)), value));
    return out;
  }

  // --- punishments (what evidence asks for) -------------------------------------------------

  hasSigningInfo(state: StateReader, consAddress: Uint8Array): boolean {
    return this.key.read(state).has(signingInfoKey(consAddress));
  }

  isTombstoned(state: StateReader, consAddress: Uint8Array): boolean {
    return this.getSigningInfo(state, consAddress)?.tombstoned ?? false;
  }

  slashFractionDoubleSign(state: StateReader): bigint {
    return this.params(state).slashFractionDoubleSign;
  }

  /** Slashes through staking and reports it (the SDK's Keeper.SlashWithInfractionReason); returns the tokens burned. */
  slash(ctx: Context, consAddress: Uint8Array, fraction: bigint, power: bigint, distributionHeight: bigint, reason: string): bigint {
    const burned = this.staking.slash(ctx, consAddress, distributionHeight, power, fraction);
    emitSlash(ctx, { consAddress: consAddressToString(consAddress), power, reason, burned });
    return burned;
  }

  /** Jails through staking and reports it (the SDK's Keeper.Jail). */
  jail(ctx: Context, consAddress: Uint8Array): void {
    this.staking.jail(ctx, consAddress);
    emitJailed(ctx, consAddressToString(consAddress));
  }

  jailUntil(ctx: Context, consAddress: Uint8Array, until: Timestamp): void {
    const info = this.getSigningInfo(ctx.store, consAddress);
    if (!info)
      throw slashingErrors.noSigningInfoFound.wrap(
        `cannot jail validator with consensus address ${consAddressToString(consAddress)} that does not have any signing information`,
      );
    this.setSigningInfo(ctx, consAddress, { ...info, jailedUntil: until });
  }

  tombstone(ctx: Context, consAddress: Uint8Array): void {
    const info = this.getSigningInfo(ctx.store, consAddress);
    if (!info)
      throw slashingErrors.noSigningInfoFound.wrap(
        `cannot tombstone validator with consensus address ${consAddressToString(consAddress)} that does not have any signing information`,
      );
    if (info.tombstoned) throw slashingErrors.validatorTombstoned.wrap("cannot tombstone validator that is already tombstoned");
    this.setSigningInfo(ctx, consAddress, { ...info, tombstoned: true });
  }
}
