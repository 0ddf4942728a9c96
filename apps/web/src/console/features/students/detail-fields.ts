/** A student's details as the console's forms ask for them: field, label, input type. */
export const detailFields = [
  ['name', 'Name', 'text'],
  ['mobile', 'Mobile number', 'tel'],
  ['guardian', 'Guardian', 'text'],
  ['email', 'Email', 'email'],
  ['state', 'State', 'text'],
  ['district', 'District', 'text'],
  ['academic_level', 'Academic level', 'text'],
] as const;
export type DetailField = (typeof detailFields)[number][0];

export const MOBILE_HINT = 'Any common writing: 098765 43210, +91 98765 43210';
