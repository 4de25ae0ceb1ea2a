/**
 * spec 2 §9 'Country list of about 250 names': the regions the browser can name (ISO 3166 codes, English names),
 * without the groupings and test codes. Built once, on first use.
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

let countries: string[] | null = null;

export function countryNames(): string[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const found = new Set<string>();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const first of letters) {
    for (const second of letters) {
      const code = `${first}${second}`;
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code) found.add(name);
    }
  }
  countries = [...found].sort((a, b) => a.localeCompare(b, 'en'));
  return countries;
}
