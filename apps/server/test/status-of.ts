/**
 * The status of a GET, with the body let go: a body left unread holds its response open (the server waits on the
 * socket to drain a PDF or a segment), and the server's close then waits on it. Seen as a 60 s hang in CI.
 */
export async function statusOf(url: string | URL, init?: RequestInit): Promise<number> {
  const response = await fetch(url, init);
  await response.body?.cancel();
  return response.status;
}
