// chain.registry.Query over committed state (REST: /vendor/chain/registry/...), paging through
// keeper reads. Malformed arguments are INVALID_ARGUMENT, absent records NOT_FOUND.
import { Query } from "../../../gen/chain/registry/query_pb.js";
import { AppError } from "../../../common/errors.js";
import { parseAccAddress } from "../../../common/address.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import { type QueryServices } from "../../query/service.js";
import type { RegistryKeeper } from "./keeper.js";
import { validateJurisdictionCode } from "./validation.js";

/** Turns a registered error from an argument check into INVALID_ARGUMENT. */
function argument<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw invalidArgument(err instanceof AppError ? err.message : String(err));
  }
}

const codeArg = (code: string) => argument(() => validateJurisdictionCode(code));

export function registerRegistryQueries(services: QueryServices, keeper: RegistryKeeper): void {
  services.register(Query, {
    params: (_req, { state }) => ({ params: keeper.getParams(state) }),
    asset: (req, { state }) => {
      const asset = keeper.getAsset(state, req.id);
      if (!asset) throw notFound(`asset ${req.id} not found`);
      return { asset };
    },
    assetHistory: (req, { state }) => {
      // An asset that does not exist has no history; an empty list would hide a wrong id.
      if (!keeper.getAsset(state, req.assetId)) throw notFound(`asset ${req.assetId} not found`);
      const page = keeper.historyPage(state, req.assetId, req.pagination);
      return { history: page.items, pagination: page.pagination };
    },
    jurisdiction: (req, { state }) => {
      codeArg(req.jurisdictionCode);
      const jurisdiction = keeper.getJurisdiction(state, req.jurisdictionCode);
      if (!jurisdiction) throw notFound(`jurisdiction ${req.jurisdictionCode} has no authority`);
      return { jurisdiction };
    },
    jurisdictions: (req, { state }) => {
      const page = keeper.jurisdictionsPage(state, req.pagination);
      return { jurisdictions: page.items, pagination: page.pagination };
    },
    assetsByOwner: (req, { state }) => {
      const owner = argument(() => parseAccAddress(req.owner, "owner"));
      const page = keeper.assetsByOwnerPage(state, owner, req.pagination);
      return { assets: page.items, pagination: page.pagination };
    },
    assetsByJurisdiction: (req, { state }) => {
      codeArg(req.jurisdictionCode);
      const page = keeper.assetsByJurisdictionPage(state, req.jurisdictionCode, req.pagination);
      return { assets: page.items, pagination: page.pagination };
    },
  });
}
