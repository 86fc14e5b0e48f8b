// `unitd query` (alias `q`): read committed state from a node through CometBFT RPC.
import { runQueryAuth } from "./queryAuth.js";
import { runQueryBank } from "./queryBank.js";
import { EVM_QUERY_USAGE, runQueryEvm } from "./queryEvm.js";
import { runQueryTx } from "./queryTx.js";
import { IDENTITY_QUERY_USAGE, runQueryIdentity } from "./queryIdentity.js";
import { REGISTRY_QUERY_USAGE, runQueryRegistry } from "./queryRegistry.js";
import { TAXRAIL_QUERY_USAGE, runQueryTaxrail } from "./queryTaxrail.js";
import { GOV_QUERY_USAGE, runQueryGov } from "./queryGov.js";
import { STAKING_QUERY_USAGE, runQueryStaking } from "./queryStaking.js";
import { SLASHING_QUERY_USAGE, runQuerySlashing } from "./querySlashing.js";
import { EVIDENCE_QUERY_USAGE, runQueryEvidence } from "./queryEvidence.js";
import { DISTRIBUTION_QUERY_USAGE, runQueryDistribution } from "./queryDistribution.js";
import { VOTING_QUERY_USAGE, runQueryVoting } from "./queryVoting.js";
import { CONSENSUS_QUERY_USAGE, runQueryConsensus } from "./queryConsensus.js";
import { PARAMS_QUERY_USAGE, runQueryParams } from "./queryParams.js";
import { MINT_QUERY_USAGE, runQueryMint } from "./queryMint.js";
import { UsageError } from "./cliArgs.js";
import { runCli } from "./runCli.js";

const USAGE = `unitd query <module> <what> [args] [flags]     (alias: unitd q)

Queries:
  bank balances <address> [--denom <denom>]   balances of an account (one denom with --denom)
  bank total [--denom <denom>]                total supply (of one denom with --denom)
  auth account <address>                      an account: number, sequence, public key
  auth module-account <name>                  a module account by name (gov, fee_collector, ...)
  tx <hash>                                   a committed tx by its hash, decoded
${STAKING_QUERY_USAGE}
${SLASHING_QUERY_USAGE}
${EVIDENCE_QUERY_USAGE}
${DISTRIBUTION_QUERY_USAGE}
${GOV_QUERY_USAGE}
${CONSENSUS_QUERY_USAGE}
${PARAMS_QUERY_USAGE}
${MINT_QUERY_USAGE}
${IDENTITY_QUERY_USAGE}
${REGISTRY_QUERY_USAGE}
${TAXRAIL_QUERY_USAGE}
${VOTING_QUERY_USAGE}
${EVM_QUERY_USAGE}

Addresses are accepted as unit1... or 0x...

Flags:
  --node <url>        CometBFT RPC address (default http://127.0.0.1:26657; tcp:// is read as http://)
  -o, --output <fmt>  text (default, YAML-like) or json (proto field names, int64 as strings)
  --height <n>        read state at this height (every query but tx; default latest)
  --limit <n>         list queries: at most n items (default 100)
  --page-key <key>    list queries: continue from a previous answer's pagination.next_key
`;

export function runQueryCommand(args: string[]): Promise<number> {
  return runCli("query", async () => {
    const [module, ...rest] = args;
    if (module === undefined || module === "help" || module === "--help" || module === "-h" || rest.includes("--help") || rest.includes("-h")) {
      // Asked for help: stdout, exit 0. Typed nothing: the same text as an error.
      (module === undefined ? process.stderr : process.stdout).write(USAGE);
      return module === undefined ? 1 : 0;
    }
    switch (module) {
      case "bank":
        return runQueryBank(rest);
      case "auth":
        return runQueryAuth(rest);
      case "tx":
        return runQueryTx(rest);
      case "staking":
        return runQueryStaking(rest);
      case "slashing":
        return runQuerySlashing(rest);
      case "evidence":
        return runQueryEvidence(rest);
      case "distribution":
        return runQueryDistribution(rest);
      case "gov":
        return runQueryGov(rest);
      case "consensus":
        return runQueryConsensus(rest);
      case "params":
        return runQueryParams(rest);
      case "mint":
        return runQueryMint(rest);
      case "identity":
        return runQueryIdentity(rest);
      case "registry":
        return runQueryRegistry(rest);
      case "taxrail":
        return runQueryTaxrail(rest);
      case "voting":
        return runQueryVoting(rest);
      case "evm":
        return runQueryEvm(rest);
      default:
        throw new UsageError(
          `unknown query module "${module}": expected bank, auth, staking, slashing, evidence, distribution, gov, consensus, params, mint, identity, registry, taxrail, voting, evm or tx`,
        );
    }
  });
}
