// `unitd tx voting ...`: what an electoral authority and a voter sign. Adding and removing
// electoral authorities and changing the params is done by governance (a proposal with
// MsgAddElectoralAuthority / MsgRemoveElectoralAuthority / MsgUpdateParams), never by a tx of its own.
import { CREDENTIAL_TYPE_PATTERN } from "../../../sdk/tx/identityMessages.js";
import { msgCancelElection, msgCastVote, msgCreateElection, msgRegisterVoter } from "../../../sdk/tx/votingMessages.js";
import { UsageError } from "./cliArgs.js";
import { electionTimeArg } from "./electionTime.js";
import { fromFlag, idArg, requiredFlag, type TxCommand } from "./txCommand.js";

const electionIdFlag = (values: Record<string, string | boolean | undefined>) => idArg("--election-id", requiredFlag(values, "election-id"));

export const votingTxCommands: Record<string, TxCommand> = {
  "create-election": {
    usage:
      "create-election --title <text> --options yes,no,abstain [--description <text>] [--eligibility-credential-type kyc] --start <RFC3339|+duration> --end <RFC3339|+duration> --from <authority>",
    summary: "schedule an election (electoral authorities only); +duration counts from now",
    options: {
      title: { type: "string" },
      description: { type: "string" },
      options: { type: "string" },
      "eligibility-credential-type": { type: "string" },
      start: { type: "string" },
      end: { type: "string" },
    },
    positionals: [],
    build: (_p, values) => {
      const title = requiredFlag(values, "title");
      const options = requiredFlag(values, "options")
        .split(",")
        .map((o) => o.trim());
      if (options.length < 2 || options.some((o) => o === ""))
        throw new UsageError(`--options expects at least 2 comma-separated non-empty options, got "${values.options}"`);
      if (new Set(options).size !== options.length) throw new UsageError("--options lists an option twice");
      const type = typeof values["eligibility-credential-type"] === "string" ? values["eligibility-credential-type"] : "";
      if (type !== "" && !CREDENTIAL_TYPE_PATTERN.test(type))
        throw new UsageError(
          `--eligibility-credential-type "${type.slice(0, 80)}" must be 1 to 64 characters of a-z, 0-9, _ . - starting with a letter or digit, such as kyc`,
        );
      const now = Date.now();
      const votingStart = electionTimeArg("--start", requiredFlag(values, "start"), now);
      const votingEnd = electionTimeArg("--end", requiredFlag(values, "end"), now);
      if (votingEnd <= votingStart) throw new UsageError("--end must be after --start");
      const description = typeof values.description === "string" ? values.description : "";
      return {
        from: fromFlag(values),
        messages: (authority) => [msgCreateElection({ authority, title, description, options, eligibilityCredentialType: type, votingStart, votingEnd })],
      };
    },
  },
  "cancel-election": {
    usage: "cancel-election --election-id <id> --from <authority>",
    summary: "cancel an election you created, before it closes",
    options: { "election-id": { type: "string" } },
    positionals: [],
    build: (_p, values) => {
      const electionId = electionIdFlag(values);
      return { from: fromFlag(values), messages: (signer) => [msgCancelElection({ signer, electionId })] };
    },
  },
  register: {
    usage: "register --election-id <id> --from <voter>",
    summary: "register to vote (needs a valid credential of the election's eligibility type)",
    options: { "election-id": { type: "string" } },
    positionals: [],
    build: (_p, values) => {
      const electionId = electionIdFlag(values);
      return { from: fromFlag(values), messages: (voter) => [msgRegisterVoter({ voter, electionId })] };
    },
  },
  vote: {
    usage: "vote --election-id <id> --option <option> --from <voter>",
    summary: "cast your vote in an open election you registered for",
    options: { "election-id": { type: "string" }, option: { type: "string" } },
    positionals: [],
    build: (_p, values) => {
      const electionId = electionIdFlag(values);
      const option = requiredFlag(values, "option");
      return { from: fromFlag(values), messages: (voter) => [msgCastVote({ voter, electionId, option })] };
    },
  },
};
