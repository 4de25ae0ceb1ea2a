import { compactDxCode, DX_SUGGESTION_LIMIT, looksLikeDxCode } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { suggestableCodes } from './dx-codes.repository.ts';

export interface DxSuggestions {
  results: { code: string; name: string }[];
  omittedResults: number;
}

interface Entry {
  code: string;
  compact: string;
  name: string;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** First index in a sorted array whose value is >= key. */
function lowerBound(values: readonly string[], key: string) {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((values[mid] as string) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Suggestions over the whole code set, in memory: by code (with or without the dot) as a prefix, or by words of
 * the description, every query word matching the start of a description word. Results keep code order.
 */
export class DxCodeIndex {
  private readonly entries: Entry[];
  private readonly compactCodes: string[];
  private readonly words: string[];
  private readonly postings: Uint32Array[];

  constructor(codes: { code: string; description: string }[]) {
    this.entries = codes
      .map((c) => ({ code: c.code, compact: compactDxCode(c.code), name: c.description }))
      .sort((a, b) => (a.compact < b.compact ? -1 : a.compact > b.compact ? 1 : 0));
    this.compactCodes = this.entries.map((e) => e.compact);
    const byWord = new Map<string, number[]>();
    this.entries.forEach((entry, position) => {
      for (const word of new Set(wordsOf(entry.name))) {
        const list = byWord.get(word);
        if (list) list.push(position);
        else byWord.set(word, [position]);
      }
    });
    this.words = [...byWord.keys()].sort();
    this.postings = this.words.map((word) => Uint32Array.from(byWord.get(word) ?? []));
  }

  get size() {
    return this.entries.length;
  }

  search(term: string, limit = DX_SUGGESTION_LIMIT): DxSuggestions {
    const trimmed = term.trim();
    if (!trimmed) return { results: [], omittedResults: 0 };
    const positions = looksLikeDxCode(trimmed) ? this.byCode(trimmed) : this.byWords(trimmed);
    const results = positions.slice(0, limit).map((p) => {
      const entry = this.entries[p] as Entry;
      return { code: entry.code, name: entry.name };
    });
    return { results, omittedResults: Math.max(0, positions.length - limit) };
  }

  private byCode(term: string): number[] {
    const prefix = compactDxCode(term);
    const start = lowerBound(this.compactCodes, prefix);
    const end = lowerBound(this.compactCodes, `${prefix}\uffff`);
    return Array.from({ length: end - start }, (_, i) => start + i);
  }

  private byWords(term: string): number[] {
    const queryWords = [...new Set(wordsOf(term))];
    if (queryWords.length === 0) return [];
    let matches: Uint8Array | null = null;
    for (const query of queryWords) {
      const hits = new Uint8Array(this.entries.length);
      const end = lowerBound(this.words, `${query}\uffff`);
      for (let w = lowerBound(this.words, query); w < end; w++) {
        for (const position of this.postings[w] as Uint32Array) hits[position] = 1;
      }
      if (!matches) {
        matches = hits;
        continue;
      }
      for (let i = 0; i < matches.length; i++) {
        if (!hits[i]) matches[i] = 0;
      }
    }
    const found: number[] = [];
    (matches as Uint8Array).forEach((hit, position) => {
      if (hit) found.push(position);
    });
    return found;
  }
}

const REFRESH_MS = 5 * 60_000;
const indexes = new WeakMap<Db, { index: Promise<DxCodeIndex>; builtAt: number }>();

/** The index of a database's codes, rebuilt at most every 5 minutes (an import elsewhere shows up by then). */
export function dxCodeIndex(db: Db): Promise<DxCodeIndex> {
  const current = indexes.get(db);
  if (current && Date.now() - current.builtAt < REFRESH_MS) return current.index;
  const index = suggestableCodes(db).then((codes) => new DxCodeIndex(codes));
  indexes.set(db, { index, builtAt: Date.now() });
  if (current) {
    index.catch(() => indexes.set(db, current));
    return current.index;
  }
  return index;
}

export const forgetDxCodeIndex = (db: Db) => indexes.delete(db);
