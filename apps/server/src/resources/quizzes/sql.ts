/** A timestamptz column as ISO 8601 in UTC, the contract's date format, whichever driver runs the query. */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Quizzes and attempts are written by staff and students over years; no list is read without a bound. */
export const LIST_LIMIT = 200;
