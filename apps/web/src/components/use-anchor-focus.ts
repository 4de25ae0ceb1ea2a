import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * spec 3 §2 'In-page anchors: medicare, signature, payment, and {route}-{gearReqId}': when the address names an anchor
 * (on arrival or by a link), the page scrolls to it and focus lands there, once the element has rendered.
 */
export function useAnchorFocus(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, ready]);
}
