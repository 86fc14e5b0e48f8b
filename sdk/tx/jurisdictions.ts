// Jurisdiction codes, one rule for the client and the chain (registry and taxrail both check it,
// the CLI refuses what the chain would): an ISO 3166-1 alpha-2 country code ("US", "DE"), or an
// ISO 3166-2 subdivision code ("US-CA", "DE-BY", "GB-ENG"), in upper case. The country part must
// be an assigned ISO 3166-1 code; the subdivision part (ISO assigns thousands, and revises them)
// is checked for its form only: 1 to 3 upper-case letters or digits.

/** The officially assigned ISO 3166-1 alpha-2 codes (249). */
const ISO_3166_1_ALPHA_2 = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
    "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY " +
    "MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM " +
    "PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
    "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ " +
    "UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);

/** The form of a code: two letters, optionally "-" and 1 to 3 letters or digits. */
export const JURISDICTION_CODE_PATTERN = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

/** Why `code` is not a jurisdiction code, or undefined when it is one. */
export function jurisdictionCodeProblem(code: string): string | undefined {
  const shown = JSON.stringify(code.length > 20 ? `${code.slice(0, 20)}...` : code);
  if (!JURISDICTION_CODE_PATTERN.test(code)) {
    return `jurisdiction code ${shown} must be an upper-case ISO 3166-1 alpha-2 code (US) or ISO 3166-2 subdivision code (US-CA)`;
  }
  if (!ISO_3166_1_ALPHA_2.has(code.slice(0, 2))) return `jurisdiction code ${shown}: ${code.slice(0, 2)} is not an ISO 3166-1 alpha-2 country code`;
  return undefined;
}

export function isJurisdictionCode(code: string): boolean {
  return jurisdictionCodeProblem(code) === undefined;
}
