// One query method called through abci_query and its answer printed: JSON with the protos'
// snake_case names (Anys rendered with "@type" through the client's type registry), or text.
import { toJson, type DescMessage, type DescMethod, type MessageInitShape } from "@bufbuild/protobuf";
import { CometRpcClient } from "../../../sdk/client/cometRpcClient.js";
import { AbciQueryError, ClientError } from "../../../sdk/client/errors.js";
import { grpcQuery } from "../../../sdk/client/grpcQuery.js";
import { decimalizeLegacyDecs } from "../../../sdk/client/legacyDec.js";
import { typeRegistry } from "../../../sdk/tx/registry.js";
import { outputFormat, parseStrictArgs, type FlagSpecs, type OutputFormat } from "../flags.js";
import { printResult } from "./output.js";
import { NODE_OPTIONS, nodeUrlFlag, uintFlag, UsageError } from "./cliArgs.js";

type UnaryMethod<I extends DescMessage, O extends DescMessage> = DescMethod & { input: I; output: O };

export interface QueryPrintOptions {
  height?: bigint | undefined;
  /** Said instead of the node's text when the answer is NOT_FOUND. */
  notFound?: string;
}

export async function queryAndPrint<I extends DescMessage, O extends DescMessage>(
  rpc: CometRpcClient,
  method: UnaryMethod<I, O>,
  request: MessageInitShape<I>,
  output: OutputFormat,
  options: QueryPrintOptions = {},
): Promise<number> {
  let answer;
  try {
    answer = await grpcQuery(rpc, method, request, { height: options.height ?? 0n });
  } catch (err) {
    if (err instanceof AbciQueryError && err.isNotFound && options.notFound) throw new ClientError(options.notFound);
    throw err;
  }
  const json = toJson(method.output, answer, { useProtoFieldName: true, alwaysEmitImplicit: true, registry: typeRegistry() });
  printResult(decimalizeLegacyDecs(method.output, json), output);
  return 0;
}

/** --limit and --page-key of list queries, as a PageRequest. */
export function pageRequest(values: { limit?: string | undefined; "page-key"?: string | undefined }) {
  const limit =
    values.limit === undefined
      ? 100n
      : BigInt(/^[0-9]{1,4}$/.test(values.limit) ? values.limit : fail(`--limit expects an integer up to 9999, got "${values.limit}"`));
  const key = values["page-key"] === undefined ? new Uint8Array() : Buffer.from(values["page-key"], "base64");
  return { limit, key, countTotal: values["page-key"] === undefined };
}

export const PAGE_OPTIONS = { limit: { type: "string" }, "page-key": { type: "string" } } as const;

/** The flags of a module's list and lookup queries. */
export const MODULE_QUERY_OPTIONS = { ...NODE_OPTIONS, ...PAGE_OPTIONS, height: { type: "string" } } as const;

/** Parses a module query's arguments into what every one of them needs. */
export function parseModuleQuery<const O extends FlagSpecs>(args: string[], options: O) {
  const { values, positionals } = parseStrictArgs(args, options);
  const common = values as { output?: string; node?: string; height?: string };
  return {
    values,
    positionals,
    output: outputFormat(common.output),
    rpc: new CometRpcClient(nodeUrlFlag(common.node)),
    height: uintFlag("--height", common.height),
  };
}

function fail(message: string): never {
  throw new UsageError(message);
}
