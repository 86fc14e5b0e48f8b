// `unitd query evidence list|evidence <hash>`: double signs the chain has handled.
import { Query } from "../../../gen/cosmos/evidence/v1beta1/query_pb.js";
import { expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, pageRequest, parseModuleQuery, queryAndPrint } from "./queryPrint.js";

export const EVIDENCE_QUERY_USAGE = `  evidence list                               handled evidence (double signs), each an Equivocation
  evidence evidence <hash>                    one piece of evidence by its hex hash`;

const QUERIES = "list or evidence";

export async function runQueryEvidence(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, MODULE_QUERY_OPTIONS);
  switch (what) {
    case "list":
      expectPositionals(positionals, [], "unitd query evidence list");
      return queryAndPrint(rpc, Query.method.allEvidence, { pagination: pageRequest(values) }, output, { height });
    case "evidence": {
      const [hash] = expectPositionals(positionals, ["hash"], "unitd query evidence evidence <hash>");
      if (!/^[0-9a-fA-F]{64}$/.test(hash!)) throw new UsageError(`an evidence hash is 64 hex characters, got "${hash!.slice(0, 80)}"`);
      return queryAndPrint(rpc, Query.method.evidence, { hash: hash! }, output, { height, notFound: `no evidence ${hash!.toUpperCase()}` });
    }
    default:
      throw new UsageError(what === undefined ? `missing evidence query: ${QUERIES}` : `unknown evidence query "${what}": expected ${QUERIES}`);
  }
}
