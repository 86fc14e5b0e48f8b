// What evidence needs from staking, slashing and the consensus params, declared here so the module
// imports none of them (the composition root hands it the real keepers, which have these).
import type { Duration, Timestamp } from "@bufbuild/protobuf/wkt";
import type { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";

export interface EvidenceStakingKeeper {
  validatorViewByConsAddress(state: StateReader, consAddress: Uint8Array): { status: BondStatus; jailed: boolean } | undefined;
}

/** The slashing keeper's punishments (the SDK's x/evidence SlashingKeeper). */
export interface EvidenceSlashingKeeper {
  hasSigningInfo(state: StateReader, consAddress: Uint8Array): boolean;
  isTombstoned(state: StateReader, consAddress: Uint8Array): boolean;
  /** LegacyDec atomics. */
  slashFractionDoubleSign(state: StateReader): bigint;
  /** Slashes and emits the `slash` event; returns the tokens burned. */
  slash(ctx: Context, consAddress: Uint8Array, fraction: bigint, power: bigint, distributionHeight: bigint, reason: "double_sign"): bigint;
  jail(ctx: Context, consAddress: Uint8Array): void;
  jailUntil(ctx: Context, consAddress: Uint8Array, until: Timestamp): void;
  tombstone(ctx: Context, consAddress: Uint8Array): void;
}

/** CometBFT's consensus params as the app keeps them (the consensus module's keeper). */
export interface EvidenceConsensusParams {
  getParams(state: StateReader): { evidence?: { maxAgeNumBlocks: bigint; maxAgeDuration?: Duration } } | undefined;
}
