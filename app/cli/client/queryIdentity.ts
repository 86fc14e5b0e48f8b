// `unitd query identity params|issuers|tier|did|credential`
import { Query } from "../../../gen/chain/identity/query_pb.js";
import { accountAddressArg, expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, pageRequest, parseModuleQuery, queryAndPrint } from "./queryPrint.js";
import { idArg } from "./txCommand.js";

const OPTIONS = MODULE_QUERY_OPTIONS;

export const IDENTITY_QUERY_USAGE = `  identity params                             the identity params (attested_credential_type)
  identity issuers [--limit n]                issuers authorized by governance
  identity tier <address>                     an account's tier, derived from its credentials
  identity did <address>                      an account's DID document
  identity credential <id>                    a credential's record and status`;

export async function runQueryIdentity(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, OPTIONS);
  switch (what) {
    case "params":
      expectPositionals(positionals, [], "unitd query identity params");
      return queryAndPrint(rpc, Query.method.params, {}, output, { height });
    case "issuers":
      expectPositionals(positionals, [], "unitd query identity issuers");
      return queryAndPrint(rpc, Query.method.issuers, { pagination: pageRequest(values) }, output, { height });
    case "tier": {
      const [address] = expectPositionals(positionals, ["address"], "unitd query identity tier <address>");
      return queryAndPrint(rpc, Query.method.tier, { address: accountAddressArg(address!) }, output, { height });
    }
    case "did": {
      const [address] = expectPositionals(positionals, ["address"], "unitd query identity did <address>");
      const bech32 = accountAddressArg(address!);
      return queryAndPrint(rpc, Query.method.did, { address: bech32 }, output, {
        height,
        notFound: `${bech32} has no DID document: the chain knows neither its public key nor an active credential of it`,
      });
    }
    case "credential": {
      const [id] = expectPositionals(positionals, ["id"], "unitd query identity credential <id>");
      return queryAndPrint(rpc, Query.method.credential, { id: idArg("credential id", id!) }, output, { height, notFound: `credential ${id} does not exist` });
    }
    default:
      throw new UsageError(
        what === undefined
          ? "missing identity query: params, issuers, tier, did or credential"
          : `unknown identity query "${what}": expected params, issuers, tier, did or credential`,
      );
  }
}
