/** Beyond this much of an unread body (more than five photos), the rest is cancelled instead of read. */
const MAX_DRAIN_BYTES = 32 * 1024 * 1024;

/**
 * A request answered without reading its body (refused by its content type, its size or the configuration) has
 * the body read to its end here: a body left unread kept the client's connection busy, and the next request the
 * client sent on it never got an answer (seen under wrangler dev after one in ten refused POSTs; tested in
 * e2e/connections.spec.ts). Cancelling it did not free the connection; reading it does.
 */
export async function discardUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  try {
    for (let read = 0; read <= MAX_DRAIN_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client closed the connection: nothing is waiting on it.
  }
}
