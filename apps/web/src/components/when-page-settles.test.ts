import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPageSettles } from './when-page-settles.ts';

// Decision 0320: the captcha's script waits for the first interaction or the first idle moment after the load.
describe('whenPageSettles', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('runs on the first interaction with the page, once', () => {
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 1),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const task = vi.fn();
    whenPageSettles(task);
    expect(task).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('focusin', { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs when the loaded page is idle, asking for an idle moment no later than 2 s', () => {
    let idle: (() => void) | undefined;
    const request = vi.fn((callback: () => void) => {
      idle = callback;
      return 7;
    });
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const task = vi.fn();
    whenPageSettles(task);
    expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(task).not.toHaveBeenCalled();
    idle?.();
    expect(task).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled', () => {
    const cancelIdle = vi.fn();
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 3),
    );
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const task = vi.fn();
    const cancel = whenPageSettles(task);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(3);
    document.body.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(task).not.toHaveBeenCalled();
  });
});
