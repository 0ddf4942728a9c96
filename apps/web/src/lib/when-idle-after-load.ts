/**
 * Calls `task` once the page has loaded and the browser is idle (at the latest `timeout` ms after
 * load), so code that is not needed for the first screen does not compete with it on a slow network.
 * Returns a function that cancels the call.
 */
export function whenIdleAfterLoad(task: () => void, timeout = 2000): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}
