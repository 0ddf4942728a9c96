/** A count as the console says it: 1,23,456 in the Indian grouping. */
export const numberSaid = (n: number) => n.toLocaleString('en-IN');

/** "1 student", "1,200 students". */
export const studentsSaid = (n: number) => `${numberSaid(n)} student${n === 1 ? '' : 's'}`;
