// The two kinds of unary method: queries against a committed view (QueryServices, awaited:
// eth_call runs the VM) and async node methods (NodeServices). Both answer every failure with a
// status (grpcStatusOf decides the code), and both hand the call's signal on, so a long query
// (eth_call) stops when its client gives up.
import type { Logger } from "pino";
import { GrpcCode } from "../../common/errors.js";
import { GrpcStatusError, type UnaryMethod } from "../../common/grpc/serverCalls.js";
import { grpcStatusOf, type QueryMethod } from "../query/service.js";
import { heightHeader, requestedHeight } from "../../common/grpc/height.js";
import type { CommittedState } from "../query/committedView.js";
import type { QueryExecutor } from "../query/executor.js";
import type { NodeMethod } from "./nodeServices.js";

export function queryHandler(method: QueryMethod, executor: QueryExecutor, logger: Logger): UnaryMethod {
  return async (request, ctx) => {
    try {
      const { response, height } = await executor.execute(method, request, requestedHeight(ctx.metadata), ctx.signal);
      return { message: response, metadata: [heightHeader(height)] };
    } catch (err) {
      throw statusError(err, method.path, logger);
    }
  };
}

/**
 * Node methods do not read app state, so the height metadata only has to be well formed; the
 * answer still carries a height (the app's latest committed one) so every response has it.
 */
export function nodeHandler(method: NodeMethod, state: CommittedState, logger: Logger): UnaryMethod {
  return async (request, ctx) => {
    try {
      requestedHeight(ctx.metadata);
      const response = await method.handle(request, { signal: ctx.signal });
      return { message: response, metadata: [heightHeader(state.lastHeight)] };
    } catch (err) {
      throw statusError(err, method.path, logger);
    }
  };
}

/** The status for a failure; unexpected ones (INTERNAL) are logged with their stack. */
function statusError(err: unknown, path: string, logger: Logger): GrpcStatusError {
  const { code, message } = grpcStatusOf(err);
  if (code === GrpcCode.INTERNAL) logger.error({ err, path }, "gRPC method failed");
  else if (code === GrpcCode.UNKNOWN) logger.warn({ path, message }, "gRPC method failed");
  return new GrpcStatusError(code, message);
}
