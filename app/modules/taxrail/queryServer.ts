// chain.taxrail.Query over committed state (REST: /vendor/chain/taxrail/...), paging through
// keeper reads. A malformed code is INVALID_ARGUMENT; a jurisdiction without a rule is NOT_FOUND,
// one that never collected has a zero balance.
import { Query } from "../../../gen/chain/taxrail/query_pb.js";
import { AppError } from "../../../common/errors.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import { type QueryServices } from "../../query/service.js";
import type { TaxrailKeeper } from "./keeper.js";
import { validateJurisdictionCode } from "./validation.js";

function codeArg(code: string): void {
  try {
    validateJurisdictionCode(code);
  } catch (err) {
    throw invalidArgument(err instanceof AppError ? err.message : String(err));
  }
}

export function registerTaxrailQueries(services: QueryServices, keeper: TaxrailKeeper): void {
  services.register(Query, {
    params: (_req, { state }) => ({ params: keeper.getParams(state) }),
    rule: (req, { state }) => {
      codeArg(req.jurisdictionCode);
      const rule = keeper.getRule(state, req.jurisdictionCode);
      if (!rule) throw notFound(`jurisdiction ${req.jurisdictionCode} has no tax rule`);
      return { rule };
    },
    rules: (req, { state }) => {
      const page = keeper.rulesPage(state, req.pagination);
      return { rules: page.items, pagination: page.pagination };
    },
    balance: (req, { state }) => {
      codeArg(req.jurisdictionCode);
      return { balance: keeper.balanceRecord(state, req.jurisdictionCode) };
    },
    balances: (req, { state }) => {
      const page = keeper.balancesPage(state, req.pagination);
      return { balances: page.items, pagination: page.pagination };
    },
  });
}
