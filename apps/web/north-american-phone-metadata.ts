import { metadataForCallingCode, NORTH_AMERICAN_CALLING_CODE, phoneMetadata } from '@gear/domain';
import type { Plugin } from 'vite';

const PHONE_METADATA_MODULE = /[\\/]packages[\\/]domain[\\/]src[\\/]identifiers[\\/]phone-metadata\.ts$/;
const NORTH_AMERICAN_METADATA = '\0gear:north-american-phone-metadata';

/**
 * The domain's phone rule reads North American numbers with libphonenumber-js (decision 0323). Its metadata for every
 * country is 19.6 kB gzipped, in every wizard step; the rule only reads +1 numbers with it, so the browser gets the
 * +1 part (about 1.2 kB), cut from the installed package's own metadata at build time.
 */
export function northAmericanPhoneMetadata(): Plugin {
  return {
    name: 'gear:north-american-phone-metadata',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'libphonenumber-js/min/metadata' && importer && PHONE_METADATA_MODULE.test(importer))
        return NORTH_AMERICAN_METADATA;
      return null;
    },
    load(id) {
      if (id !== NORTH_AMERICAN_METADATA) return null;
      const metadata = metadataForCallingCode(phoneMetadata, NORTH_AMERICAN_CALLING_CODE);
      return `export default ${JSON.stringify(metadata)};`;
    },
  };
}
