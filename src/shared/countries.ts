/*
 * The countries a find can be in (decision record 041): those of the countries' outlines (src/worker/geo/
 * country-outlines.bin) and the small states told by their circles (geo/countries.ts), as ISO 3166-1 alpha-2 codes
 * (XK: Kosovo, as Natural Earth and the browsers name it). A goal country is one of them (decision record 042); the
 * owner page offers them, named by the browser. tests/unit/country-outlines.test.ts keeps the list equal to them.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BR BS BT BW BY BZ CA CD CF ' +
  'CG CH CI CK CL CM CN CO CR CU CV CW CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GG ' +
  'GH GL GM GN GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP ' +
  'KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RO RS RU RW SA SB SC SD SE SG SH ' +
  'SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TL TM TN TO TR TT TW TZ UA UG US UY UZ VA VC VE VG VI VN ' +
  'VU WF WS XK YE ZA ZM ZW'
).split(' ');
