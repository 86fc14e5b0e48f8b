// gRPC server reflection (grpc.reflection.v1 and v1alpha): a bidirectional stream on which every
// request gets one response, in order. Lookups that find nothing answer with an error_response on
// the stream (as grpc-go does) rather than ending it, so a client can go on asking.
import { create, fromBinary, toBinary, type DescFile, type DescService } from "@bufbuild/protobuf";
import type { BidiMethod } from "../../../common/grpc/serverCalls.js";
import type { Logger } from "pino";
import {
  ServerReflection as ServerReflectionV1,
  ServerReflectionRequestSchema,
  ServerReflectionResponseSchema,
  type ServerReflectionRequest,
  type ServerReflectionResponse,
} from "../../../gen/grpc/reflection/v1/reflection_pb.js";
import { ServerReflection as ServerReflectionV1alpha } from "../../../gen/grpc/reflection/v1alpha/reflection_pb.js";
import { GrpcCode } from "../../../common/errors.js";
import type { DescriptorIndex } from "./descriptorIndex.js";

/** Both reflection services; their messages are identical on the wire. */
export const REFLECTION_SERVICES: readonly DescService[] = [ServerReflectionV1, ServerReflectionV1alpha];

/** Largest reflection request read; real ones are a symbol or file name. */
const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * The stream handler for either version. v1alpha requests are decoded with the v1 schema: the
 * two packages declare the same messages with the same field numbers, and the package name never
 * appears on the wire.
 */
export function reflectionHandler(index: DescriptorIndex, logger: Logger): BidiMethod {
  return (call) => ({
    onMessage(chunk) {
      if (chunk.length > MAX_REQUEST_BYTES)
        return call.end(GrpcCode.RESOURCE_EXHAUSTED, `reflection request of ${chunk.length} bytes exceeds ${MAX_REQUEST_BYTES}`);
      let request: ServerReflectionRequest;
      try {
        request = fromBinary(ServerReflectionRequestSchema, chunk);
      } catch (err) {
        return call.end(GrpcCode.INVALID_ARGUMENT, `cannot decode ServerReflectionRequest: ${(err as Error).message}`);
      }
      try {
        call.write(toBinary(ServerReflectionResponseSchema, answer(index, request)));
      } catch (err) {
        logger.error({ err }, "reflection request failed");
        call.end(GrpcCode.INTERNAL, `reflection failed: ${(err as Error).message}`);
      }
    },
    onEnd: () => call.end(),
  });
}

/** The response to one request. Exported for tests that need no stream. */
export function answer(index: DescriptorIndex, request: ServerReflectionRequest): ServerReflectionResponse {
  const base = { validHost: request.host, originalRequest: request };
  const notFound = (what: string): ServerReflectionResponse =>
    create(ServerReflectionResponseSchema, {
      ...base,
      messageResponse: { case: "errorResponse", value: { errorCode: GrpcCode.NOT_FOUND, errorMessage: `${what} not found` } },
    });
  const files = (file: DescFile): ServerReflectionResponse =>
    create(ServerReflectionResponseSchema, {
      ...base,
      messageResponse: { case: "fileDescriptorResponse", value: { fileDescriptorProto: index.withDependencies(file) } },
    });

  const req = request.messageRequest;
  switch (req.case) {
    case "listServices":
      return create(ServerReflectionResponseSchema, {
        ...base,
        messageResponse: { case: "listServicesResponse", value: { service: index.services().map((name) => ({ name })) } },
      });
    case "fileByFilename": {
      const file = index.fileByName(req.value);
      return file ? files(file) : notFound(`file ${req.value}`);
    }
    case "fileContainingSymbol": {
      const file = index.fileContainingSymbol(req.value);
      return file ? files(file) : notFound(`symbol ${req.value}`);
    }
    case "fileContainingExtension": {
      const file = index.fileContainingExtension(req.value.containingType, req.value.extensionNumber);
      return file ? files(file) : notFound(`extension ${req.value.extensionNumber} of ${req.value.containingType}`);
    }
    case "allExtensionNumbersOfType": {
      const numbers = index.extensionNumbersOf(req.value);
      if (!numbers) return notFound(`type ${req.value}`);
      return create(ServerReflectionResponseSchema, {
        ...base,
        messageResponse: { case: "allExtensionNumbersResponse", value: { baseTypeName: req.value, extensionNumber: numbers } },
      });
    }
    default:
      return create(ServerReflectionResponseSchema, {
        ...base,
        messageResponse: {
          case: "errorResponse",
          value: { errorCode: GrpcCode.INVALID_ARGUMENT, errorMessage: "empty reflection request: set one of message_request" },
        },
      });
  }
}
