import { useEffect, useRef } from 'react';
import { useApi } from '../api/context.tsx';

export interface Place {
  postalCode: string;
  city: string;
  state: string;
  country: 'US' | 'CA';
}

const LOOKS_COMPLETE = /^\s*(\d{5}(-?\d{4})?|[A-Za-z]\d[A-Za-z]\s?(\d[A-Za-z]\d)?)\s*$/;

/**
 * Address autocomplete (spec 2 §7; decision 0184): once a whole US ZIP or Canadian postal code is typed, asks
 * GET /api/places/postal-code/{code} and hands the place to `fill`, which sets only what is still empty (typing stays
 * free). Failures say nothing: the person just types the city and state.
 */
export function usePostalCodeFill(
  postalCode: string | null | undefined,
  fill: (place: Place) => void,
  enabled = true,
) {
  const api = useApi();
  const fillRef = useRef(fill);
  fillRef.current = fill;
  // The code the form opened with is not looked up: only one the person types.
  const asked = useRef<string | null>((postalCode ?? '').trim());
  useEffect(() => {
    const code = (postalCode ?? '').trim();
    if (!enabled || !LOOKS_COMPLETE.test(code) || asked.current === code) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      asked.current = code;
      api
        .get<Place>(`/api/places/postal-code/${encodeURIComponent(code)}`, {
          auth: 'none',
          authErrors: 'throw',
          signal: controller.signal,
        })
        .then((place) => fillRef.current(place))
        .catch(() => undefined);
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, postalCode, enabled]);
}
