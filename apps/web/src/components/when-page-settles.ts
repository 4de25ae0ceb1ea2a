/** What makes the page "in use": the first of these, anywhere on it, is the person starting to fill it in. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
/** How long the browser may keep an idle callback waiting for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once, off the first paint's path (decision 0320): on the person's first interaction with the page, or
 * once the page has loaded and the browser is idle, whichever comes first. Answers a function that cancels it (a
 * component that leaves first). Used for what a page needs soon but not to be drawn: the captcha widget's script.
 */
export function whenPageSettles(task: () => void): () => void {
  let done = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cleanUp = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, run, true);
    window.removeEventListener('load', afterLoad);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
    clearTimeout(timer);
  };
  function run() {
    if (done) return;
    done = true;
    cleanUp();
    task();
  }
  function afterLoad() {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(run, 0);
  }
  for (const type of INTERACTIONS) window.addEventListener(type, run, { capture: true, passive: true });
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    done = true;
    cleanUp();
  };
}
