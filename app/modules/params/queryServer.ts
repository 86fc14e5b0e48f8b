// cosmos.params.v1beta1.Query (REST: /cosmos/params/v1beta1/params?subspace=&key=, /subspaces),
// answered as the SDK's x/params keeper answers: a known subspace with a key it does not hold gives
// an empty value, not an error; an unknown subspace is the params module's error 2.
import { Query } from "../../../gen/cosmos/params/v1beta1/query_pb.js";
import { invalidArgument } from "../../../common/grpc/queryError.js";
import type { QueryServices } from "../../query/service.js";
import { paramsErrors } from "./errors.js";
import type { LegacySubspace } from "./subspaces.js";

/** User text in an error message, cut short. */
const quoted = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}...` : text);

export function registerParamsQueries(services: QueryServices, subspaces: readonly LegacySubspace[]): void {
  const byName = new Map(subspaces.map((s) => [s.name, s]));
  services.register(Query, {
    params: (req, { state }) => {
      if (req.subspace === "" || req.key === "") throw invalidArgument("invalid request: both subspace and key are required");
      const subspace = byName.get(req.subspace);
      if (!subspace) throw paramsErrors.unknownSubspace.wrap(quoted(req.subspace));
      const value = subspace.params.get(req.key)?.(state) ?? "";
      return { param: { subspace: req.subspace, key: req.key, value } };
    },
    subspaces: (_req, { state }) => ({
      subspaces: subspaces.map((s) => ({ subspace: s.name, keys: [...s.params].filter(([, value]) => value(state) !== undefined).map(([key]) => key) })),
    }),
  });
}
