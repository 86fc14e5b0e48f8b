// grpc-js handlers for the two kinds of unary method: queries against a committed view
// (QueryServices, awaited: eth_call runs the VM) and async node methods (NodeServices). Both answer
// every failure with a status (grpcStatusOf decides the code) and never let an exception escape
// into grpc-js, which would turn it into an opaque UNKNOWN, or into the process. Both pass the
// call's cancellation on, so a long query (eth_call) stops when its client gives up.
import { status as GrpcStatus, type handleUnaryCall, type ServiceError, type ServerUnaryCall } from "@grpc/grpc-js";
import type { Logger } from "pino";
import { GrpcCode } from "../../common/errors.js";
import { grpcStatusOf, type QueryMethod } from "../query/service.js";
import { heightMetadata, requestedHeight } from "../../common/grpc/height.js";
import type { CommittedState } from "../query/committedView.js";
import type { QueryExecutor } from "../query/executor.js";
import type { NodeMethod } from "./nodeServices.js";

type UnaryHandler = handleUnaryCall<Buffer, Buffer>;

export function queryHandler(method: QueryMethod, executor: QueryExecutor, logger: Logger): UnaryHandler {
  return (call, callback) => {
    void (async () => {
      const cancel = cancellation(call);
      try {
        const { response, height } = await executor.execute(method, call.request, requestedHeight(call.metadata), cancel.signal);
        call.sendMetadata(heightMetadata(height));
        callback(null, asBuffer(response));
      } catch (err) {
        callback(serviceError(err, method.path, logger));
      } finally {
        cancel.release();
      }
    })();
  };
}

/**
 * Node methods do not read app state, so the height metadata only has to be well formed; the
 * answer still carries a height (the app's latest committed one) so every response has it.
 */
export function nodeHandler(method: NodeMethod, state: CommittedState, logger: Logger): UnaryHandler {
  return (call, callback) => {
    void (async () => {
      const cancel = cancellation(call);
      try {
        requestedHeight(call.metadata);
        const response = await method.handle(call.request, { signal: cancel.signal });
        call.sendMetadata(heightMetadata(state.lastHeight));
        callback(null, asBuffer(response));
      } catch (err) {
        callback(serviceError(err, method.path, logger));
      } finally {
        cancel.release();
      }
    })();
  };
}

/**
 * The call's cancellation as an AbortSignal, until `release`. grpc-js reports many calls as
 * cancelled after they were answered (the client closing its stream); once the answer is sent
 * nothing listens, so those must not abort: each abort builds a DOMException with its stack.
 */
function cancellation(call: ServerUnaryCall<Buffer, Buffer>): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  if (call.cancelled) {
    controller.abort();
    return { signal: controller.signal, release: () => {} };
  }
  const onCancelled = () => controller.abort();
  call.once("cancelled", onCancelled);
  return { signal: controller.signal, release: () => call.removeListener("cancelled", onCancelled) };
}

/** The status for a failure; unexpected ones (INTERNAL) are logged with their stack. */
export function serviceError(err: unknown, path: string, logger: Logger): Partial<ServiceError> {
  const { code, message } = grpcStatusOf(err);
  if (code === GrpcCode.INTERNAL) logger.error({ err, path }, "gRPC method failed");
  else if (code === GrpcCode.UNKNOWN) logger.warn({ path, message }, "gRPC method failed");
  return { code: code as GrpcStatus, details: message };
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
