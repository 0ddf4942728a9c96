/** Start-up messages before the app's logger exists (and the first process's, which has none), as JSON lines like the rest of the log. */
export const say = (level: number, msg: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, ...fields, msg }));
