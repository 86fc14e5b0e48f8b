// `unitd query auth account|module-account`: accounts as the chain stores them, printed with
// their type URL like the SDK's CLI does.
import { BaseAccountSchema, ModuleAccountSchema } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { getAccount, getModuleAccountByName, type Account } from "../../../sdk/client/authQueries.js";
import { CometRpcClient } from "../../../sdk/client/cometRpcClient.js";
import { AbciQueryError, ClientError } from "../../../sdk/client/errors.js";
import { anyToJson } from "../../../sdk/tx/decodeTx.js";
import { packAny } from "../../../sdk/tx/registry.js";
import { NODE_OPTIONS, accountAddressArg, expectPositionals, nodeUrlFlag, uintFlag, UsageError } from "./cliArgs.js";
import { outputFormat, parseStrictArgs } from "../flags.js";
import { printResult } from "./output.js";

const OPTIONS = { ...NODE_OPTIONS, height: { type: "string" } } as const;

/** An account re-packed as an Any, so its JSON carries "@type" and pub_key is unpacked too. */
function accountJson(account: Account) {
  const any = account.$typeName === ModuleAccountSchema.typeName ? packAny(ModuleAccountSchema, account) : packAny(BaseAccountSchema, account);
  return anyToJson(any);
}

export async function runQueryAuth(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals } = parseStrictArgs(rest, OPTIONS);
  const output = outputFormat(values.output);
  const rpc = new CometRpcClient(nodeUrlFlag(values.node));
  const height = uintFlag("--height", values.height);
  switch (what) {
    case "account": {
      const [address] = expectPositionals(positionals, ["address"], "unitd query auth account <address>");
      const bech32 = accountAddressArg(address!);
      const account = await getAccount(rpc, bech32, { height });
      if (!account) throw new ClientError(`account ${bech32} not found: the chain has no state for it (it has never received funds)`);
      printResult({ account: accountJson(account) }, output);
      return 0;
    }
    case "module-account": {
      const [name] = expectPositionals(positionals, ["name"], "unitd query auth module-account <name>");
      const account = await getModuleAccountByName(rpc, name!, { height }).catch((err: unknown) => {
        throw err instanceof AbciQueryError && err.isNotFound ? new ClientError(`module account "${name}" not found on this chain`) : err;
      });
      printResult({ account: accountJson(account) }, output);
      return 0;
    }
    default:
      throw new UsageError(
        what === undefined ? "missing auth query: account or module-account" : `unknown auth query "${what}": expected account or module-account`,
      );
  }
}
