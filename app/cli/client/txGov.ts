// `unitd tx gov ...`: proposals, deposits and votes.
import fs from "node:fs";
import {
  msgDeposit,
  msgSubmitLegacyProposal,
  msgSubmitProposal,
  msgVote,
  msgVoteWeighted,
  parseVoteOption,
  textProposalContent,
} from "../../../sdk/tx/govMessages.js";
import { parseProposalFile, ProposalFileError } from "../../../sdk/tx/proposalFile.js";
import { DEC_ONE, parseDec } from "../../../sdk/math/dec.js";
import { UsageError } from "./cliArgs.js";
import { fromFlag, idArg, requiredFlag, type TxCommand } from "./txCommand.js";
import { coinsFlag } from "./txFlags.js";

/** Proposal files are small; a bigger one is a mistake (and would not fit in a tx). */
const MAX_PROPOSAL_FILE_BYTES = 1 << 20;

function readProposalFile(file: string) {
  let text: string;
  try {
    if (fs.statSync(file).size > MAX_PROPOSAL_FILE_BYTES) throw new UsageError(`${file} is larger than 1 MiB`);
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot read the proposal file ${file}: ${(err as Error).message}`);
  }
  try {
    return parseProposalFile(text);
  } catch (err) {
    if (err instanceof ProposalFileError) throw new UsageError(`${file}: ${err.message}`);
    throw err;
  }
}

function voteOptionArg(text: string) {
  try {
    return parseVoteOption(text);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** "yes=0.6,no=0.4": positive weights that sum to exactly 1, each option once. */
function weightedOptionsArg(text: string) {
  const options = text.split(",").map((part) => {
    const m = /^([A-Za-z_-]+)=([0-9]+(?:\.[0-9]{1,18})?)$/.exec(part.trim());
    if (!m) throw new UsageError(`weighted vote "${part}" must read option=weight, e.g. yes=0.6,no=0.4`);
    return { option: voteOptionArg(m[1]!), weight: m[2]! };
  });
  if (new Set(options.map((o) => o.option)).size !== options.length) throw new UsageError(`weighted vote "${text}" names an option twice`);
  const weights = options.map((o) => parseDec(o.weight));
  if (weights.some((w) => w === 0n)) throw new UsageError(`weighted vote "${text}": every weight must be positive`);
  if (weights.reduce((a, b) => a + b, 0n) !== DEC_ONE) throw new UsageError(`weighted vote "${text}": the weights must sum to exactly 1`);
  return options;
}

export const govTxCommands: Record<string, TxCommand> = {
  "submit-proposal": {
    usage: "submit-proposal <proposal-file.json> --from <key>",
    summary: 'submit a proposal: {"messages":[{"@type":...}],"metadata":"","deposit":"10000000uunit","title":"...","summary":"..."}',
    positionals: ["proposal-file"],
    build: ([file], values) => {
      const proposal = readProposalFile(file!);
      return {
        from: fromFlag(values),
        messages: (proposer) => [
          msgSubmitProposal({
            messages: proposal.messages,
            initialDeposit: proposal.deposit,
            proposer,
            metadata: proposal.metadata,
            title: proposal.title,
            summary: proposal.summary,
            expedited: proposal.expedited,
          }),
        ],
      };
    },
  },
  "submit-legacy-proposal": {
    usage: "submit-legacy-proposal --title <text> --description <text> [--type Text] [--deposit <coins>] --from <key>",
    summary: "submit a gov v1beta1 text proposal (a signal that executes nothing), as the SDK's CLI does",
    options: { title: { type: "string" }, description: { type: "string" }, type: { type: "string" }, deposit: { type: "string" } },
    positionals: [],
    build: (_args, values) => {
      const type = typeof values.type === "string" ? values.type : "Text";
      // The only legacy content this chain has; other changes are v1 proposals' messages.
      if (type.toLowerCase() !== "text")
        throw new UsageError(`--type ${type} is not supported: only Text; submit other changes with  unitd tx gov submit-proposal`);
      const content = textProposalContent({ title: requiredFlag(values, "title"), description: requiredFlag(values, "description") });
      const initialDeposit = typeof values.deposit === "string" ? coinsFlag("deposit", values.deposit) : [];
      return { from: fromFlag(values), messages: (proposer) => [msgSubmitLegacyProposal({ content, initialDeposit, proposer })] };
    },
  },
  deposit: {
    usage: "deposit <proposal-id> <amount> --from <key>",
    summary: "add to a proposal's deposit, e.g.  unitd tx gov deposit 1 10000000uunit --from alice",
    positionals: ["proposal-id", "amount"],
    build: ([id, amount], values) => {
      const proposalId = idArg("proposal id", id!);
      const coins = coinsFlag("amount", amount);
      if (coins.length === 0) throw new UsageError(`amount "${amount}" is zero`);
      return { from: fromFlag(values), messages: (depositor) => [msgDeposit({ proposalId, depositor, amount: coins })] };
    },
  },
  vote: {
    usage: "vote <proposal-id> yes|no|abstain|no_with_veto --from <key>",
    summary: "vote on a proposal in its voting period (a new vote replaces the previous one)",
    options: { metadata: { type: "string" } },
    positionals: ["proposal-id", "option"],
    build: ([id, option], values) => {
      const proposalId = idArg("proposal id", id!);
      const voteOption = voteOptionArg(option!);
      const metadata = typeof values.metadata === "string" ? values.metadata : "";
      return { from: fromFlag(values), messages: (voter) => [msgVote({ proposalId, voter, option: voteOption, metadata })] };
    },
  },
  "weighted-vote": {
    usage: "weighted-vote <proposal-id> <option=weight,...> --from <key>",
    summary: "split a vote, e.g.  unitd tx gov weighted-vote 1 yes=0.6,no=0.4 --from alice",
    options: { metadata: { type: "string" } },
    positionals: ["proposal-id", "options"],
    build: ([id, options], values) => {
      const proposalId = idArg("proposal id", id!);
      const weighted = weightedOptionsArg(options!);
      const metadata = typeof values.metadata === "string" ? values.metadata : "";
      return { from: fromFlag(values), messages: (voter) => [msgVoteWeighted({ proposalId, voter, options: weighted, metadata })] };
    },
  },
};
