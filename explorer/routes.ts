// Every page of the explorer and its URL (relative to /explorer/).
import type { Route } from "./router.js";
import { homePage } from "./pages/home.js";
import { blockPage } from "./pages/block.js";
import { txPage } from "./pages/tx.js";
import { accountPage } from "./pages/account.js";
import { validatorPage, validatorsPage } from "./pages/validators.js";
import { governancePage, proposalPage } from "./pages/governance.js";
import { credentialPage, identityPage } from "./pages/identity.js";
import { assetPage, registryPage } from "./pages/registry.js";
import { electionPage, electionsPage } from "./pages/elections.js";
import { taxrailPage } from "./pages/taxrail.js";
import { searchResultsPage } from "./pages/searchResults.js";

const ID = "(\\d{1,20})";

export const ROUTES: readonly Route[] = [
  { pattern: /^$/, title: () => "Home", render: homePage },
  { pattern: new RegExp(`^block/${ID}$`), title: (h) => `Block ${h}`, render: blockPage },
  { pattern: /^tx\/((?:0x)?[0-9a-fA-F]{64})$/, title: () => "Transaction", render: txPage },
  { pattern: /^(?:account|address|contract)\/([^/]+)$/, title: () => "Account", render: accountPage },
  { pattern: /^validators$/, title: () => "Validators", render: validatorsPage },
  { pattern: /^validator\/([^/]+)$/, title: () => "Validator", render: validatorPage },
  { pattern: /^governance$/, title: () => "Governance", render: governancePage },
  { pattern: new RegExp(`^proposal/${ID}$`), title: (id) => `Proposal ${id}`, render: proposalPage },
  { pattern: /^identity$/, title: () => "Identity", render: identityPage },
  { pattern: new RegExp(`^credential/${ID}$`), title: (id) => `Credential ${id}`, render: credentialPage },
  { pattern: /^registry$/, title: () => "Registry", render: registryPage },
  { pattern: new RegExp(`^asset/${ID}$`), title: (id) => `Asset ${id}`, render: assetPage },
  { pattern: /^elections$/, title: () => "Elections", render: electionsPage },
  { pattern: new RegExp(`^election/${ID}$`), title: (id) => `Election ${id}`, render: electionPage },
  { pattern: /^taxrail$/, title: () => "Tax rail", render: taxrailPage },
  { pattern: new RegExp(`^search/${ID}$`), title: (n) => `Search ${n}`, render: searchResultsPage },
];
