/** India's part of a libphonenumber-js metadata: its calling code and its numbering plan, nothing of other countries. */
export const indiaOnly = (metadata) => ({
  version: metadata.version,
  country_calling_codes: { 91: ['IN'] },
  countries: { IN: metadata.countries.IN },
  nonGeographic: {},
});
