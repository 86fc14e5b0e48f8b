// Commission rates and their rules (SDK CommissionRates.Validate and Commission.ValidateNewRate):
// all LegacyDec atomics. A validator fixes max_rate and max_change_rate at creation; afterwards it
// may change its rate at most once in 24 hours, raise it by at most max_change_rate, never above
// max_rate.
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { DEC_ONE } from "../../../sdk/math/dec.js";
import { stakingErrors } from "./errors.js";
import { compareTime } from "./time.js";

export interface CommissionRates {
  rate: bigint;
  maxRate: bigint;
  maxChangeRate: bigint;
}

/** The 24 hours a validator must wait between commission changes. */
const DAY_SECONDS = 86_400n;

export function validateCommissionRates(r: CommissionRates): void {
  if (r.maxRate < 0n) throw stakingErrors.commissionNegative.wrap("max_rate is negative");
  if (r.maxRate > DEC_ONE) throw stakingErrors.commissionHuge.wrap("max_rate is above 1");
  if (r.rate < 0n) throw stakingErrors.commissionNegative.wrap("rate is negative");
  if (r.rate > r.maxRate) throw stakingErrors.commissionGTMaxRate.wrap("rate is above max_rate");
  if (r.maxChangeRate < 0n) throw stakingErrors.commissionChangeRateNegative.wrap("max_change_rate is negative");
  if (r.maxChangeRate > r.maxRate) throw stakingErrors.commissionChangeRateGTMaxRate.wrap("max_change_rate is above max_rate");
}

/** A new rate against the current commission, at block time `now` (SDK ValidateNewRate). */
export function validateNewRate(current: CommissionRates, updateTime: Timestamp | undefined, newRate: bigint, now: Timestamp): void {
  if (updateTime && compareTime(now, { seconds: updateTime.seconds + DAY_SECONDS, nanos: updateTime.nanos }) < 0) {
    throw stakingErrors.commissionUpdateTime.wrap("the last change was less than 24 hours ago");
  }
  if (newRate < 0n) throw stakingErrors.commissionNegative.wrap("rate is negative");
  if (newRate > current.maxRate) throw stakingErrors.commissionGTMaxRate.wrap("rate is above max_rate");
  // Only a rise is limited: the SDK lets a validator cut its rate by any amount.
  if (newRate - current.rate > current.maxChangeRate) throw stakingErrors.commissionGTMaxChangeRate.wrap("the change is above max_change_rate");
}
