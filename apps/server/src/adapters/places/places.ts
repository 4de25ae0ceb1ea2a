import zipcodes from 'zipcodes';

/** A place a postal code names: what an address form fills in for the person typing (decision 0184). */
export interface Place {
  postalCode: string;
  city: string;
  /** The two-letter state or province code. */
  state: string;
  country: 'US' | 'CA';
}

/**
 * Address autocomplete (spec 2 §7 'Address autocomplete uses a places service'; spec/README.md resolution 7): an
 * adapter. The default works offline from the maintained `zipcodes` data (US ZIP codes and Canadian forward sortation
 * areas); PLACES_PROVIDER=http with PLACES_URL asks a hosted service instead.
 */
export interface PlacesProvider {
  readonly describe: string;
  lookup(postalCode: string): Promise<Place | null>;
}

const PROVINCES: Record<string, string> = {
  Alberta: 'AB',
  'British Columbia': 'BC',
  Manitoba: 'MB',
  'New Brunswick': 'NB',
  'Newfoundland and Labrador': 'NL',
  'Northwest Territories': 'NT',
  'Nova Scotia': 'NS',
  Nunavut: 'NU',
  Ontario: 'ON',
  'Prince Edward Island': 'PE',
  Quebec: 'QC',
  Saskatchewan: 'SK',
  Yukon: 'YT',
};

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
const CANADIAN = /^([A-Z]\d[A-Z])\s?(\d[A-Z]\d)?$/;

/** The part of a postal code the data knows: a US ZIP's five digits, a Canadian code's first three characters. */
export function postalKey(typed: string): { key: string; country: 'US' | 'CA' } | null {
  const text = typed.trim().toUpperCase();
  const us = US_ZIP.exec(text);
  if (us?.[1]) return { key: us[1], country: 'US' };
  const ca = CANADIAN.exec(text);
  if (ca?.[1]) return { key: ca[1], country: 'CA' };
  return null;
}

/** The offline default: the `zipcodes` package's data, in memory. */
export function localPlaces(): PlacesProvider {
  return {
    describe: 'local postal-code data (zipcodes)',
    async lookup(postalCode) {
      const parsed = postalKey(postalCode);
      if (!parsed) return null;
      const found = zipcodes.lookup(parsed.key);
      if (!found) return null;
      const state = parsed.country === 'CA' ? PROVINCES[found.state] : found.state;
      if (!state) return null;
      return {
        postalCode: postalCode.trim().toUpperCase(),
        city: found.city,
        state,
        country: parsed.country,
      };
    },
  };
}

/**
 * A hosted places service: GET {PLACES_URL}?postalCode=… answering JSON { city, state, country } (200) or 404. Its
 * failures count as 'not found', so typing is never held up by it.
 */
export function httpPlaces(url: string, timeoutMs = 3000): PlacesProvider {
  return {
    describe: `hosted places service at ${new URL(url).host}`,
    async lookup(postalCode) {
      const parsed = postalKey(postalCode);
      if (!parsed) return null;
      try {
        const address = new URL(url);
        address.searchParams.set('postalCode', postalCode.trim().toUpperCase());
        const response = await fetch(address, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) return null;
        const body = (await response.json()) as { city?: unknown; state?: unknown };
        if (typeof body.city !== 'string' || typeof body.state !== 'string') return null;
        return {
          postalCode: postalCode.trim().toUpperCase(),
          city: body.city.slice(0, 100),
          state: body.state.slice(0, 2).toUpperCase(),
          country: parsed.country,
        };
      } catch {
        return null;
      }
    },
  };
}

/** The provider the settings name: PLACES_PROVIDER=local (default) or http (with PLACES_URL). */
export const placesFromSettings = (settings: {
  provider: 'local' | 'http';
  url: string | null;
}): PlacesProvider =>
  settings.provider === 'http' && settings.url ? httpPlaces(settings.url) : localPlaces();
