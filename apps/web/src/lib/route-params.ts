/** A route's numeric id (/chapters/:subId); 0 when it is not a positive whole number, which the server refuses. */
export const numericParam = (value: string | undefined): number => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};
