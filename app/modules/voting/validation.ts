// Stateless format rules shared by the messages (validateBasic), genesis and the params, so a
// record genesis accepts is one a transaction could have written.
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import type { Params } from "../../../gen/chain/voting/voting_pb.js";
import { CREDENTIAL_TYPE_PATTERN } from "../../../sdk/tx/identityMessages.js";
import { MAX_AUTHORITY_NAME_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_OPTION_LENGTH, MAX_OPTIONS_LIMIT, MAX_TITLE_LENGTH } from "../../../sdk/tx/votingMessages.js";
import { votingErrors } from "./errors.js";
import { durationNanos, isWellFormedTimestamp, timestampNanos } from "./time.js";

// One rule for the client and the chain, so the CLI refuses exactly what the chain would.
export { MAX_AUTHORITY_NAME_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_OPTION_LENGTH, MAX_OPTIONS_LIMIT, MAX_TITLE_LENGTH };

/** Quotes user text in an error message without letting it grow the log unboundedly. */
const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);
const codePoints = (text: string) => [...text].length;

/** A display name: not blank, at most 140 characters (code points), no control characters. */
export function validateAuthorityName(name: string, field = "name"): void {
  if (name.trim() === "") throw votingErrors.invalidName.wrap(`${field} is empty`);
  const length = codePoints(name);
  if (length > MAX_AUTHORITY_NAME_LENGTH) throw votingErrors.invalidName.wrap(`${field} has ${length} characters, more than ${MAX_AUTHORITY_NAME_LENGTH}`);
  if (/\p{Cc}/u.test(name)) throw votingErrors.invalidName.wrap(`${field} contains control characters`);
}

/** Title: one line, not blank, at most 140 characters. Description: at most 2000, lines and tabs allowed. */
export function validateTitleAndDescription(title: string, description: string): void {
  if (title.trim() === "") throw votingErrors.invalidElection.wrap("title is empty");
  if (codePoints(title) > MAX_TITLE_LENGTH) throw votingErrors.invalidElection.wrap(`title has ${codePoints(title)} characters, more than ${MAX_TITLE_LENGTH}`);
  if (/\p{Cc}/u.test(title)) throw votingErrors.invalidElection.wrap("title contains control characters");
  const length = codePoints(description);
  if (length > MAX_DESCRIPTION_LENGTH) throw votingErrors.invalidElection.wrap(`description has ${length} characters, more than ${MAX_DESCRIPTION_LENGTH}`);
  if (/[^\P{Cc}\n\t]/u.test(description)) throw votingErrors.invalidElection.wrap("description contains control characters other than newline and tab");
}

/**
 * 2 to `maxOptions` distinct options, each 1 to 64 characters without control characters or
 * surrounding spaces (so "yes" and "yes " can never be two options a voter confuses).
 */
export function validateOptions(options: readonly string[], maxOptions: number = MAX_OPTIONS_LIMIT): void {
  if (options.length < 2) throw votingErrors.invalidOptions.wrap(`an election needs at least 2 options, got ${options.length}`);
  if (options.length > maxOptions) throw votingErrors.invalidOptions.wrap(`an election may offer at most ${maxOptions} options, got ${options.length}`);
  const seen = new Set<string>();
  for (const [i, option] of options.entries()) {
    if (option === "") throw votingErrors.invalidOptions.wrap(`options[${i}] is empty`);
    if (codePoints(option) > MAX_OPTION_LENGTH) throw votingErrors.invalidOptions.wrap(`options[${i}] has more than ${MAX_OPTION_LENGTH} characters`);
    if (option.trim() !== option) throw votingErrors.invalidOptions.wrap(`options[${i}] ${quote(option)} has leading or trailing spaces`);
    if (/\p{Cc}/u.test(option)) throw votingErrors.invalidOptions.wrap(`options[${i}] contains control characters`);
    if (seen.has(option)) throw votingErrors.invalidOptions.wrap(`options[${i}] ${quote(option)} is listed twice`);
    seen.add(option);
  }
}

/** "" (anyone may register) or a credential type as identity spells them. */
export function validateEligibilityType(type: string): void {
  if (type !== "" && !CREDENTIAL_TYPE_PATTERN.test(type)) {
    throw votingErrors.invalidCredentialType.wrap(`eligibility_credential_type ${quote(type)} must be empty or match ${CREDENTIAL_TYPE_PATTERN.source}`);
  }
}

/** Both times present and well-formed, the end after the start; returns them in nanoseconds. */
export function validateVotingWindow(start: Timestamp | undefined, end: Timestamp | undefined): { start: bigint; end: bigint } {
  if (!start || !isWellFormedTimestamp(start)) throw votingErrors.invalidVotingPeriod.wrap("voting_start is missing or not a valid time (1970 to 9999)");
  if (!end || !isWellFormedTimestamp(end)) throw votingErrors.invalidVotingPeriod.wrap("voting_end is missing or not a valid time (1970 to 9999)");
  const window = { start: timestampNanos(start), end: timestampNanos(end) };
  if (window.end <= window.start) throw votingErrors.invalidVotingPeriod.wrap("voting_end must be after voting_start");
  return window;
}

/** Periods positive and ordered, max_options between 2 and 100. */
export function validateParams(params: Params | undefined): Params {
  if (!params) throw votingErrors.invalidParams.wrap("params missing");
  const { minVotingPeriod: min, maxVotingPeriod: max } = params;
  const wellFormed = (d: typeof min) => d !== undefined && d.seconds >= 0n && d.nanos >= 0 && d.nanos < 1_000_000_000;
  if (!wellFormed(min) || durationNanos(min!) <= 0n) throw votingErrors.invalidParams.wrap("min_voting_period must be a positive duration");
  if (!wellFormed(max) || durationNanos(max!) < durationNanos(min!))
    throw votingErrors.invalidParams.wrap("max_voting_period must be at least min_voting_period");
  if (params.maxOptions < 2 || params.maxOptions > MAX_OPTIONS_LIMIT) {
    throw votingErrors.invalidParams.wrap(`max_options must be between 2 and ${MAX_OPTIONS_LIMIT}, got ${params.maxOptions}`);
  }
  return params;
}
