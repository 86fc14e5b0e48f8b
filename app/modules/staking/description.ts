// Validator descriptions: the SDK's length limits (Description.EnsureLength) and the
// "[do-not-modify]" placeholder MsgEditValidator uses for fields it leaves as they are.
import { create } from "@bufbuild/protobuf";
import { DescriptionSchema, type Description } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { sdkErrors } from "../../../common/errors.js";

export const DO_NOT_MODIFY = "[do-not-modify]";

const LIMITS = [
  ["moniker", 70],
  ["identity", 3000],
  ["website", 140],
  ["securityContact", 140],
  ["details", 280],
] as const satisfies readonly (readonly [keyof Omit<Description, "$typeName" | "$unknown">, number])[];

const FIELD_NAMES: Record<(typeof LIMITS)[number][0], string> = {
  moniker: "moniker",
  identity: "identity",
  website: "website",
  securityContact: "security contact",
  details: "details",
};

/** Returns the description when every field is within its limit (lengths in UTF-8 bytes, as Go counts them). */
export function ensureLength(d: Description): Description {
  for (const [field, max] of LIMITS) {
    const length = Buffer.byteLength(d[field], "utf8");
    if (length > max) throw sdkErrors.invalidRequest.wrap(`invalid ${FIELD_NAMES[field]} length; got: ${length}, max: ${max}`);
  }
  return d;
}

export function isEmptyDescription(d: Description | undefined): boolean {
  return !d || LIMITS.every(([field]) => d[field] === "");
}

/** The edited description: each "[do-not-modify]" field keeps its current value (SDK UpdateDescription). */
export function updateDescription(current: Description | undefined, edit: Description): Description {
  const base = current ?? create(DescriptionSchema);
  const next = create(DescriptionSchema);
  for (const [field] of LIMITS) next[field] = edit[field] === DO_NOT_MODIFY ? base[field] : edit[field];
  return ensureLength(next);
}
